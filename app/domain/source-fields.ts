import type { FieldSpec } from "./field-spec";
import { SOURCE_LIMITS } from "./enquiry-sources";

/**
 * Where an enquiry came from (issue 40 point 1), as the three forms that make one (application,
 * demo request, enrollment) and their /api calls take it: the campaign's utm values and the
 * referring site (hidden fields the page's loader fills from the landing address), and the
 * family's answer to "How did you hear about us?". Apart from app/domain/forms.ts, so the home
 * page's enrollment dialog renders them without carrying every form's fields. camelCase, as the
 * API names every field; the address keeps the campaign's own `utm_source` (UTM_FIELDS).
 */
const tag = <const Name extends string>(name: Name, what: string, maxLength: number) =>
  ({ name, rule: "sourceTag", what, required: false, maxLength }) as const satisfies FieldSpec;

export const SOURCE_FIELDS = {
  utmSource: tag("utmSource", "the campaign's source", SOURCE_LIMITS.utm),
  utmMedium: tag("utmMedium", "the campaign's medium", SOURCE_LIMITS.utm),
  utmCampaign: tag("utmCampaign", "the campaign's name", SOURCE_LIMITS.utm),
  referrerHost: tag("referrerHost", "the referring site", SOURCE_LIMITS.referrerHost),
  heardAbout: {
    name: "heardAbout",
    rule: "heardAbout",
    what: "how you heard about us",
    required: false,
  },
  heardAboutOther: {
    name: "heardAboutOther",
    rule: "optionalNote",
    what: "where you heard about us",
    required: false,
    maxLength: SOURCE_LIMITS.heardAboutOther,
  },
} as const satisfies Record<string, FieldSpec>;

/** The hidden ones, filled on the server from the landing address (never typed by the family). */
export type SourceTag = "utmSource" | "utmMedium" | "utmCampaign" | "referrerHost";
/** What the landing address said: only the tags it gave. */
export type VisitSource = Partial<Record<SourceTag, string>>;

/** Control, format (zero-width, direction overrides) and lone surrogate characters: never kept. */
const NOT_PLAIN = /[\p{Cc}\p{Cf}\p{Cs}]/gu;

/**
 * A campaign value or host as it is kept, wherever it comes from (the address, a form, the API):
 * NFC, without invisible or control characters, trimmed, cut to `max` (a long campaign name is
 * cut, not refused: the family typed none of it) and lower-cased, so "Facebook" and "facebook"
 * are one source in the insights (DIRECT_SOURCE). Nothing left, or not text: null.
 */
export function cleanSourceTag(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  // Cut by characters (code points), as the column counts them: never half of a pair.
  const trimmed = value.normalize("NFC").replace(NOT_PLAIN, "").trim().toLowerCase();
  const clean = [...trimmed].slice(0, max).join("").trim();
  return clean === "" ? null : clean;
}
