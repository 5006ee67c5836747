import path from "node:path";
import { inArray } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedImages } from "../../db/schema";
import { fileOf, imageFiles } from "../api/helpers";
import { callApi } from "../support/app";
import { captureWidths, expectAccessible, MODES, openPage, PHONE, untilHydrated } from "../support/browser";
import { startServer, withStoppedServerDatabase, type RunningServer } from "../support/server";
import { E2E_ADMIN_ENV, startSite } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";

type Post = { id: number; title: string; imageUrl: string };
type Course = { id: number; title: string; imageUrl: string };

/** What a page's pictures look like to the browser: their attributes and whether they loaded. */
type Shown = {
  src: string;
  currentSrc: string;
  srcset: string | null;
  sizes: string | null;
  loading: string | null;
  width: string | null;
  height: string | null;
  fetchpriority: string | null;
  loaded: boolean;
};

const pictures = (page: Page, selector: string): Promise<Shown[]> =>
  page.locator(selector).evaluateAll((images: HTMLImageElement[]) =>
    images.map((image) => ({
      src: image.getAttribute("src") ?? "",
      currentSrc: image.currentSrc,
      srcset: image.getAttribute("srcset"),
      sizes: image.getAttribute("sizes"),
      loading: image.getAttribute("loading"),
      fetchpriority: image.getAttribute("fetchpriority"),
      width: image.getAttribute("width"),
      height: image.getAttribute("height"),
      loaded: image.complete && image.naturalWidth > 0,
    })),
  );

const imagePreloads = (page: Page) =>
  page.locator('head link[rel="preload"][as="image"]').evaluateAll((links: HTMLLinkElement[]) =>
    links.map((link) => ({
      href: link.getAttribute("href"),
      imagesrcset: link.getAttribute("imagesrcset"),
      imagesizes: link.getAttribute("imagesizes"),
    })),
  );

/** The srcset a stored image is offered with: its three WebP widths, named after the original. */
const variantSet = (imageUrl: string) => {
  const base = imageUrl.replace(/\.[a-z]+$/, "");
  return `${base}-400w.webp 400w, ${base}-800w.webp 800w, ${base}-1200w.webp 1200w`;
};

