import { describe, expect, it } from "vitest";
import { callApi } from "../support/app";
import { captureWidths, MODES, openPage, untilHydrated } from "../support/browser";
import { giveConsent } from "../support/forms";
import type { RunningServer } from "../support/server";
import type { Browser } from "playwright-core";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/**
 * Issue 40 point 1 in a real browser: the source a family arrives with reaches the stored record
 * through the form itself (hidden fields the server filled), with JavaScript off and on, and a
 * stored page never hands one visitor's source to another.
 */
describe("where each enquiry came from", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;

  siteAndBrowserForFile((site) => ({ server, browser, adminToken } = site));

  const newest = async (path: "/applications" | "/demos") =>
    (
      (await callApi(server.url, `${path}?page=1&limit=1`, { token: adminToken })).body as Array<
        Record<string, unknown>
      >
    )[0]!;

  describe.each(MODES)("$label", ({ javaScript, label }) => {
    it("an application from /apply?utm_source=…&utm_campaign=… keeps them and the heard-about answer", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/apply?utm_source=Newsletter&utm_medium=email&utm_campaign=Diwali-2026");
      if (javaScript) await untilHydrated(page);
      // "Tell us where" shows only once "Other" is chosen: by CSS, so with JavaScript off too.
      const other = page.getByLabel("Tell us where (optional)");
      expect(await other.isVisible()).toBe(false);
      const student = `Source Child ${label}`;
      await page.getByLabel("Student's name").fill(student);
      await page.getByLabel("Date of birth").fill("2018-07-21");
      await page.getByLabel("Grade applying for").selectOption("Grade 2");
      await page.getByLabel("Parent's name").fill("Source Parent");
      await page.getByLabel("Mobile number").fill("98450 12345");
      await page.getByLabel("Email address").fill("source.parent@example.com");
      await page.getByLabel("How did you hear about us? (optional)").selectOption("OTHER");
      expect(await other.isVisible()).toBe(true);
      await other.fill("A poster at the library");
      await giveConsent(page);
      await captureWidths(page, `enquiry-source-apply-${javaScript ? "js" : "nojs"}`);
      await page.getByRole("button", { name: "Submit Application" }).click();

      await expect.poll(async () => (await newest("/applications")).studentName).toBe(student);
      expect(await newest("/applications")).toMatchObject({
        utmSource: "newsletter",
        utmMedium: "email",
        utmCampaign: "diwali-2026",
        referrerHost: null,
        heardAbout: "OTHER",
        heardAboutOther: "A poster at the library",
      });
    });
  });

  it("a demo request sent from another site's link keeps that site, and the heard-about answer", async () => {
    const { page } = await openPage(browser, server, { javaScript: true });
    await page.goto("/book-demo", { referer: "https://www.example-parents-forum.in/threads/online-schools" });
    await untilHydrated(page);
    const parent = "Referred Parent";
    await page.getByLabel("Parent's name").fill(parent);
    await page.getByLabel("Student's name").fill("Referred Child");
    await page.getByLabel("Mobile number").fill("98450 12345");
    await page.getByLabel("Email address").fill("referred@example.com");
    await page.getByLabel("Preferred date and time").fill("Saturday morning");
    await page.getByLabel("How did you hear about us? (optional)").selectOption("FRIEND_OR_FAMILY");
    await giveConsent(page);
    await page.getByRole("button", { name: "Book Free Demo" }).click();

    await expect.poll(async () => (await newest("/demos")).parentName).toBe(parent);
    expect(await newest("/demos")).toMatchObject({
      utmSource: null,
      referrerHost: "www.example-parents-forum.in",
      heardAbout: "FRIEND_OR_FAMILY",
      heardAboutOther: null,
    });
  });

  it("a stored /apply carries no one's source, and a visit with one is answered for itself", async () => {
    const hidden = async (headers: Record<string, string> = {}, path = "/apply") => {
      const answer = await fetch(server.url + path, { headers });
      const html = await answer.text();
      const fields = Object.fromEntries(
        [
          ...html.matchAll(
            /<input type="hidden" name="(utmSource|utmMedium|utmCampaign|referrerHost)" value="([^"]*)"/g,
          ),
        ].map((match) => [match[1], match[2]]),
      );
      return { fields, cacheControl: answer.headers.get("cache-control") };
    };
    // Twice without a source: the second comes from the store.
    expect((await hidden()).fields).toEqual({});
    const stored = await hidden();
    expect(stored.fields).toEqual({});
    expect(stored.cacheControl).toBe("no-cache");

    const fromForum = await hidden({ referer: "https://forum.example/post/1" });
    expect(fromForum.fields).toEqual({ referrerHost: "forum.example" });
    expect(fromForum.cacheControl).toContain("no-store");
    // One step from our own campaign landing page.
    const oneStep = await hidden({ referer: `${server.url}/?utm_source=fb&utm_campaign=x` });
    expect(oneStep.fields).toEqual({ utmSource: "fb", utmCampaign: "x" });
    expect(oneStep.cacheControl).toContain("no-store");
    // Our own page without a campaign: nothing, and the stored copy serves.
    expect(await hidden({ referer: `${server.url}/admissions` })).toEqual({
      fields: {},
      cacheControl: "no-cache",
    });
    // And the store still holds the page without a source.
    expect((await hidden()).fields).toEqual({});
    // A value that is not plain text never breaks the page: cut, stripped, escaped.
    const odd = await hidden({}, `/apply?utm_source=%22%3E%3Cscript%3E%00${"a".repeat(300)}`);
    expect(odd.fields.utmSource).toMatch(/^&quot;&gt;&lt;script&gt;a+$/);
  });
});
