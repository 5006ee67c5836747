import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "~/domain/messages";
import { makeImage, multipart } from "../api/helpers";
import { callApi } from "../support/app";
import { captureWidths, expectAccessible, MODES, openPage, signIn } from "../support/browser";
import { step } from "../support/journey";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/**
 * Issue 19: staff describe a post's or course's image in its form, and the public pages use the
 * description as the picture's alt; a record without one (older content) has its title there.
 */
type Stored = { id: number; title: string; imageUrl: string | null; imageAlt: string | null };

type Kind = {
  name: string;
  listPath: "/admin/blog" | "/admin/courses";
  apiPath: "/blog" | "/courses";
  addButton: string;
  messages: { created: string; updated: string; saveFailed: string };
  /** Types the text fields of the open form, the image description aside. */
  fill(dialog: Locator, title: string): Promise<void>;
  fields(title: string): Record<string, string>;
  /** Every picture of the record on the public pages: its own page and the cards that show it. */
  publicImages(page: Page, id: number): Promise<Array<{ where: string; alt: string | null }>>;
};

const altOf = async (where: string, image: Locator) => {
  await expect.poll(() => image.count(), { message: where }).toBe(1);
  return { where, alt: await image.getAttribute("alt") };
};

const KINDS: Kind[] = [
  {
    name: "blog post",
    listPath: "/admin/blog",
    apiPath: "/blog",
    addButton: "Add post",
    messages: MESSAGES.blog,
    async fill(dialog, title) {
      await dialog.getByLabel("Title", { exact: true }).fill(title);
      await dialog.getByLabel("Category").fill("School Life");
      await dialog.getByLabel("Description", { exact: true }).fill("Our Grade 3 class planted a garden.");
    },
    fields: (title) => ({ title, category: "Events", description: "Sports day, online and joyful." }),
    async publicImages(page, id) {
      const card = (scope: Locator) =>
        scope.locator("article", { has: page.locator(`a[href="/blog/${id}"]`) });
      await page.goto(`/blog/${id}`);
      const own = await altOf("post page", page.locator("main article > img"));
      await page.goto("/blog");
      const listed = await altOf("blog card", card(page.locator("main")).locator("img"));
      await page.goto("/");
      const latest = await altOf("home card", card(page.locator("main")).locator("img"));
      return [own, listed, latest];
    },
  },
  {
    name: "course",
    listPath: "/admin/courses",
    apiPath: "/courses",
    addButton: "Add course",
    messages: MESSAGES.courses,
    async fill(dialog, title) {
      await dialog.getByLabel("Title", { exact: true }).fill(title);
      await dialog.getByLabel("Description", { exact: true }).fill("Stories, songs and first words.");
    },
    fields: (title) => ({ title, description: "Numbers, shapes and puzzles for curious minds." }),
    async publicImages(page, id) {
      await page.goto(`/courses/${id}`);
      const own = await altOf("course dialog", page.getByRole("dialog").locator("img"));
      await page.goto("/courses");
      const listed = await altOf("course card", page.locator(`article#course-${id} img`));
      return [own, listed];
    },
  },
];

/** Text a careless or curious editor might type: shown as text, never as markup. */
const MARKUP = `A balcony garden <img src=x onerror="document.title='owned'"> & "sunflowers"`;

