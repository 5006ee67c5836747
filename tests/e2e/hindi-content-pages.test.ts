import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCHOOL } from "~/domain/brand";
import { ACCREDITATION } from "~/domain/claims";
import { postExcerpt } from "~/domain/format";
import { CAREERS_EXPLORED } from "~/domain/programs";
import { ABOUT_TEXTS } from "~/domain/texts/about";
import { ACCREDITATION_TEXTS } from "~/domain/texts/accreditation";
import { APPLY_TEXTS } from "~/domain/texts/apply";
import { CONTENT_TEXTS } from "~/domain/texts/content";
import { GRADE_TEXTS } from "~/domain/texts/grades";
import { HOME_TEXTS } from "~/domain/texts/home";
import { PROGRAM_TEXTS } from "~/domain/texts/programs";
import { SITE_TEXTS } from "~/domain/texts/site";
import { translator } from "~/domain/translations";
import { captureWidths, expectAccessible, openPage, untilHydrated } from "../support/browser";
import { englishTextsOn, expectNoOverflow } from "../support/hindi";
import type { RunningServer } from "../support/server";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/**
 * The content pages in Hindi (issue 37): about, accreditation and the three programs answer under
 * /hi with no English interface text, their head (title, description, breadcrumb trail) in Hindi
 * and their links staying under /hi. Without JavaScript each page is read as the server sends it;
 * with it, a family goes from the home page through all five to the application form by links,
 * each page drawn in the browser. The English pages keep their words (content-pages.test.ts).
 */
const about = translator(ABOUT_TEXTS, "hi");
const accreditation = translator(ACCREDITATION_TEXTS, "hi");
const programs = translator(PROGRAM_TEXTS, "hi");
const content = translator(CONTENT_TEXTS, "hi");
const grades = translator(GRADE_TEXTS, "hi");
const site = translator(SITE_TEXTS, "hi");
const home = translator(HOME_TEXTS, "hi");
const apply = translator(APPLY_TEXTS, "hi");

const NETWORK = { schools: ACCREDITATION.schools, countries: ACCREDITATION.countries };
const applyBandTitle = content("applyBand.title", { session: SCHOOL.session });

type HindiPage = {
  /** The English path; the page is at /hi plus this. */
  path: string;
  name: string;
  title: string;
  /** The description in full, before the head cuts it to what search results show. */
  description: string;
  h1: string;
  /** Its sections' headings (h2), in order. */
  sections: string[];
  /** The program pages' breadcrumb trail: home, then the program. */
  trail?: string[];
  /** What only this page checks. */
  more?: (page: Page) => Promise<void>;
};

/** A program page's grades and ages as its head names them in Hindi, and its breadcrumb trail. */
const programNames = (key: "earlyYears" | "primary" | "middle", from: number) => ({
  values: {
    grades: content(`program.${key}.grades`),
    ages: content("program.ages", { from }),
    school: SCHOOL.fullName,
  },
  trail: [site("nav.home"), `${content(`program.${key}.name`)}, ${content(`program.${key}.grades`)}`],
});

const earlyYears = programNames("earlyYears", 3);
const primary = programNames("primary", 5);
const middle = programNames("middle", 10);

