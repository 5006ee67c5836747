import { UPDATE_CHOICES_UNREADABLE } from "~/domain/update-choices";
import { and, eq, inArray } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { applications, updateOptOuts } from "../../db/schema";
import { MESSAGES } from "~/domain/messages";
import { ACCOUNT_TEXTS } from "~/domain/texts/account";
import { translator } from "~/domain/translations";
import {
  captureWidths,
  expectAccessible,
  MODES,
  openPage,
  registerUser,
  signIn,
  tamperNextPost,
  untilHydrated,
} from "../support/browser";
import { giveConsent } from "../support/forms";
import { englishTextsOn } from "../support/hindi";
import { step } from "../support/journey";
import { withStoppedServerDatabase, type RunningServer } from "../support/server";
import { siteAndBrowserForFile } from "../support/site-and-browser";

const english = translator(ACCOUNT_TEXTS, "en");
const hindi = translator(ACCOUNT_TEXTS, "hi");
const WHATSAPP_BOX = "Send me updates on WhatsApp";
const SMS_BOX = english("updates.sms");

/**
 * The parent's choice of WhatsApp and SMS updates (issue 39 point 3) in Chromium, with and
 * without JavaScript: the application form's box, unticked unless the parent ticks it, and the
 * profile's switches of both channels, saved and shown as saved. What the switches change in the
 * outbox is proven in tests/api/update-preferences.test.ts.
 */