describe("image descriptions", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;
  let folder: string;
  let png: string;
  let pngBytes: Buffer;

  siteAndBrowserForFile((site) => ({ server, browser, adminToken } = site));
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "zipat-image-alt-"));
    pngBytes = await makeImage("png", "#2a7", 60);
    png = path.join(folder, "garden.png");
    await writeFile(png, pngBytes);
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  const stored = async (kind: Kind, id: number) =>
    (await callApi(server.url, `${kind.apiPath}/${id}`)).body as Stored;
  async function storedByTitle(kind: Kind, title: string) {
    const answer = await callApi(server.url, kind.apiPath === "/blog" ? "/blog?limit=100" : "/courses");
    const all = (kind.apiPath === "/blog" ? answer.body.posts : answer.body) as Stored[];
    return all.find((record) => record.title === title);
  }

  async function openedDialog(page: Page, name: string, javaScript: boolean) {
    const dialog = page.getByRole("dialog", { name });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    if (javaScript)
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("role")))
        .toBe("dialog");
    return dialog;
  }

  /** Submits the open form and waits until its answer replaced it (see admin-content.test.ts). */
  async function submitAndWait(page: Page, dialog: Locator, button: string) {
    await dialog.locator("form").evaluate((form) => form.setAttribute("data-answered", "not yet"));
    await dialog.getByRole("button", { name: button }).click();
    await expect.poll(() => page.locator("form[data-answered]").count()).toBe(0);
    await page.waitForLoadState("load");
  }

  const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

  describe.each(MODES)("$label", ({ javaScript, label }) => {
    const suffix = javaScript ? "js" : "nojs";

    describe.each(KINDS)("$name", (kind) => {
      const slug = kind.listPath.slice("/admin/".length);

      it("adds a description in the form, keeps it through a failed save, and the public pages use it as the alt", async () => {
        const opened = await openPage(browser, server, { javaScript });
        await signIn(opened.context, server, E2E_ADMIN);
        const { page } = opened;

        step("opens the new form");
        await page.goto(`${kind.listPath}/new`);
        const dialog = await openedDialog(page, `New ${kind.name}`, javaScript);
        const description = dialog.getByLabel("Image description");
        expect(await description.getAttribute("maxlength")).toBe("250");
        expect(await description.getAttribute("required")).toBeNull();
        expect(await dialog.getByText("Leave empty to use the title.", { exact: false }).isVisible()).toBe(
          true,
        );

        step("sends it with a blank title: the server names the title and keeps the description");
        const title = `Balcony garden ${kind.name} ${label}`;
        await kind.fill(dialog, title);
        await dialog.getByLabel("Title", { exact: true }).fill("   ");
        await description.fill(MARKUP);
        await dialog.getByLabel(/^Image( \(optional\))?$/).setInputFiles(png);
        await submitAndWait(page, dialog, kind.addButton);
        expect(await page.locator("#field-title-error").textContent()).toBe("Please enter a title.");
        expect(await dialog.getByLabel("Image description").inputValue()).toBe(MARKUP);
        await expectAccessible(page);
        await dialog.getByLabel("Image description").scrollIntoViewIfNeeded();
        await captureWidths(page, `admin-${slug}-image-description-${suffix}`, { fullPage: false });

        step("saves it");
        await dialog.getByLabel("Title", { exact: true }).fill(title);
        await dialog.getByLabel(/^Image( \(optional\))?$/).setInputFiles(png);
        await dialog.getByRole("button", { name: kind.addButton }).click();
        await expect.poll(() => toast(page, kind.messages.created).count()).toBe(1);
        const record = (await storedByTitle(kind, title))!;
        expect(record.imageAlt).toBe(MARKUP);

        step("finds it as the alt of every public picture of the record");
        const images = await kind.publicImages(page, record.id);
        expect(images.map(({ alt }) => alt)).toEqual(images.map(() => MARKUP));
        // Text, not markup: no picture the editor typed, nothing run.
        expect(await page.locator('img[src="x"]').count()).toBe(0);
        expect(await page.title()).not.toBe("owned");

        step("empties it in the edit form: the title stands in again");
        await page.goto(`${kind.listPath}/${record.id}/edit`);
        const edited = await openedDialog(page, `Edit ${kind.name}`, javaScript);
        expect(await edited.getByLabel("Image description").inputValue()).toBe(MARKUP);
        await edited.getByLabel("Image description").fill("");
        await submitAndWait(page, edited, "Save changes");
        expect(await toast(page, kind.messages.updated).count()).toBe(1);
        expect((await stored(kind, record.id)).imageAlt).toBeNull();
        const cleared = await kind.publicImages(page, record.id);
        expect(cleared.map(({ alt }) => alt)).toEqual(cleared.map(() => title));
      });

      it("gives a record without a description (older content) its title as the alt, and an empty field to edit", async () => {
        const title = `Older ${kind.name} ${label}`;
        const created = await callApi(server.url, kind.apiPath, {
          token: adminToken,
          form: multipart(kind.fields(title), { bytes: pngBytes, name: "cover.png", type: "image/png" }),
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const record = created.body as Stored;
        expect(record.imageAlt).toBeNull();

        const { page, context } = await openPage(browser, server, { javaScript });
        const images = await kind.publicImages(page, record.id);
        expect(images.map(({ alt }) => alt)).toEqual(images.map(() => title));

        await signIn(context, server, E2E_ADMIN);
        await page.goto(`${kind.listPath}/${record.id}/edit`);
        const edited = await openedDialog(page, `Edit ${kind.name}`, javaScript);
        expect(await edited.getByLabel("Image description").inputValue()).toBe("");
      });
    });
  });
});
