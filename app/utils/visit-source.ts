import { UTM_FIELDS, type UtmField } from "~/domain/enquiry-sources";
import { withoutLanguage } from "~/domain/languages";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import { cleanSourceTag, SOURCE_FIELDS, type SourceTag, type VisitSource } from "~/domain/source-fields";

/**
 * Where a visit to a form page came from (issue 40 point 1), read on the server from the request
 * alone: no cookie follows the family and no script runs. The form carries what this finds as
 * hidden fields, so it reaches the record with JavaScript off, and the action checks it again.
 *
 * - The campaign (`utm_source`, `utm_medium`, `utm_campaign`): the page's own address; when that
 *   has none, the address the family came from on this site, one step back (they landed on
 *   `/?utm_source=fb`, then followed "Apply"). A browser's Referer says it: same-origin requests
 *   get the whole address under the default referrer policy.
 * - The referring site: the Referer's host, only when it is another site's; a page of ours is
 *   not where a family came from.
 */

const TAG_OF: Record<UtmField, SourceTag> = {
  utm_source: "utmSource",
  utm_medium: "utmMedium",
  utm_campaign: "utmCampaign",
};

/** The request as both readers have it: the Remix loader (a Request) and the answers' store (Node's headers). */
type Visit = { url: string; host: string | null | undefined; referer: string | null | undefined };

const parse = (address: string | null | undefined, base?: string) => {
  if (!address) return null;
  try {
    return new URL(address, base);
  } catch {
    return null;
  }
};

const hasCampaign = (params: URLSearchParams) => UTM_FIELDS.some((field) => params.has(field));

function campaignOf(params: URLSearchParams): VisitSource {
  const found: VisitSource = {};
  for (const field of UTM_FIELDS) {
    const tag = TAG_OF[field];
    const value = cleanSourceTag(params.get(field), SOURCE_FIELDS[tag].maxLength);
    if (value) found[tag] = value;
  }
  return found;
}

/** The Referer, and whether it is a page of this site (same host as the request's). */
function refererOf({ referer, host }: Visit) {
  const from = parse(referer);
  if (!from || (from.protocol !== "http:" && from.protocol !== "https:")) return null;
  return { url: from, ours: Boolean(host) && from.host.toLowerCase() === host!.toLowerCase() };
}

/** What the visit says of its source: only the tags it gives (none: an empty object). */
export function sourceOfVisit(visit: Visit): VisitSource {
  const own = parse(visit.url, "http://localhost");
  const from = refererOf(visit);
  const campaign =
    own && hasCampaign(own.searchParams)
      ? campaignOf(own.searchParams)
      : from?.ours
        ? campaignOf(from.url.searchParams)
        : {};
  const referrerHost =
    from && !from.ours ? cleanSourceTag(from.url.hostname, SOURCE_FIELDS.referrerHost.maxLength) : null;
  return referrerHost ? { ...campaign, referrerHost } : campaign;
}

/** A Remix loader's request, read as a visit. */
export const sourceOfRequest = (request: Request): VisitSource =>
  sourceOfVisit({
    url: request.url,
    host: request.headers.get("host"),
    referer: request.headers.get("referer"),
  });

const FORM_PAGES: ReadonlySet<string> = new Set([PUBLIC_PAGES.apply.path, PUBLIC_PAGES.bookDemo.path]);

/**
 * Whether the answer to this GET depends on where the visit came from, so it may be neither
 * served from the stored answers nor stored (decision 0017's store keys an answer by its address
 * alone; app/server/public-answers.server.ts asks this). A campaign in the address: on any page
 * (the home page's `?enroll=` dialog included, and each campaign's copy would only crowd the
 * store). A Referer: only on the pages whose form carries it (the application, the demo request,
 * an open enrollment dialog), so a family sent by a search engine still gets every other page
 * from the store.
 */
export function dependsOnSource(visit: Visit): boolean {
  const own = parse(visit.url, "http://localhost");
  if (!own) return false;
  if (hasCampaign(own.searchParams)) return true;
  const showsForm = FORM_PAGES.has(withoutLanguage(own.pathname)) || own.searchParams.has("enroll");
  if (!showsForm) return false;
  const from = refererOf(visit);
  return Boolean(from) && (!from!.ours || hasCampaign(from!.url.searchParams));
}
