/**
 * Where an enquiry came from (issue 40 point 1): the campaign's `utm_*` values of the address the
 * family arrived on, the referring site's host, and the family's own answer to "How did you hear
 * about us?". Kept on the parent's submission only (applications, demo requests, enrollment
 * orders), carried by the form itself: no cookie follows anyone and no script tracks anyone.
 *
 * Plain data: the forms (browser) and the services read it.
 */

/** The campaign fields as the address names them (`?utm_source=…`); the forms and the API send them as utmSource, utmMedium, utmCampaign. */
export const UTM_FIELDS = ["utm_source", "utm_medium", "utm_campaign"] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

/** The answers of "How did you hear about us?", in the order the form lists them. */
export const HEARD_ABOUT = [
  "SEARCH",
  "SOCIAL_MEDIA",
  "YOUTUBE",
  "WHATSAPP",
  "FRIEND_OR_FAMILY",
  "ADVERTISEMENT",
  "OTHER",
] as const;

/** Longest kept values: a longer campaign value is cut, not refused (the family typed none of it). */
export const SOURCE_LIMITS = {
  utm: 100,
  /** A DNS name's longest. */
  referrerHost: 253,
  /** "Other: …", typed by the family. */
  heardAboutOther: 100,
} as const;

/**
 * The one source an enquiry is counted under in the insights: its campaign's `utm_source`, else
 * the site that sent the family, else "direct" (typed in, a bookmark, an app that hides where it
 * came from). Lower case, so "Facebook" and "facebook" are one source.
 */
export const DIRECT_SOURCE = "direct";
