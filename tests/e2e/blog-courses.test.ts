import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "~/domain/messages";
import type { BlogPost } from "~/services/blog.server";
import type { Course as CourseRow } from "~/services/courses.server";
import { formatDate } from "~/domain/format";
import { callApi } from "../support/app";
import { captureWidths, expectAccessible, MODES, openPage, registerUser, signIn } from "../support/browser";
import type { RunningServer } from "../support/server";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/** As the API answers them: dates as ISO strings. */
type Post = Omit<BlogPost, "createdAt"> & { createdAt: string };
type BlogPage = { posts: Post[]; totalPages: number; currentPage: number };
type Course = Omit<CourseRow, "createdAt">;

/** Spec section 9: the course card previews the first 120 characters of the description. */
const expectedPreview = (description: string) =>
  description.length > 120 ? `${description.slice(0, 120).trimEnd()}…` : description;

describe("blog and course catalogue", () => {
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

  /** With JavaScript, wait until the page is hydrated, so a click goes through Remix. */
  const settle = async (page: Page, javaScript: boolean) => {
    if (javaScript) await page.waitForLoadState("networkidle");
  };
  const likeControl = (scope: Locator, title: string) => ({
    button: scope.getByRole("button", { name: `Like ${title}` }),
    count: async () => Number((await scope.getByText(/^\d+ likes?$/).innerText()).split(" ")[0]),
  });
  /** Clicks the like control and checks what the visitor sees, what is stored, and where they are. */
  const toggleAndCheck = async (
    page: Page,
    scope: Locator,
    expected: { title: string; token: string; liked: boolean; likes: number; at: string },
  ) => {
    const control = likeControl(scope, expected.title);
    await control.button.click();
    await expect.poll(() => control.button.getAttribute("aria-pressed")).toBe(String(expected.liked));
    await expect.poll(() => control.count()).toBe(expected.likes);
    await expect
      .poll(async () => (await courseNamed(expected.title, expected.token)).isLiked)
      .toBe(expected.liked);
    expect((await courseNamed(expected.title, expected.token))._count.likes).toBe(expected.likes);
    // Post/Redirect/Get without JavaScript, no navigation at all with it: the visitor stays put.
    expect(path(page) + new URL(page.url()).hash).toBe(expected.at);
  };

  it("redirects a malformed page number to the first page and one past the end to the last", async () => {
    const location = async (query: string) => {
      const answer = await fetch(`${server.url}/blog${query}`, { redirect: "manual" });
      return { status: answer.status, location: answer.headers.get("location") };
    };
    for (const bad of ["abc", "0", "-1", "1.5", "1e0", "01", "+2", "", "99999999999"]) {
      expect(await location(`?page=${bad}`), bad).toEqual({ status: 302, location: "/blog" });
    }
    const { totalPages } = await blogPage(1);
    expect(await location("?page=99")).toEqual({ status: 302, location: `/blog?page=${totalPages}` });
    expect(await location(`?page=${totalPages}`)).toEqual({ status: 200, location: null });
    expect(await location("")).toEqual({ status: 200, location: null });
  });

  describe.each(MODES)("$label", ({ javaScript }) => {
    const suffix = javaScript ? "js" : "nojs";
    const ready = (page: Page) => settle(page, javaScript);
    const pager = (page: Page) => page.getByRole("navigation", { name: "Blog pages" });
    const cardTitles = (page: Page) => page.locator("main article h2").allInnerTexts();

    it("lists the newest posts six to a page, with Previous and Next that stop at the ends", async () => {
      const [first, second] = await Promise.all([blogPage(1), blogPage(2)]);
      const all = [...first.posts, ...second.posts];
      const times = all.map((post) => Date.parse(post.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(first.posts).toHaveLength(6);
      expect(first.totalPages).toBe(2);

      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/blog");
      expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
      expect(await cardTitles(page)).toEqual(first.posts.map((post) => post.title));
      const previous = pager(page).getByRole("link", { name: "Previous" });
      expect(await previous.getAttribute("aria-disabled")).toBe("true");
      expect(await previous.getAttribute("href")).toBeNull();
      expect(await pager(page).innerText()).toContain("Page 1 of 2");
      await expectAccessible(page);
      await captureWidths(page, `blog-list-${suffix}`);

      await ready(page);
      await pager(page).getByRole("link", { name: "Next" }).click();
      await expect.poll(() => path(page)).toBe("/blog?page=2");
      await expect.poll(() => cardTitles(page)).toEqual(second.posts.map((post) => post.title));
      // The new page starts at its top, not where Next was clicked.
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).evaluate((h1) => h1.getBoundingClientRect().top))
        .toBeGreaterThanOrEqual(0);
      const next = pager(page).getByRole("link", { name: "Next" });
      expect(await next.getAttribute("aria-disabled")).toBe("true");
      expect(await next.getAttribute("href")).toBeNull();
      expect(await pager(page).innerText()).toContain("Page 2 of 2");

      await ready(page);
      await pager(page).getByRole("link", { name: "Previous" }).click();
      await expect.poll(() => path(page)).toBe("/blog");
      await expect.poll(() => cardTitles(page)).toEqual(first.posts.map((post) => post.title));

      // A mistyped page number lands on a real page (every case: the HTTP test below).
      await page.goto("/blog?page=abc");
      expect(path(page)).toBe("/blog");
      await page.goto("/blog?page=99");
      expect(path(page)).toBe("/blog?page=2");
    });

    it("opens a post from its card: image, category, date, title, paragraphs, and a way back", async () => {
      const [post] = (await blogPage(1)).posts;
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/blog");
      await ready(page);
      await page.getByRole("link", { name: post!.title }).click();
      await expect.poll(() => path(page)).toBe(`/blog/${post!.id}`);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(post!.title);
      const article = page.locator("main article");
      expect(await article.getByText(post!.category, { exact: true }).isVisible()).toBe(true);
      expect(await article.locator("time").innerText()).toBe(formatDate(post!.createdAt));
      const paragraphs = post!.description.split("\n\n");
      expect(paragraphs.length).toBeGreaterThan(1);
      for (const paragraph of paragraphs) {
        expect(await article.getByText(paragraph, { exact: true }).count()).toBe(1);
      }
      const image = article.locator("img");
      expect(await image.getAttribute("loading")).toBe("eager");
      // Eager, so it loads with the page; without JavaScript the page can be read before it has.
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      await expectAccessible(page);
      await captureWidths(page, `blog-post-${suffix}`);

      await ready(page);
      await page.getByRole("link", { name: "Back to blog" }).click();
      await expect.poll(() => path(page)).toBe("/blog");
    });

    it("answers a missing or malformed post id with 404 'Post not found.' inside the site", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      for (const address of ["/blog/999999", "/blog/abc", "/blog/1e0"]) {
        const answer = await page.goto(address);
        expect(answer?.status(), address).toBe(404);
        expect(await page.getByRole("heading", { level: 1 }).innerText(), address).toBe(
          MESSAGES.blog.notFound,
        );
        expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(1);
        expect(await page.locator("footer").count()).toBe(1);
      }
      await expectAccessible(page);
      await captureWidths(page, `blog-not-found-${suffix}`);
      await page.getByRole("link", { name: "Back to blog" }).click();
      await expect.poll(() => path(page)).toBe("/blog");
    });

    it("shows every course with the first 120 characters of its description and its likes", async () => {
      const catalogue = await courses();
      expect(catalogue.length).toBeGreaterThan(0);
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/courses");
      expect(await cardTitles(page)).toEqual(catalogue.map((course) => course.title));
      for (const course of catalogue) {
        const card = page.locator(`#course-${course.id}`);
        const preview = expectedPreview(course.description);
        expect(await card.getByText(preview, { exact: true }).count(), course.title).toBe(1);
        expect(await card.innerText()).not.toContain(course.description.slice(0, 121));
        const likes = course._count.likes;
        expect(await card.innerText()).toContain(`${likes} ${likes === 1 ? "like" : "likes"}`);
        const like = card.getByRole("button", { name: `Like ${course.title}` });
        expect(await like.getAttribute("aria-pressed")).toBe("false");
      }
      await expectAccessible(page);
      await captureWidths(page, `courses-${suffix}`);
    });

    it("opens a course in a dialog by click and by address, and closes back to the grid", async () => {
      const course = await courseNamed("Mathematics");
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/courses");
      await ready(page);
      await page.getByRole("link", { name: course.title, exact: true }).click();
      await expect.poll(() => path(page)).toBe(`/courses/${course.id}`);
      const dialog = page.getByRole("dialog", { name: course.title });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.getByText(course.description, { exact: true }).isVisible()).toBe(true);
      // The stored image, offered as its WebP variants (named after the original the API answers).
      const variants = course.imageUrl.replace(/\.[a-z]+$/, "");
      expect(await dialog.locator("img").getAttribute("src")).toBe(`${variants}-800w.webp`);
      expect(await dialog.getByRole("button", { name: `Like ${course.title}` }).isVisible()).toBe(true);
      await expectAccessible(page);
      await captureWidths(page, `course-dialog-${suffix}`);

      await dialog.getByRole("link", { name: "Close" }).click();
      await expect.poll(() => path(page)).toBe("/courses");
      // The address changes first; the grid without its dialog renders right after.
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

      const direct = await page.goto(`/courses/${course.id}`);
      expect(direct?.status()).toBe(200);
      expect(await dialog.isVisible()).toBe(true);
      await ready(page);
      await dialog.getByRole("link", { name: "Close" }).click();
      await expect.poll(() => path(page)).toBe("/courses");

      const missing = await page.goto("/courses/999999");
      expect(missing?.status()).toBe(404);
      const notFound = page.getByRole("dialog", { name: "Course not found." });
      expect(await notFound.isVisible()).toBe(true);
      expect(await cardTitles(page)).toContain(course.title);
      await expectAccessible(page);
      await notFound.getByRole("link", { name: "See all courses" }).click();
      await expect.poll(() => path(page)).toBe("/courses");
    });

    it("sends a visitor who is not logged in from a like to the login page, and back after it", async () => {
      const course = await courseNamed("Coding for Kids");
      const parent = await registerUser(server, "Anita Desai");
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/courses");
      await ready(page);
      await page.getByRole("button", { name: `Like ${course.title}` }).click();
      await expect.poll(() => page.url()).toBe(`${server.url}/login?redirectTo=%2Fcourses`);
      expect((await courseNamed(course.title))._count.likes).toBe(course._count.likes);

      await page.getByLabel("Email address").fill(parent.email);
      await page.getByLabel("Password").fill(parent.password);
      await page.getByRole("button", { name: "Login" }).click();
      await expect.poll(() => path(page)).toBe("/courses");
    });

    it("likes and unlikes a course when signed in, on the card and in the dialog, stored for that user", async () => {
      const course = await courseNamed("Mathematics");
      const parent = await registerUser(server, "Meera Iyer");
      const { context, page } = await openPage(browser, server, { javaScript });
      const token = await signIn(context, server, parent);
      const base = course._count.likes;

      await page.goto("/courses");
      await ready(page);
      const card = page.locator(`#course-${course.id}`);
      const cardAddress = javaScript ? "/courses" : `/courses#course-${course.id}`;
      await toggleAndCheck(page, card, {
        title: course.title,
        token,
        liked: true,
        likes: base + 1,
        at: cardAddress,
      });
      await toggleAndCheck(page, card, {
        title: course.title,
        token,
        liked: false,
        likes: base,
        at: cardAddress,
      });

      await page.goto(`/courses/${course.id}`);
      await ready(page);
      const dialog = page.getByRole("dialog", { name: course.title });
      const dialogAddress = `/courses/${course.id}`;
      await toggleAndCheck(page, dialog, {
        title: course.title,
        token,
        liked: true,
        likes: base + 1,
        at: dialogAddress,
      });
      expect(await dialog.isVisible()).toBe(true);
      await page.reload();
      await ready(page);
      expect(await likeControl(dialog, course.title).button.getAttribute("aria-pressed")).toBe("true");
      await toggleAndCheck(page, dialog, {
        title: course.title,
        token,
        liked: false,
        likes: base,
        at: dialogAddress,
      });
    });

    it("adds up the likes of two users", async () => {
      const course = await courseNamed("Science Explorers");
      const base = course._count.likes;
      const sessions: Array<{ context: BrowserContext; page: Page; token: string }> = [];
      for (const name of ["Farah Khan", "Suresh Nair"]) {
        const { context, page } = await openPage(browser, server, { javaScript });
        const token = await signIn(context, server, await registerUser(server, name));
        sessions.push({ context, page, token });
      }
      for (const [index, { page, token }] of sessions.entries()) {
        await page.goto("/courses");
        await ready(page);
        const card = page.locator(`#course-${course.id}`);
        const at = javaScript ? "/courses" : `/courses#course-${course.id}`;
        await toggleAndCheck(page, card, {
          title: course.title,
          token,
          liked: true,
          likes: base + index + 1,
          at,
        });
      }
      expect((await courseNamed(course.title))._count.likes).toBe(base + 2);
    });

    it("fails silently when the course was deleted while the page was open", async () => {
      const course = await courseNamed(javaScript ? "Yoga & Mindfulness" : "Story-telling");
      const { context, page } = await openPage(browser, server, { javaScript });
      await signIn(context, server, await registerUser(server, "Rohan Gupta"));
      await page.goto("/courses");
      await ready(page);
      const removed = await callApi(server.url, `/courses/${course.id}`, {
        method: "DELETE",
        token: adminToken,
      });
      expect(removed.status).toBeLessThan(300);
      await page.getByRole("button", { name: `Like ${course.title}` }).click();
      // The list comes back from the server without the course, and without any error.
      await expect.poll(() => page.locator(`#course-${course.id}`).count()).toBe(0);
      expect(path(page)).toBe("/courses");
      expect(await page.getByRole("alert").count()).toBe(0);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).not.toContain("went wrong");
    });
  });

  describe("with JavaScript", () => {
    /** Holds the page's like requests until released, then answers them with `answer`. */
    const holdLikes = async (page: Page, answer: "server" | "proxy error") => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/courses/*/like*", async (route) => {
        await held;
        if (answer === "server") await route.continue();
        else await route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" });
      });
      return release;
    };

    it("shows a like at once, before the server answers, and the stored state when it never arrives", async () => {
      const course = await courseNamed("Art & Craft");
      const base = course._count.likes;
      const { context, page } = await openPage(browser, server, { javaScript: true });
      const token = await signIn(context, server, await registerUser(server, "Kavya Menon"));
      await page.goto("/courses");
      await settle(page, true);
      const card = page.locator(`#course-${course.id}`);
      const control = likeControl(card, course.title);

      let release = await holdLikes(page, "server");
      await control.button.click();
      await expect.poll(() => control.button.getAttribute("aria-pressed")).toBe("true");
      expect(await control.count()).toBe(base + 1);
      expect((await courseNamed(course.title, token)).isLiked).toBe(false);
      release();
      await expect.poll(async () => (await courseNamed(course.title, token)).isLiked).toBe(true);
      await page.unrouteAll();

      // A proxy answers instead of the site: the unlike shows at once, then quietly goes back.
      release = await holdLikes(page, "proxy error");
      await control.button.click();
      await expect.poll(() => control.button.getAttribute("aria-pressed")).toBe("false");
      expect(await control.count()).toBe(base);
      release();
      await expect.poll(() => control.button.getAttribute("aria-pressed")).toBe("true");
      expect(await control.count()).toBe(base + 1);
      expect(await page.getByRole("alert").count()).toBe(0);
      expect(await page.getByRole("heading", { name: "Something went wrong" }).count()).toBe(0);
      expect(path(page)).toBe("/courses");
      expect((await courseNamed(course.title, token)).isLiked).toBe(true);
      await page.unrouteAll();
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

      it(`shows '${MESSAGES.blog.empty}' and sends every page number to the first page`, async () => {
        const { page } = await openPage(browser, server, { javaScript });
        await page.goto("/blog?page=2");
        expect(path(page)).toBe("/blog");
        expect(await page.getByRole("heading", { name: MESSAGES.blog.empty }).isVisible()).toBe(true);
        expect(await page.getByRole("navigation", { name: "Blog pages" }).count()).toBe(0);
        await expectAccessible(page);
        await captureWidths(page, `blog-empty-${suffix}`);
      });

      it(`shows '${MESSAGES.courses.empty}'`, async () => {
        const { page } = await openPage(browser, server, { javaScript });
        await page.goto("/courses");
        expect(await page.getByRole("heading", { name: MESSAGES.courses.empty }).isVisible()).toBe(true);
        expect(await page.locator("main article").count()).toBe(0);
        await expectAccessible(page);
        await captureWidths(page, `courses-empty-${suffix}`);
      });
    });
  });
});