const PAGES: HindiPage[] = [
  {
    path: "/about-us-zipat",
    name: "about",
    title: about("meta.title", { school: SCHOOL.fullName }),
    description: about("meta.description", { school: SCHOOL.fullName, grades: content("allGrades") }),
    h1: about("hero.title", { school: SCHOOL.fullName }),
    sections: [about("about.title"), about("vision.title"), applyBandTitle],
    more: async (page) => {
      expect(await page.locator("#vision-mission ol li").count()).toBe(7);
      expect(await page.locator("#vision-mission").innerText()).toContain(content("claim.parentMonitoring"));
      expect(await hrefsOf(page, about("about.bookDemo"))).toEqual(["/hi/book-demo"]);
    },
  },
  {
    path: "/accreditation",
    name: "accreditation",
    title: accreditation("meta.title", { school: SCHOOL.fullName }),
    description: accreditation("meta.description", {
      school: SCHOOL.fullName,
      accreditation: content("claim.accreditation"),
    }),
    h1: accreditation("hero.title"),
    sections: [
      accreditation("seals.title"),
      accreditation("why.title"),
      accreditation("capacity.title"),
      applyBandTitle,
    ],
    more: async (page) => {
      expect(await page.locator("#seals h3").allInnerTexts()).toEqual([
        accreditation("seal.accredited.caption"),
        accreditation("seal.network.caption"),
        accreditation("seal.standards.caption"),
      ]);
      // The seals' ring texts (drawn, hidden from screen readers) are Hindi too.
      expect(await page.locator("main textPath").allTextContents()).toEqual([
        accreditation("hero.ring"),
        accreditation("seal.accredited.ring"),
        accreditation("seal.network.ring", NETWORK),
        accreditation("seal.standards.ring"),
      ]);
    },
  },
  {
    path: "/programs/early-years",
    name: "early-years",
    title: programs("earlyYears.meta.title", earlyYears.values),
    description: programs("earlyYears.meta.description", {
      ...earlyYears.values,
      title: programs("earlyYears.hero.title"),
      session: SCHOOL.session,
    }),
    h1: programs("earlyYears.hero.title"),
    sections: [
      programs("admissionsOpen", { session: SCHOOL.session }),
      programs("earlyYears.letter.title"),
      programs("earlyYears.intelligences.title"),
      programs("earlyYears.focus.title"),
      programs("earlyYears.closing.title"),
    ],
    trail: earlyYears.trail,
    more: async (page) => {
      expect(await page.locator("main").innerText()).toContain(
        `${earlyYears.values.grades} · ${earlyYears.values.ages}`,
      );
      expect(await page.locator("#apply").innerText()).toContain(
        programs("earlyYears.admissions.text", {
          nursery: grades("age.Nursery"),
          kindergarten: grades("age.Kindergarten"),
        }),
      );
      expect(await page.locator("#intelligences h3").count()).toBe(6);
      expect(await page.locator("#focus li").count()).toBe(6);
      expect(await hrefsOf(page, content("action.demo"))).toEqual(["/hi/book-demo", "/hi/book-demo"]);
    },
  },
  {
    path: "/programs/primary",
    name: "primary",
    title: programs("primary.meta.title", primary.values),
    description: programs("primary.meta.description", primary.values),
    h1: programs("primary.hero.title"),
    sections: [programs("primary.letter.title"), programs("primary.highlights.title"), content("tagline")],
    trail: primary.trail,
    more: async (page) => {
      // textContent, not innerText: eyebrows are set in capitals by CSS (the brand in the Hindi too).
      expect(await page.locator("#highlights").textContent()).toContain(
        programs("highlights.eyebrow", { program: content("program.primary.name"), school: SCHOOL.name }),
      );
    },
  },
  {
    path: "/programs/middle",
    name: "middle",
    title: programs("middle.meta.title", middle.values),
    description: programs("middle.meta.description", { ...middle.values, careers: CAREERS_EXPLORED }),
    h1: programs("middle.hero.title"),
    sections: [
      programs("middle.letter.title"),
      programs("middle.highlights.title"),
      programs("middle.careers.title", { careers: CAREERS_EXPLORED }),
    ],
    trail: middle.trail,
  },
];

/** The addresses of the links in the page's main part named `name`. */
const hrefsOf = (page: Page, name: string) =>
  page
    .locator("main")
    .getByRole("link", { name, exact: true })
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));

/** The path of the address a head link names (the site's public address is not the test's). */
const pathOfLink = async (page: Page, selector: string) =>
  new URL((await page.locator(selector).getAttribute("href")) ?? "", "http://any").pathname;

