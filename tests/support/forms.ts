import type { Locator, Page } from "playwright-core";
import { BOT_CHECK_FIELDS } from "~/domain/bot-check";
import { PRIVACY_NOTICE_VERSION } from "~/domain/privacy";
import { callApi } from "./app";

/**
 * The consent a page's form posts once its box is ticked (issue 20): "yes" and the privacy
 * notice's version from its hidden field. For posts made without a browser.
 */
export const CONSENT_FIELDS = { consent: "yes", noticeVersion: PRIVACY_NOTICE_VERSION } as const;

/** Ticks the consent box of the form in `scope` (the page, or the form or dialog holding it). */
export const giveConsent = (scope: Page | Locator) =>
  scope.getByRole("checkbox", { name: /privacy notice/ }).check();

/** The bot-check fields of a page's form as a browser would send them: honeypot empty, stamp as served. */
export async function botCheckFields(baseUrl: string, page = "/apply"): Promise<Record<string, string>> {
  const html = await (await fetch(baseUrl + page)).text();
  const stamp = new RegExp(`name="${BOT_CHECK_FIELDS.stamp}" value="([^"]+)"`).exec(html)?.[1];
  if (!stamp) throw new Error(`No bot-check stamp on ${page}`);
  return { [BOT_CHECK_FIELDS.honeypot]: "", [BOT_CHECK_FIELDS.stamp]: stamp };
}

/** Posts url-encoded fields to a page as a form without JavaScript does; redirects are not followed. */
export async function postForm(
  baseUrl: string,
  page: string,
  fields: Record<string, string> | URLSearchParams | string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(baseUrl + page, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body:
      typeof fields === "string" || fields instanceof URLSearchParams ? fields : new URLSearchParams(fields),
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/**
 * Every stored row an admin list holds: `/applications` and `/demos` page through `?page&limit`
 * (a bare call answers only the newest 50), the other lists answer everything at once.
 */
export async function storedRows(
  baseUrl: string,
  path: string,
  token: string,
): Promise<Array<Record<string, unknown>>> {
  if (path !== "/applications" && path !== "/demos")
    return (await callApi(baseUrl, path, { token })).body as Array<Record<string, unknown>>;
  const rows: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page += 1) {
    const batch = (await callApi(baseUrl, `${path}?page=${page}&limit=200`, { token })).body as Array<
      Record<string, unknown>
    >;
    rows.push(...batch);
    if (batch.length < 200) return rows;
  }
}
