import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MAX_CV_BYTES } from "~/domain/limits";
import { MESSAGES } from "~/domain/messages";
import { PAGE_BODY_LIMITS } from "~/server/body-limit.server";
import { makeImage, makePdf, validTeacher } from "../api/helpers";
import { callApi } from "../support/app";
import { giveConsent } from "../support/forms";
import {
  captureWidths,
  expectAccessible,
  MODES,
  openPage,
  registerUser,
  signIn,
  untilHydrated,
} from "../support/browser";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";

type Row = Record<string, any>;

describe("teacher applications", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;

  siteAndBrowserForFile((site) => ({ server, browser, adminToken } = site));

  const stored = async (): Promise<Row[]> =>
    (await callApi(server.url, "/teacher-applications", { token: adminToken })).body as Row[];
  const storedNamed = async (name: string) => (await stored()).find((row) => row.name === name);
  // The first status with words: the admin top bar also holds the search box's (empty) live region.
  const toast = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ }).first();
  const form = (page: Page) => page.locator("#teacher-registration");
  const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
  const cvInput = (page: Page) => field(page, "CV (optional)");

  async function fillTeacher(page: Page, name: string) {
    const teacher = validTeacher();
    await field(page, "Name").fill(name);
    await field(page, "City").fill(teacher.city);
    await field(page, "Mobile number").fill(teacher.mobile);
    await field(page, "Email address").fill(teacher.email);
    await field(page, "Teaching experience").fill(teacher.experience);
    await field(page, "Message").fill(teacher.message);
    await giveConsent(form(page));
  }
  const send = (page: Page) => form(page).getByRole("button", { name: "Send Registration" }).click();
  const pdfFile = (buffer: Buffer, name = "Teacher CV.pdf") => ({
    name,
    mimeType: "application/pdf",
    buffer,
  });

  describe.each(MODES)("$label", ({ javaScript, label }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("a teacher registers without a CV, then with one; a file that is not a PDF is explained", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/teachers");
      await expect
        .poll(() => form(page).getByRole("heading", { name: "Teacher Registration" }).isVisible())
        .toBe(true);
      await captureWidths(page, `teachers-form-${suffix}`);
      if (javaScript) await untilHydrated(page);

      // Without a CV.
      const plain = `Priya Plain ${label}`;
      await fillTeacher(page, plain);
      await send(page);
      await expect.poll(() => toast(page).innerText()).toContain(MESSAGES.teacher.success);
      expect(new URL(page.url()).hash).toBe("#teacher-registration");
      expect(await field(page, "Name").inputValue()).toBe("");
      expect(await storedNamed(plain)).toMatchObject({
        city: "Kochi",
        mobile: "+919847012345",
        status: "NEW",
        hasCv: false,
      });
      await captureWidths(page, `teachers-sent-${suffix}`);

      // A picture named like a PDF: refused beside the CV field, the typed values kept (not the file).
      const wrong = `Priya Wrong ${label}`;
      await fillTeacher(page, wrong);
      await cvInput(page).setInputFiles({
        name: "my-cv.pdf",
        mimeType: "application/pdf",
        buffer: await makeImage("png"),
      });
      await send(page);
      await expect.poll(() => page.locator("#teacher-cv-error").innerText()).toBe(MESSAGES.teacher.cvNotPdf);
      expect(await page.getByRole("alert").first().innerText()).toContain(MESSAGES.teacher.cvNotPdf);
      expect(await cvInput(page).getAttribute("aria-invalid")).toBe("true");
      expect(await field(page, "Name").inputValue()).toBe(wrong);
      expect(await field(page, "Message").inputValue()).toBe(validTeacher().message);
      expect(await cvInput(page).inputValue()).toBe("");
      expect(await storedNamed(wrong)).toBeUndefined();
      await expectAccessible(page);
      await captureWidths(page, `teachers-errors-${suffix}`);

      // With a real PDF: stored with its very bytes.
      const pdf = makePdf(40_000);
      await cvInput(page).setInputFiles(pdfFile(pdf, `CV ${label}.pdf`));
      await send(page);
      // The first send's message may still be on screen: the form emptied is this send's answer.
      await expect.poll(() => field(page, "Name").inputValue()).toBe("");
      await expect.poll(() => toast(page).innerText()).toContain(MESSAGES.teacher.success);
      const withCv = await storedNamed(wrong);
      expect(withCv).toMatchObject({ hasCv: true, cvFileName: `CV ${label}.pdf`, cvSizeBytes: 40_000 });
      const download = await fetch(`${server.url}/api/teacher-applications/${withCv!.id}/cv`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), pdf)).toBe(0);
    });

    it("a CV over 5 MB is refused beside its field (with JavaScript before it is sent)", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/teachers");
      if (javaScript) await untilHydrated(page);
      const name = `Priya Large ${label}`;
      await fillTeacher(page, name);
      await cvInput(page).setInputFiles(pdfFile(makePdf(MAX_CV_BYTES + 1)));
      const tooLarge = MESSAGES.teacher.cvTooLarge(5);
      if (javaScript) {
        // Pointed out at once, and the browser will not send the form until another file is chosen.
        await expect.poll(() => page.locator("#teacher-cv-error").innerText()).toBe(tooLarge);
        await send(page);
        expect(await cvInput(page).evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(
          tooLarge,
        );
        expect(await storedNamed(name)).toBeUndefined();
        await cvInput(page).setInputFiles([]);
        await expect.poll(() => page.locator("#teacher-cv-error").count()).toBe(0);
        await send(page);
        await expect.poll(() => toast(page).innerText()).toContain(MESSAGES.teacher.success);
        expect(await storedNamed(name)).toMatchObject({ hasCv: false });
      } else {
        await send(page);
        await expect.poll(() => page.locator("#teacher-cv-error").innerText()).toBe(tooLarge);
        expect(await field(page, "Name").inputValue()).toBe(name);
        expect(await storedNamed(name)).toBeUndefined();
      }
    });

    it("the admin sees both in Teacher Applications, changes a status and downloads the CV", async () => {
      const teacher = `Meera Admin ${label}`;
      const pdf = makePdf(23_456);
      const form = new FormData();
      for (const [key, value] of Object.entries({ ...validTeacher(), name: teacher }))
        form.append(key, value);
      form.append("cv", new File([new Uint8Array(pdf)], "Meera CV.pdf", { type: "application/pdf" }));
      const created = await callApi(server.url, "/teacher-applications", { form });
      expect(created.status).toBe(201);
      const noCv = `Arjun NoCv ${label}`;
      expect(
        (await callApi(server.url, "/teacher-applications", { json: { ...validTeacher(), name: noCv } }))
          .status,
      ).toBe(201);

      const { context, page } = await openPage(browser, server, { javaScript });
      await signIn(context, server, E2E_ADMIN);
      await page.goto("/admin");
      await page.getByRole("navigation").getByRole("link", { name: "Teacher Applications" }).first().click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/teacher-applications");
      // With JavaScript the address changes a moment before the new page's title is rendered.
      await expect.poll(() => page.title()).toBe("Teacher Applications | Zipat admin");
      const row = page.getByRole("row").filter({ hasText: teacher });
      const rowText = await row.innerText();
      for (const shown of [
        "Kochi",
        "+91 98470 12345",
        validTeacher().email,
        validTeacher().experience,
        "Meera CV.pdf",
      ])
        expect(rowText).toContain(shown);
      expect(await page.getByRole("row").filter({ hasText: noCv }).innerText()).toContain("No CV");

      const select = page.getByLabel(`Status of ${teacher}'s application`);
      expect(await select.inputValue()).toBe("NEW");
      expect(await select.getAttribute("data-tone")).toBe("yellow");
      const save = page.getByRole("button", { name: `Save (Status of ${teacher}'s application)` });
      await expect.poll(() => save.isVisible()).toBe(!javaScript);
      await select.selectOption("SHORTLISTED");
      if (!javaScript) await save.click();
      await expect
        .poll(() => toast(page).innerText())
        .toContain(`${teacher}'s application is now Shortlisted.`);
      expect(await select.getAttribute("data-tone")).toBe("blue");
      await page.reload();
      await expect
        .poll(() => page.getByLabel(`Status of ${teacher}'s application`).inputValue())
        .toBe("SHORTLISTED");
      expect((await storedNamed(teacher))!.status).toBe("SHORTLISTED");
      await expectAccessible(page);
      await captureWidths(page, `admin-teacher-applications-${suffix}`);

      // The CV: a download of the very bytes, never shown as a page.
      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name: `Download CV of ${teacher}` }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe("Meera CV.pdf");
      expect(Buffer.compare(await readFile(await download.path()), pdf)).toBe(0);
      const answer = await context.request.get(`/admin/teacher-applications/${created.body.id}/cv`);
      expect(answer.status()).toBe(200);
      expect(answer.headers()).toMatchObject({
        "content-type": "application/pdf",
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-store",
      });
      expect(answer.headers()["content-disposition"]).toContain('attachment; filename="Meera CV.pdf"');
      expect(answer.headers()["content-security-policy"]).toContain("sandbox");
      expect(Buffer.compare(await answer.body(), pdf)).toBe(0);
    });
  });

  it("a signed-in USER (or anyone signed out) cannot fetch a CV: sent to log in, no byte of it", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(validTeacher())) form.append(key, value);
    form.append("cv", new File([new Uint8Array(makePdf())], "private.pdf", { type: "application/pdf" }));
    const { id } = (await callApi(server.url, "/teacher-applications", { form })).body as { id: number };
    const path = `/admin/teacher-applications/${id}/cv`;

    const parent = await registerUser(server, "Curious Parent");
    const { context, page } = await openPage(browser, server, { javaScript: true });
    await signIn(context, server, parent);
    const refused = await context.request.get(path, { maxRedirects: 0 });
    expect([302, 303]).toContain(refused.status());
    expect(refused.headers().location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    expect((await refused.body()).includes("%PDF")).toBe(false);
    await page.goto(path);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
    expect(await page.content()).not.toContain("%PDF");
    // The API says no as well.
    const token = (await callApi(server.url, "/auth/login", { json: parent })).body.token as string;
    expect((await callApi(server.url, `/teacher-applications/${id}/cv`, { token })).status).toBe(403);
    const anonymous = await fetch(server.url + path, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
  });

  it("a body beyond the CV's limit gets the 413 page saying so, and nothing is stored", async () => {
    const before = (await stored()).length;
    const body = new FormData();
    for (const [key, value] of Object.entries(validTeacher())) body.append(key, value);
    body.append(
      "cv",
      new File([new Uint8Array(PAGE_BODY_LIMITS.cv + 1)], "huge.pdf", { type: "application/pdf" }),
    );
    const answer = await fetch(`${server.url}/teachers`, { method: "POST", body, redirect: "manual" });
    expect(answer.status).toBe(413);
    expect(await answer.text()).toContain(MESSAGES.teacher.cvTooLarge(5).replace("'", "&#x27;"));
    expect((await stored()).length).toBe(before);
  });
});