describe("images", () => {
  let server: RunningServer;
  let browser: Browser;
  let posts: Post[];
  let courses: Course[];
  siteAndBrowserForFile((site) => ({ server, browser } = site));
  beforeAll(async () => {
    posts = (await callApi(server.url, "/blog?page=1&limit=6")).body.posts;
    courses = (await callApi(server.url, "/courses")).body;
  });

  /**
   * A second copy of the site whose second and third posts' pictures have lost their right-sized
   * copies (as images stored before variants existed): made once, on first use, with the copies'
   * rows deleted while it was stopped.
   */
  let stripped: { site: RunningServer; restarted: RunningServer } | undefined;
  let stripping: Promise<RunningServer> | undefined;
  const withoutVariants = () =>
    (stripping ??= (async () => {
      const site = await startSite();
      const names = posts
        .slice(1, 3)
        .flatMap((post) => imageFiles(post.imageUrl).filter((name) => name !== fileOf(post.imageUrl)));
      await withStoppedServerDatabase(site, (db) =>
        db.delete(storedImages).where(inArray(storedImages.name, names)),
      );
      const restarted = await startServer({ env: E2E_ADMIN_ENV, reuse: site });
      stripped = { site, restarted };
      return restarted;
    })());
  afterAll(async () => {
    await stripped?.restarted.stop();
    await stripped?.site.dispose();
  });

  describe.each(MODES)("$label", ({ javaScript, label }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("preloads the home page's hero drawing, draws it at once and leaves every lower picture lazy", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/");
      const [hero, ...others] = await pictures(page, "main img");
      expect(hero!.src).toMatch(/^\/build\/_assets\/home-hero-[A-Z0-9]+\.svg$/);
      expect(hero).toMatchObject({ loading: "eager", fetchpriority: "high", width: "520", height: "440" });
      expect(await imagePreloads(page)).toEqual([{ href: hero!.src, imagesrcset: null, imagesizes: null }]);
      await expect.poll(async () => (await pictures(page, "main img"))[0]!.loaded).toBe(true);
      // The drawings and the latest posts' pictures: sized (no layout shift) and fetched only when near.
      expect(others.length).toBeGreaterThanOrEqual(7);
      for (const other of others) {
        expect(other.loading, other.src).toBe("lazy");
        expect(other.fetchpriority, other.src).toBeNull();
        expect(Number(other.width), other.src).toBeGreaterThan(0);
        expect(Number(other.height), other.src).toBeGreaterThan(0);
      }
      // The drawings are files, not markup: no large inline SVG is left in the page.
      const inlineSvgSizes = await page
        .locator("main svg")
        .evaluateAll((svgs: SVGElement[]) => svgs.map((svg) => svg.outerHTML.length));
      expect(Math.max(0, ...inlineSvgSizes)).toBeLessThan(800);

      // The page paints from the HTML, the stylesheet and the hero (polled: a loaded page on a busy
      // machine may not have painted yet). The scripts are Remix's own: preloaded as it renders them.
      if (javaScript) await untilHydrated(page);
      const paintedAt = () =>
        page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0);
      await expect.poll(paintedAt).toBeGreaterThan(0);

      const drawing = await fetch(server.url + hero!.src);
      expect(drawing.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      expect(drawing.headers.get("cache-control")).toContain("immutable");
      await expectAccessible(page);
      await captureWidths(page, `images-home-${suffix}`);
    });

    it("preloads a post's picture with the variants the page draws, and loads one right-sized WebP", async () => {
      const post = posts[0]!;
      const { page } = await openPage(browser, server, { javaScript, viewport: PHONE });
      const uploads: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith("/uploads/")) uploads.push(url.pathname);
      });
      await page.goto(`/blog/${post.id}`);
      const [image] = await pictures(page, "main article img");
      expect(image).toMatchObject({
        srcset: variantSet(post.imageUrl),
        loading: "eager",
        width: "1200",
        height: "800",
      });
      expect(await imagePreloads(page)).toEqual([
        { href: image!.src, imagesrcset: image!.srcset, imagesizes: image!.sizes },
      ]);
      await expect.poll(async () => (await pictures(page, "main article img"))[0]!.loaded).toBe(true);
      const { currentSrc } = (await pictures(page, "main article img"))[0]!;
      expect(new URL(currentSrc).pathname).toMatch(/-(400|800|1200)w\.webp$/);
      // The preload and the image agree, so the picture is fetched once, and never the original.
      expect(uploads).toEqual([new URL(currentSrc).pathname]);
      await captureWidths(page, `images-post-${suffix}`);
    });

    it("offers every course card its variants, the first at once and ahead, the rest when near", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/courses");
      const cards = await pictures(page, "main article img");
      expect(cards.map((card) => card.srcset)).toEqual(courses.map((course) => variantSet(course.imageUrl)));
      expect(cards.map((card) => card.loading)).toEqual(
        courses.map((_course, index) => (index === 0 ? "eager" : "lazy")),
      );
      for (const card of cards)
        expect(card.sizes).toBe("(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw");
      await expect.poll(async () => (await pictures(page, "main article img"))[0]!.loaded).toBe(true);
    });

    it(`shows a picture stored before variants existed (${label})`, async () => {
      // A different post per mode: each starts from an image with nothing but its original stored.
      const post = posts[javaScript ? 2 : 1]!;
      const original = fileOf(post.imageUrl);
      const variants = imageFiles(post.imageUrl).filter((file) => file !== original);
      const site = await withoutVariants();
      const { page } = await openPage(browser, site, { javaScript });
      await page.goto(`/blog/${post.id}`);
      await expect.poll(async () => (await pictures(page, "main article img"))[0]!.loaded).toBe(true);
      const chosen = path.basename(
        new URL((await pictures(page, "main article img"))[0]!.currentSrc).pathname,
      );
      expect(variants).toContain(chosen);
      // Made from the original on that first request and stored, for every instance to serve.
      for (const name of [chosen, original]) {
        const served = await fetch(`${site.url}/uploads/${name}`);
        expect(served.status, name).toBe(200);
        expect(served.headers.get("content-type"), name).toMatch(/^image\//);
      }
    });
  });
});