describe("the parent's choice of updates", () => {
  let server: RunningServer;
  let browser: Browser;

  siteAndBrowserForFile(
    (site) => ({ server, browser } = site),
    // The last test stops the server: with the default 10 s grace its shutdown waited out the
    // browser's open connections (that test 11.7 s, with this 2.1 s). Nothing is in flight then.
    () => ({ SHUTDOWN_GRACE_MS: "500" }),
  );

  /** Each journey's children and number: the last test reads what was stored of them. */
  const sent: { ticked: string; unticked: string; number: string }[] = [];

  const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
  const updatesSection = (page: Page, name = english("updates.heading")) =>
    page.getByRole("region", { name });

  async function applyAs(page: Page, student: string, mobile: string, whatsapp: boolean) {
    await page.getByLabel("Student's name").fill(student);
    await page.getByLabel("Date of birth").fill("2019-04-12");
    await page.getByLabel("Grade applying for").selectOption("Grade 1");
    await page.getByLabel("Parent's name").fill("Kavya Rao");
    await page.getByLabel("Mobile number").fill(mobile);
    await page.getByLabel("Email address").fill("kavya.rao@example.com");
    const box = page.getByLabel(WHATSAPP_BOX);
    // Unticked until the parent ticks it.
    expect(await box.isChecked()).toBe(false);
    if (whatsapp) await box.check();
    await giveConsent(page);
    await page.getByRole("button", { name: "Submit Application" }).click();
  }

  describe.each(MODES)("$label", ({ javaScript }) => {
    const suffix = javaScript ? "js" : "nojs";
    const number = javaScript ? "+919845067890" : "+919845012345";
    const typed = javaScript ? "98450 67890" : "98450 12345";

    it("ticks WhatsApp on /apply, switches WhatsApp and SMS off on /profile and sees them saved; another account with the number cannot switch them on", async () => {
      const { context, page } = await openPage(browser, server, { javaScript });
      await signIn(context, server, await registerUser(server, "Kavya Rao"));
      const children = { ticked: `Ira Ticked ${suffix}`, unticked: `Ved Unticked ${suffix}`, number };
      sent.push(children);

      step("applies twice, signed in: once with the WhatsApp box ticked, once without");
      await page.goto("/apply");
      if (javaScript) await untilHydrated(page);
      await applyAs(page, children.ticked, typed, true);
      await expect.poll(() => toast(page, MESSAGES.application.success).count()).toBe(1);
      await expect.poll(() => page.getByLabel("Student's name").inputValue()).toBe("");
      await applyAs(page, children.unticked, typed, false);
      await expect.poll(() => page.getByLabel("Student's name").inputValue()).toBe("");

      step("the profile shows both channels on for the family's number");
      await page.goto("/profile");
      const section = updatesSection(page);
      // The number's space does not break (a non-breaking space).
      const masked = "+91\u00a0••••••" + number.slice(-4);
      await expect
        .poll(() => section.getByRole("group").locator("legend").innerText())
        .toBe(english("updates.numbers", { numbers: masked }));
      const whatsappBox = section.getByLabel(WHATSAPP_BOX);
      const smsBox = section.getByLabel(SMS_BOX);
      expect(await whatsappBox.isChecked()).toBe(true);
      expect(await smsBox.isChecked()).toBe(true);
      await expectAccessible(page);
      await captureWidths(page, `parent-updates-on-${suffix}`);

      step("a post that is not two boxes is refused, saying so, and changes nothing");
      if (javaScript) await untilHydrated(page);
      await whatsappBox.uncheck();
      await tamperNextPost(page, "/profile", (fields) => fields.set("smsUpdates", "yes"));
      const refused = page.waitForResponse((response) => response.request().method() === "POST");
      await section.getByRole("button", { name: english("updates.save") }).click();
      expect((await refused).status()).toBe(400);
      await expect.poll(() => section.getByRole("alert").innerText()).toBe(UPDATE_CHOICES_UNREADABLE);
      expect(await whatsappBox.isChecked()).toBe(true);

      step("switches both off and sees them saved, also after coming back");
      await whatsappBox.uncheck();
      await smsBox.uncheck();
      await section.getByRole("button", { name: english("updates.save") }).click();
      await expect.poll(() => toast(page, english("updates.saved")).count()).toBe(1);
      expect(await section.getByRole("alert").count()).toBe(0);
      expect(await whatsappBox.isChecked()).toBe(false);
      expect(await smsBox.isChecked()).toBe(false);
      await page.goto("/profile");
      expect(await whatsappBox.isChecked()).toBe(false);
      expect(await smsBox.isChecked()).toBe(false);
      await captureWidths(page, `parent-updates-off-${suffix}`);

      step("the Hindi profile shows the same choices in Hindi");
      await page.goto("/hi/profile");
      const hindiSection = updatesSection(page, hindi("updates.heading"));
      expect(await hindiSection.locator("legend").innerText()).toBe(
        hindi("updates.numbers", { numbers: masked }),
      );
      const hindiBoxes = hindiSection.getByRole("checkbox");
      expect(
        await hindiBoxes.evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).checked)),
      ).toEqual([false, false]);
      expect(await englishTextsOn(page)).toEqual([]);
      await expectAccessible(page);
      await captureWidths(page, `parent-updates-hi-${suffix}`);

      step("another account that gives the same number cannot switch them back on, and is told why");
      await signIn(context, server, await registerUser(server, "Someone Else"));
      await page.goto("/apply");
      if (javaScript) await untilHydrated(page);
      await applyAs(page, `Stranger ${suffix}`, typed, true);
      await expect.poll(() => toast(page, MESSAGES.application.success).count()).toBe(1);
      await page.goto("/profile");
      const held = english("updates.offByAnother", { numbers: masked });
      expect(await section.getByText(held).count()).toBe(2);
      expect(await whatsappBox.isChecked()).toBe(false);
      expect(await smsBox.isChecked()).toBe(false);
      if (javaScript) await untilHydrated(page);
      await whatsappBox.check();
      await smsBox.check();
      await section.getByRole("button", { name: english("updates.save") }).click();
      await expect.poll(() => toast(page, english("updates.saved")).count()).toBe(1);
      await page.goto("/profile");
      expect(await whatsappBox.isChecked()).toBe(false);
      expect(await smsBox.isChecked()).toBe(false);
      expect(await section.getByText(held).count()).toBe(2);
      await expectAccessible(page);
      await captureWidths(page, `parent-updates-held-${suffix}`);
      await page.goto("/hi/profile");
      expect(await hindiSection.getByText(hindi("updates.offByAnother", { numbers: masked })).count()).toBe(
        2,
      );
      expect(await englishTextsOn(page)).toEqual([]);
      await captureWidths(page, `parent-updates-held-hi-${suffix}`);
    });
  });

  // Last: it stops the server.
  it("stored the ticked box's time, none for the unticked one, and the profile's opt-outs", async () => {
    expect(sent).toHaveLength(2);
    const stored = await withStoppedServerDatabase(server, async (db) => ({
      records: await db
        .select({ student: applications.studentName, at: applications.whatsappUpdatesAt })
        .from(applications)
        .where(
          inArray(
            applications.studentName,
            sent.flatMap(({ ticked, unticked }) => [ticked, unticked]),
          ),
        ),
      optOuts: await db
        .select({ number: updateOptOuts.toNumber, channel: updateOptOuts.channel })
        .from(updateOptOuts)
        .where(
          and(
            inArray(
              updateOptOuts.toNumber,
              sent.map(({ number }) => number),
            ),
            eq(updateOptOuts.source, "profile"),
          ),
        ),
    }));
    for (const { ticked, unticked, number } of sent) {
      const at = stored.records.find((record) => record.student === ticked)?.at;
      expect(at, ticked).toBeInstanceOf(Date);
      expect(Date.now() - at!.getTime()).toBeLessThan(10 * 60_000);
      expect(stored.records.find((record) => record.student === unticked)).toEqual({
        student: unticked,
        at: null,
      });
      expect(
        stored.optOuts
          .filter((optOut) => optOut.number === number)
          .map((optOut) => optOut.channel)
          .sort(),
      ).toEqual(["SMS", "WHATSAPP"]);
    }
  });
});
