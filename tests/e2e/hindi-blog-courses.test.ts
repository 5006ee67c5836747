import type { Browser, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { switchHref } from "~/components/layout/language-switch";
import { SCHOOL } from "~/domain/brand";
import { formatDate } from "~/domain/format";
import { BLOG_TEXTS } from "~/domain/texts/blog";
import { CONTENT_TEXTS } from "~/domain/texts/content";
import { COURSES_TEXTS } from "~/domain/texts/courses";
import { SITE_TEXTS } from "~/domain/texts/site";
import { translator } from "~/domain/translations";
import { callApi } from "../support/app";
import {
  captureWidths,
  expectAccessible,
  MODES,
  openPage,
  registerUser,
  signIn,
  untilHydrated,
} from "../support/browser";
import { englishTextsOn, expectNoOverflow } from "../support/hindi";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/** What a Hindi page says, from the texts themselves. */
const blog = translator(BLOG_TEXTS, "hi");
const catalogue = translator(COURSES_TEXTS, "hi");
const content = translator(CONTENT_TEXTS, "hi");
const site = translator(SITE_TEXTS, "hi");

/** As the API answers them (the API is English only: decision 0047). */
type Post = { id: number; title: string; category: string; description: string; createdAt: string };
type BlogPage = { posts: Post[]; totalPages: number; currentPage: number };
type Course = { id: number; title: string; description: string; isLiked: boolean; _count: { likes: number } };

describe("the blog and the courses in Hindi (/hi/blog, /hi/courses)", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;

  siteAndBrowserForFile((site) => ({ server, browser, adminToken } = site));

  const blogPage = async (page: number) => (await callApi(server.url, `/blog?page=${page}`)).body as BlogPage;
  const courses = async (token?: string) =>
    (await callApi(server.url, "/courses", { token })).body as Course[];
  const courseNamed = async (title: string, token?: string) =>
    (await courses(token)).find((course) => course.title === title)!;
  const path = (page: Page) => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  };
  /** The language an element's text is read in: its own `lang` or its nearest ancestor's. */
  const languageOf = (element: Locator) =>
    element.evaluate((node) => node.closest("[lang]")?.getAttribute("lang") ?? null);

  /**
   * A Hindi page: `<html lang="hi">`, every interface text Hindi (what staff wrote is marked
   * lang="en"), axe finds nothing serious, nothing overflows at 390 or 1280 px.
   */
  async function expectHindiPage(page: Page, screenshot: string, options?: { fullPage?: boolean }) {
    expect(await page.locator("html").getAttribute("lang")).toBe("hi");
    expect(await englishTextsOn(page)).toEqual([]);
    await expectAccessible(page);
    await captureWidths(page, screenshot, options);
    await expectNoOverflow(page);
  }

  it("sends a mistyped or past-the-end page number to a Hindi page of the blog", async () => {
    const location = async (query: string) => {
      const answer = await fetch(`${server.url}/hi/blog${query}`, { redirect: "manual" });
      return { status: answer.status, location: answer.headers.get("location") };
    };
    for (const bad of ["abc", "0", "1.5"])
      expect(await location(`?page=${bad}`), bad).toEqual({ status: 302, location: "/hi/blog" });
    const { totalPages } = await blogPage(1);
    expect(await location("?page=99")).toEqual({ status: 302, location: `/hi/blog?page=${totalPages}` });
    // A like's address visited as a page lands on the course, in Hindi too.
    const [course] = await courses();
    const like = await fetch(`${server.url}/hi/courses/${course!.id}/like`, { redirect: "manual" });
    expect([like.status, like.headers.get("location")]).toEqual([302, `/hi/courses/${course!.id}`]);
  });

  /**
   * Reading a page is read once, without JavaScript (the words are the server's in both modes;
   * hydration keeping them is proven by the Hindi form and home journeys); what JavaScript changes
   * (the course dialog, likes) runs in both modes. Staff's Hindi: the post's form without
   * JavaScript, the course's with it. CI's 20 minutes have no room for the same page read twice.
   */
  describe.each(MODES)("$label", ({ javaScript }) => {
    const suffix = javaScript ? "js" : "nojs";
    const ready = async (page: Page) => {
      if (javaScript) await untilHydrated(page);
    };
    const pager = (page: Page) => page.getByRole("navigation", { name: blog("pager.label") });
    const cardTitles = (page: Page) => page.locator("main article h2").allInnerTexts();

    if (!javaScript)
      it("lists the posts in Hindi: the posts as staff wrote them marked English, dates and pager in Hindi", async () => {
        const [first, second] = await Promise.all([blogPage(1), blogPage(2)]);
        const { page } = await openPage(browser, server, { javaScript });
        await page.goto("/hi/blog");
        await ready(page);
        expect(await page.title()).toBe(blog("meta.title", { school: SCHOOL.name }));
        expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(
          blog("meta.description", { fullName: SCHOOL.fullName }),
        );
        expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(blog("title"));
        expect(await cardTitles(page)).toEqual(first.posts.map((post) => post.title));

        const card = page.locator("main article").first();
        const [newest] = first.posts;
        expect(await languageOf(card.getByRole("heading"))).toBe("en");
        expect(await languageOf(card.getByText(newest!.category, { exact: true }))).toBe("en");
        expect(await languageOf(card.locator("img"))).toBe("en");
        expect(await card.locator("time").innerText()).toBe(formatDate(newest!.createdAt, "hi"));
        expect(await languageOf(card.locator("time"))).toBe("hi");
        expect(await card.getByRole("link").getAttribute("href")).toBe(`/hi/blog/${newest!.id}`);

        const feed = page.getByRole("link", { name: blog("feed") });
        expect(await feed.getAttribute("href")).toBe("/blog/feed.xml");
        expect(await feed.getAttribute("hreflang")).toBe("en");
        expect(await pager(page).innerText()).toContain(blog("pager.status", { page: 1, pages: 2 }));
        const previous = pager(page).getByRole("link", { name: blog("pager.previous") });
        expect(await previous.getAttribute("aria-disabled")).toBe("true");
        await expectHindiPage(page, `hindi-blog-list-${suffix}`);

        await pager(page)
          .getByRole("link", { name: blog("pager.next") })
          .click();
        await expect.poll(() => path(page)).toBe("/hi/blog?page=2");
        await expect.poll(() => cardTitles(page)).toEqual(second.posts.map((post) => post.title));
        expect(await page.title()).toBe(blog("meta.titlePage", { page: 2, school: SCHOOL.name }));
        expect(await pager(page).innerText()).toContain(blog("pager.status", { page: 2, pages: 2 }));
        await expectHindiPage(page, `hindi-blog-page-2-${suffix}`);

        await ready(page);
        await pager(page)
          .getByRole("link", { name: blog("pager.previous") })
          .click();
        await expect.poll(() => path(page)).toBe("/hi/blog");
      });

    if (!javaScript)
      it("reads a post in Hindi: the post as written (lang en), its date in Hindi, back to /hi/blog", async () => {
        const [post] = (await blogPage(1)).posts;
        const { page } = await openPage(browser, server, { javaScript });
        await page.goto("/hi/blog");
        await ready(page);
        await page.getByRole("link", { name: post!.title }).click();
        await expect.poll(() => path(page)).toBe(`/hi/blog/${post!.id}`);
        const heading = page.getByRole("heading", { level: 1 });
        await expect.poll(() => heading.innerText()).toBe(post!.title);
        expect(await page.title()).toBe(blog("meta.post", { title: post!.title, school: SCHOOL.name }));
        expect(await languageOf(heading)).toBe("en");
        const article = page.locator("main article");
        for (const paragraph of post!.description.split("\n\n")) {
          const shown = article.getByText(paragraph, { exact: true });
          expect(await shown.count()).toBe(1);
          expect(await languageOf(shown)).toBe("en");
        }
        expect(await article.locator("time").innerText()).toBe(formatDate(post!.createdAt, "hi"));
        expect(await languageOf(article.locator("time"))).toBe("hi");
        expect(await languageOf(article.locator("img"))).toBe("en");
        // The language switch offers the same post in English.
        const inEnglish = switchHref("en", `/hi/blog/${post!.id}`);
        expect(await page.locator(`a[href="${inEnglish}"]`).count()).toBeGreaterThan(0);
        await expectHindiPage(page, `hindi-blog-post-${suffix}`);

        await ready(page);
        await page.getByRole("link", { name: blog("back") }).click();
        await expect.poll(() => path(page)).toBe("/hi/blog");
      });

    if (!javaScript)
      it("says in Hindi that a post is not there, inside the Hindi site", async () => {
        const { page } = await openPage(browser, server, { javaScript });
        for (const address of ["/hi/blog/999999", "/hi/blog/abc"]) {
          const answer = await page.goto(address);
          expect(answer?.status(), address).toBe(404);
          expect(await page.getByRole("heading", { level: 1 }).innerText(), address).toBe(
            blog("notFound.title"),
          );
          expect(await page.title()).toBe(blog("meta.notFoundTitle", { school: SCHOOL.name }));
        }
        await expectHindiPage(page, `hindi-blog-not-found-${suffix}`);
        await ready(page);
        await page.getByRole("link", { name: blog("back") }).click();
        await expect.poll(() => path(page)).toBe("/hi/blog");
      });

    it("shows the catalogue in Hindi and opens a course's dialog by click and by address", async () => {
      const all = await courses();
      const course = all.find((each) => each.title === "Mathematics")!;
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/hi/courses");
      await ready(page);
      expect(await page.title()).toBe(catalogue("meta.title", { school: SCHOOL.name }));
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(catalogue("title"));
      expect(await cardTitles(page)).toEqual(all.map((each) => each.title));
      const card = page.locator(`#course-${course.id}`);
      expect(await languageOf(card.getByRole("heading"))).toBe("en");
      expect(await languageOf(card.locator("img"))).toBe("en");
      const likes = course._count.likes;
      expect(await card.innerText()).toContain(catalogue("likes", { count: likes }));
      expect(await card.innerText()).toContain(catalogue("readMore"));
      const like = card.getByRole("button", { name: catalogue("like", { title: course.title }) });
      expect(await like.getAttribute("aria-pressed")).toBe("false");
      await expectHindiPage(page, `hindi-courses-${suffix}`);

      await card.getByRole("link", { name: course.title, exact: true }).click();
      await expect.poll(() => path(page)).toBe(`/hi/courses/${course.id}`);
      const dialog = page.getByRole("dialog", { name: course.title });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      const description = dialog.getByText(course.description, { exact: true });
      expect(await description.isVisible()).toBe(true);
      expect(await languageOf(description)).toBe("en");
      const name = dialog
        .getByRole("heading", { name: course.title })
        .getByText(course.title, { exact: true });
      expect(await languageOf(name)).toBe("en");
      expect(
        await dialog.getByRole("button", { name: catalogue("like", { title: course.title }) }).isVisible(),
      ).toBe(true);
      expect(await page.title()).toBe(catalogue("meta.course", { title: course.title, school: SCHOOL.name }));
      await expectHindiPage(page, `hindi-course-dialog-${suffix}`, { fullPage: false });

      await ready(page);
      await dialog.getByRole("link", { name: site("dialog.close") }).click();
      await expect.poll(() => path(page)).toBe("/hi/courses");
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

      const direct = await page.goto(`/hi/courses/${course.id}`);
      expect(direct?.status()).toBe(200);
      expect(await dialog.isVisible()).toBe(true);

      const missing = await page.goto("/hi/courses/999999");
      expect(missing?.status()).toBe(404);
      const notFound = page.getByRole("dialog", { name: catalogue("notFound.title") });
      expect(await notFound.isVisible()).toBe(true);
      expect(await page.title()).toBe(catalogue("meta.notFoundTitle", { school: SCHOOL.name }));
      await expectHindiPage(page, `hindi-course-not-found-${suffix}`, { fullPage: false });
      await ready(page);
      await notFound.getByRole("link", { name: catalogue("seeAll") }).click();
      await expect.poll(() => path(page)).toBe("/hi/courses");
    });

    it("sends a like from a visitor who is not signed in to the Hindi login page, coming back to /hi/courses", async () => {
      const course = await courseNamed("Coding for Kids");
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/hi/courses");
      await ready(page);
      await page.getByRole("button", { name: catalogue("like", { title: course.title }) }).click();
      await expect.poll(() => path(page)).toBe(`/hi/login?redirectTo=${encodeURIComponent("/hi/courses")}`);
      expect(await page.locator("html").getAttribute("lang")).toBe("hi");
      expect((await courseNamed(course.title))._count.likes).toBe(course._count.likes);
    });

    it("likes and unlikes a course signed in as a parent, staying on /hi/courses, stored for that parent", async () => {
      const course = await courseNamed(javaScript ? "Science Explorers" : "Music & Dance");
      const { context, page } = await openPage(browser, server, { javaScript });
      const token = await signIn(context, server, await registerUser(server, "Sunita Sharma"));
      const base = course._count.likes;
      const card = page.locator(`#course-${course.id}`);
      const button = card.getByRole("button", { name: catalogue("like", { title: course.title }) });
      const here = javaScript ? "/hi/courses" : `/hi/courses#course-${course.id}`;

      await page.goto("/hi/courses");
      await ready(page);
      await button.click();
      await expect.poll(() => button.getAttribute("aria-pressed")).toBe("true");
      await expect.poll(() => card.innerText()).toContain(catalogue("likes", { count: base + 1 }));
      await expect.poll(async () => (await courseNamed(course.title, token)).isLiked).toBe(true);
      expect(path(page) + new URL(page.url()).hash).toBe(here);
      expect(await page.locator("html").getAttribute("lang")).toBe("hi");
      await expectHindiPage(page, `hindi-courses-liked-${suffix}`, { fullPage: false });

      // In the dialog too: the like's way back is the dialog's Hindi address.
      await page.goto(`/hi/courses/${course.id}`);
      await ready(page);
      const dialog = page.getByRole("dialog", { name: course.title });
      const inDialog = dialog.getByRole("button", { name: catalogue("like", { title: course.title }) });
      await inDialog.click();
      await expect.poll(() => inDialog.getAttribute("aria-pressed")).toBe("false");
      await expect.poll(async () => (await courseNamed(course.title, token)).isLiked).toBe(false);
      expect((await courseNamed(course.title))._count.likes).toBe(base);
      expect(path(page)).toBe(`/hi/courses/${course.id}`);
    });
  });

  // After the journeys above, which compare the cards with the English the API answers.
  describe.each(MODES)("a post's and a course's own Hindi, written by staff ($label)", ({ javaScript }) => {
    const suffix = javaScript ? "js" : "nojs";
    const ready = async (page: Page) => {
      if (javaScript) await untilHydrated(page);
    };
    const hindiTitle = `खेल दिवस की तैयारी (${suffix})`;
    const hindiText = "बच्चों ने घर से ही दौड़ की तैयारी की।\n\nहर अभिभावक ने फ़ोन पर नतीजे देखे।";
    const hindiName = `गणित का मज़ा (${suffix})`;
    const hindiDescription = "गिनती, आकार और पहेलियाँ, खेल-खेल में।";

    /** Opens the admin's edit form of a record, signed in as the school's admin. */
    async function editForm(page: Page, address: string) {
      await page.goto(address);
      await ready(page);
      const dialog = page.getByRole("dialog");
      await expect.poll(() => dialog.isVisible()).toBe(true);
      return dialog;
    }
    /** Submits the open form and waits for the list it goes back to (or the form again). */
    async function save(page: Page, dialog: Locator) {
      await dialog.locator("form").evaluate((form) => form.setAttribute("data-answered", "not yet"));
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await expect.poll(() => page.locator("form[data-answered]").count(), { timeout: 30_000 }).toBe(0);
      await page.waitForLoadState("load");
    }

    if (!javaScript)
      it("adds a post's Hindi in the admin; /hi/blog/:id shows it (lang hi), /blog/:id the English", async () => {
        const post = (await blogPage(1)).posts[javaScript ? 1 : 2]!;
        const staff = await openPage(browser, server, { javaScript });
        await signIn(staff.context, server, E2E_ADMIN);
        let dialog = await editForm(staff.page, `/admin/blog/${post.id}/edit`);
        const title = dialog.getByLabel("Hindi title (optional)");
        const text = dialog.getByLabel("Hindi description (optional)");
        expect(await title.getAttribute("lang")).toBe("hi");
        expect(await text.getAttribute("lang")).toBe("hi");
        expect(await title.inputValue()).toBe("");

        // A title without its text is refused beside the missing field; nothing is stored.
        await title.fill(hindiTitle);
        await save(staff.page, dialog);
        dialog = staff.page.getByRole("dialog");
        expect(await dialog.innerText()).toContain(
          "Please enter the Hindi description as well, or leave the Hindi title empty.",
        );
        expect(await dialog.getByLabel("Hindi title (optional)").inputValue()).toBe(hindiTitle);
        await captureWidths(staff.page, `hindi-admin-post-refused-${suffix}`, { fullPage: false });

        await dialog.getByLabel("Hindi description (optional)").fill(hindiText);
        await save(staff.page, dialog);
        expect(new URL(staff.page.url()).pathname).toBe("/admin/blog");

        const { page } = await openPage(browser, server, { javaScript });
        await page.goto(`/hi/blog/${post.id}`);
        await ready(page);
        const heading = page.getByRole("heading", { level: 1 });
        expect(await heading.innerText()).toBe(hindiTitle);
        expect(await languageOf(heading)).toBe("hi");
        expect(await page.title()).toBe(blog("meta.post", { title: hindiTitle, school: SCHOOL.name }));
        const article = page.locator("main article");
        for (const paragraph of hindiText.split("\n\n")) {
          const shown = article.getByText(paragraph, { exact: true });
          expect(await shown.count()).toBe(1);
          expect(await languageOf(shown)).toBe("hi");
        }
        expect(await article.innerText()).not.toContain(post.description.split("\n\n")[0]);
        // The category stays as staff wrote it, English, and says so.
        expect(await languageOf(article.getByText(post.category, { exact: true }))).toBe("en");
        await expectHindiPage(page, `hindi-blog-post-in-hindi-${suffix}`);

        await page.goto(`/blog/${post.id}`);
        expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(post.title);
        expect(await page.locator("main article").innerText()).not.toContain(hindiTitle);

        // Its card on the Hindi list (and the home page's) shows the Hindi too.
        await page.goto(javaScript ? "/hi/blog" : "/hi");
        const card = page.locator("main article").filter({ hasText: hindiTitle });
        expect(await card.count()).toBe(1);
        expect(await languageOf(card.getByRole("heading"))).toBe("hi");
        expect(await languageOf(card.getByText(post.category, { exact: true }))).toBe("en");
        expect(await englishTextsOn(page)).toEqual([]);
        // The API's post is as it was: English only.
        expect(await callApi(server.url, `/blog/${post.id}`)).toMatchObject({
          status: 200,
          body: { title: post.title },
        });
      });

    if (javaScript)
      it("adds a course's Hindi in the admin; /hi/courses and its dialog show it, /courses the English", async () => {
        const course = await courseNamed(javaScript ? "Mathematics" : "English & Phonics");
        const staff = await openPage(browser, server, { javaScript });
        await signIn(staff.context, server, E2E_ADMIN);
        const dialog = await editForm(staff.page, `/admin/courses/${course.id}/edit`);
        await dialog.getByLabel("Hindi title (optional)").fill(hindiName);
        await dialog.getByLabel("Hindi description (optional)").fill(hindiDescription);
        await captureWidths(staff.page, `hindi-admin-course-${suffix}`, { fullPage: false });
        await save(staff.page, dialog);
        expect(new URL(staff.page.url()).pathname).toBe("/admin/courses");

        const { page } = await openPage(browser, server, { javaScript });
        await page.goto("/hi/courses");
        await ready(page);
        const card = page.locator(`#course-${course.id}`);
        expect(await card.getByRole("heading").innerText()).toBe(hindiName);
        expect(await languageOf(card.getByRole("heading"))).toBe("hi");
        expect(await languageOf(card.getByText(hindiDescription, { exact: true }))).toBe("hi");
        expect(
          await card.getByRole("button", { name: catalogue("like", { title: hindiName }) }).count(),
        ).toBe(1);
        await expectHindiPage(page, `hindi-courses-in-hindi-${suffix}`);

        await card.getByRole("link", { name: hindiName, exact: true }).click();
        await expect.poll(() => path(page)).toBe(`/hi/courses/${course.id}`);
        const shown = page.getByRole("dialog", { name: hindiName });
        await expect.poll(() => shown.isVisible()).toBe(true);
        expect(await languageOf(shown.getByText(hindiDescription, { exact: true }))).toBe("hi");
        expect(await page.title()).toBe(catalogue("meta.course", { title: hindiName, school: SCHOOL.name }));
        await expectHindiPage(page, `hindi-course-dialog-in-hindi-${suffix}`, { fullPage: false });

        await page.goto(`/courses/${course.id}`);
        expect(await page.getByRole("dialog", { name: course.title }).isVisible()).toBe(true);
        expect(await page.locator("main").innerText()).not.toContain(hindiName);
      });
  });

  describe("after every post and course is deleted", () => {
    beforeAll(async () => {
      const { posts } = (await callApi(server.url, "/blog?page=1&limit=100")).body as BlogPage;
      for (const post of posts) {
        const answer = await callApi(server.url, `/blog/${post.id}`, { method: "DELETE", token: adminToken });
        expect(answer.status).toBeLessThan(300);
      }
      for (const course of await courses()) {
        const answer = await callApi(server.url, `/courses/${course.id}`, {
          method: "DELETE",
          token: adminToken,
        });
        expect(answer.status).toBeLessThan(300);
      }
    });

    describe.each(MODES)("$label", ({ javaScript }) => {
      const suffix = javaScript ? "js" : "nojs";

      if (!javaScript)
        it("says in Hindi that there are no posts yet, with a way home", async () => {
          const { page } = await openPage(browser, server, { javaScript });
          await page.goto("/hi/blog?page=2");
          expect(path(page)).toBe("/hi/blog");
          expect(await page.getByRole("heading", { name: blog("empty.title") }).isVisible()).toBe(true);
          expect(await page.getByRole("link", { name: blog("empty.home") }).getAttribute("href")).toBe("/hi");
          await expectHindiPage(page, `hindi-blog-empty-${suffix}`);
        });

      if (javaScript)
        it("says in Hindi that there are no courses yet, offering a free demo class", async () => {
          const { page } = await openPage(browser, server, { javaScript });
          await page.goto("/hi/courses");
          expect(await page.getByRole("heading", { name: catalogue("empty.title") }).isVisible()).toBe(true);
          expect(await page.getByRole("link", { name: content("action.demo") }).getAttribute("href")).toBe(
            "/hi/book-demo",
          );
          await expectHindiPage(page, `hindi-courses-empty-${suffix}`);
        });
    });
  });
});