describe("the content pages in Hindi (/hi)", () => {
  let server: RunningServer;
  let browser: Browser;
  siteAndBrowserForFile((site) => ({ server, browser } = site));

  /** The Hindi page on screen is the one expected: its address, language, head and h1. */
  async function expectHindiHead(page: Page, expected: HindiPage) {
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/hi${expected.path}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(expected.h1);
    expect(await page.locator("html").getAttribute("lang")).toBe("hi");
    await expect.poll(() => page.title()).toBe(expected.title);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(
      postExcerpt(expected.description, 155),
    );
  }

  /** Everything it shows is Hindi, axe finds nothing serious, and nothing overflows. */
  async function expectHindiBody(page: Page) {
    expect(await englishTextsOn(page)).toEqual([]);
    await expectAccessible(page);
    await expectNoOverflow(page);
  }

  describe("JS off", () => {
    it.each(PAGES)("$path answers under /hi in Hindi, its links and head in Hindi too", async (expected) => {
      const { page } = await openPage(browser, server, { javaScript: false });
      const response = await page.goto(`/hi${expected.path}`);
      expect(response?.status()).toBe(200);
      await expectHindiHead(page, expected);
      expect(await page.locator("main h2").allInnerTexts()).toEqual(expected.sections);
      expect(await pathOfLink(page, 'link[rel="canonical"]')).toBe(`/hi${expected.path}`);

      // The calls to action stay in Hindi: the hero's on a program page, the closing band's on every page.
      expect(await hrefsOf(page, content("action.apply"))).toEqual(
        expected.trail ? ["/hi/apply", "/hi/apply"] : ["/hi/apply"],
      );
      if (expected.trail) {
        expect(await page.locator("#letter").innerText()).toContain(programs("letter.greeting"));
        const graph = JSON.parse(
          (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
        ) as { "@graph": { "@type": string; itemListElement?: { name: string; item: string }[] }[] };
        const trail = graph["@graph"].find((node) => node["@type"] === "BreadcrumbList");
        expect(trail?.itemListElement?.map((crumb) => crumb.name)).toEqual(expected.trail);
        expect(trail?.itemListElement?.map((crumb) => new URL(crumb.item).pathname)).toEqual([
          "/hi",
          `/hi${expected.path}`,
        ]);
      }
      await expected.more?.(page);

      await expectHindiBody(page);
      await captureWidths(page, `hindi-content-${expected.name}-nojs`);

      // The English page stays at its address in English, and names its Hindi for search engines.
      await page.goto(expected.path);
      expect(await page.locator("html").getAttribute("lang")).toBe("en");
      expect(await pathOfLink(page, 'link[rel="alternate"][hreflang="hi-IN"]')).toBe(`/hi${expected.path}`);
    });
  });

  describe("JS on", () => {
    it("goes from the home page through the five pages to the application form, staying in Hindi", async () => {
      const { page } = await openPage(browser, server, { javaScript: true });
      const scriptErrors: string[] = [];
      page.on("pageerror", (error) => scriptErrors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") scriptErrors.push(message.text());
      });
      const nav = page.getByRole("navigation", { name: site("nav.main") });
      const byPath = (path: string) => PAGES.find((candidate) => candidate.path === path)!;

      /** Checks the page a link led to, drawn in the browser (no full page load). */
      async function arriveAt(path: string) {
        const expected = byPath(path);
        await expectHindiHead(page, expected);
        await expectHindiBody(page);
      }

      await page.goto("/hi");
      await untilHydrated(page);
      // The browser draws every page from here on: a full load would lose this mark.
      await page.evaluate(() => document.documentElement.setAttribute("data-journey", "one-load"));

      await page
        .getByRole("region", { name: home("programs.title") })
        .getByRole("link", { name: content("program.primary.grades"), exact: true })
        .click();
      await arriveAt("/programs/primary");

      await nav.getByText(site("nav.programs"), { exact: true }).click();
      await nav.getByRole("link", { name: site("nav.middle"), exact: true }).click();
      await arriveAt("/programs/middle");

      await nav.getByText(site("nav.programs"), { exact: true }).click();
      await nav.getByRole("link", { name: site("nav.earlyYears"), exact: true }).click();
      await arriveAt("/programs/early-years");

      await nav.getByText(site("nav.aboutUs"), { exact: true }).click();
      await nav.getByRole("link", { name: site("nav.aboutSchool"), exact: true }).click();
      await arriveAt("/about-us-zipat");

      await nav.getByText(site("nav.aboutUs"), { exact: true }).click();
      await nav.getByRole("link", { name: site("nav.accreditation"), exact: true }).click();
      await arriveAt("/accreditation");

      await page
        .locator("main")
        .getByRole("link", { name: content("action.apply"), exact: true })
        .click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/hi/apply");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(apply("title"));
      expect(await page.locator("html").getAttribute("lang")).toBe("hi");

      expect(await page.locator("html").getAttribute("data-journey")).toBe("one-load");
      expect(scriptErrors).toEqual([]);
    });
  });
});
