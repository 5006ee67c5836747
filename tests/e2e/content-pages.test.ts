import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHOOL } from "~/domain/brand";
import { languageOfPath, pathIn } from "~/domain/languages";
import {
  captureWidths,
  expectAccessible,
  MODES,
  openPage,
  PHONE,
  registerUser,
  signIn,
} from "../support/browser";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/** Spec section 3, word for word as the page writes it, with each grade's seats (issue 38: all 30 free here). */
const AGE_TABLE = [
  ["Grade", "Age", "Seats"],
  ["Nursery", "3 years and above", "Seats available"],
  ["Kindergarten", "4 years or more and under 6 years", "Seats available"],
  ["Grade 1", "5 years to under 7 years", "Seats available"],
  ["Grade 2", "6 years to under 8 years", "Seats available"],
  ["Grade 3", "7 years to under 9 years", "Seats available"],
  ["Grade 4", "8 years to under 10 years", "Seats available"],
  ["Grade 5", "9 years to under 11 years", "Seats available"],
  ["Grade 6", "10 years to under 12 years", "Seats available"],
  ["Grade 7", "11 years to under 13 years", "Seats available"],
  ["Grade 8", "12 years to under 14 years", "Seats available"],
];

/** Spec section 9: Kindergarten to Grade 8, 10 marks each in three subjects, 30 in total. */
const EVALUATION_TABLE = [
  ["Grade", "English", "Mathematics", "Science", "Total"],
  ...["Kindergarten", ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Grade ${n}`)].map((grade) => [
    grade,
    "10",
    "10",
    "10",
    "30",
  ]),
];

describe("public content pages", () => {
  let server: RunningServer;
  let browser: Browser;
  siteAndBrowserForFile((site) => ({ server, browser } = site));

  describe.each(MODES)("$label", ({ javaScript }) => {
    const suffix = javaScript ? "js" : "nojs";
    let context: BrowserContext;
    let page: Page;
    /** Script errors of the page on screen (a hydration mismatch shows up here). */
    let scriptErrors: string[] = [];
    beforeAll(async () => {
      ({ context, page } = await openPage(browser, server, { javaScript }));
      page.on("pageerror", (error) => scriptErrors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") scriptErrors.push(message.text());
      });
    });
    afterAll(async () => {
      await context?.close();
    });

    const heading = (name: string, level?: number) => page.getByRole("heading", { name, exact: true, level });
    const hrefsOf = (name: string) =>
      page
        .locator("main")
        .getByRole("link", { name, exact: true })
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    // textContent, not innerText: eyebrows are set in capitals by CSS, the words are not.
    const textOf = async (selector: string) => (await page.locator(selector).textContent()) ?? "";
    const itemsIn = (selector: string) => page.locator(`${selector} li`).allInnerTexts();

    /** Opens a page and checks it answers 200 with the expected h1. */
    async function open(path: string, title: string) {
      scriptErrors = [];
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(title);
    }

    /** No script errors, axe, and the two screenshots: once per page and mode, after its own checks. */
    async function auditAndCapture(name: string) {
      expect(scriptErrors).toEqual([]);
      await expectAccessible(page);
      await captureWidths(page, `content-${name}-${suffix}`);
    }

    it("about us: welcome, about section with BOOK A DEMO, vision and seven mission points, apply", async () => {
      await open("/about-us-zipat", `Welcome to ${SCHOOL.fullName}`);
      expect(await textOf("main")).toContain(SCHOOL.tagline);
      expect(await heading("A whole school, wherever your family lives", 2).isVisible()).toBe(true);
      expect(await hrefsOf("BOOK A DEMO")).toEqual(["/book-demo"]);
      expect(await heading("Our vision", 3).isVisible()).toBe(true);
      expect(await heading("Our mission", 3).isVisible()).toBe(true);
      const mission = await itemsIn("#vision-mission ol");
      expect(mission).toHaveLength(7);
      expect(mission.join(" ")).toContain("multicultural classrooms");
      expect(await hrefsOf("Apply for admission")).toEqual(["/apply"]);
      expect(await page.title()).toContain(SCHOOL.fullName);
      await auditAndCapture("about");
    });

    it("accreditation: three seals of the consortium, why it matters, three capacity areas, apply", async () => {
      await open("/accreditation", "An accredited school, 100% online");
      const intro = await textOf("main");
      expect(intro).toContain("US-based accrediting consortium, the largest in the world");
      expect(intro).toContain("over 40,000 schools in 85 countries");
      const seals = page.locator("#seals li");
      expect(await seals.count()).toBe(3);
      expect(await seals.locator("h3").allInnerTexts()).toEqual([
        "Accredited school",
        "A worldwide network",
        "International standards",
      ]);
      expect(await heading("Why accreditation matters for your child", 2).isVisible()).toBe(true);
      for (const area of ["Leadership capacity", "Learning capacity", "Resource capacity"]) {
        expect(await page.locator("#capacity").getByRole("heading", { name: area, level: 3 }).count()).toBe(
          1,
        );
      }
      expect(await hrefsOf("Apply for admission")).toEqual(["/apply"]);
      await auditAndCapture("accreditation");
    });

    it("early years: the @home hero, admissions banner, letter, six intelligences, focus and closing banners", async () => {
      await open("/programs/early-years", "Your child's first school, delivered @home");
      expect(await textOf("main")).toContain("Nursery & K.G. · 3+ years");
      expect(await heading(`Admissions open for ${SCHOOL.session}`, 2).isVisible()).toBe(true);
      expect(await textOf("#apply")).toContain("Nursery welcomes children aged 3 years and above");
      expect(await textOf("#letter")).toContain("Dear Parents,");
      const tiles = page.locator("#intelligences li");
      expect(await tiles.locator("h3").allInnerTexts()).toEqual([
        "Word smart",
        "Number smart",
        "Music smart",
        "Body smart",
        "Nature smart",
        "People smart",
      ]);
      expect((await tiles.allInnerTexts()).join(" ")).toMatch(
        /linguistic.*logical-mathematical.*musical.*bodily-kinesthetic.*naturalist.*interpersonal/is,
      );
      expect(await itemsIn("#focus")).toHaveLength(6);
      expect(await heading("Give your little one a joyful start", 2).isVisible()).toBe(true);
      expect(await hrefsOf("Apply for admission")).toEqual(["/apply", "/apply"]);
      expect(await hrefsOf("Book a free demo")).toEqual(["/book-demo", "/book-demo"]);
      await auditAndCapture("early-years");
    });

    it("primary: hero for Grade 1 to 5, letter to parents, tagline banner", async () => {
      await open("/programs/primary", "Primary years: strong roots, joyful learning");
      expect(await textOf("main")).toContain("Grade 1 to 5 · 5+ years");
      expect(await textOf("#letter")).toContain("A letter to parents");
      expect(await page.locator("#tagline h2").innerText()).toBe(SCHOOL.tagline);
      expect(await hrefsOf("Apply for admission")).toEqual(["/apply", "/apply"]);
      await auditAndCapture("primary");
    });

    it("middle: hero for Grade 6 to 8, letter to parents, banner on 100+ careers", async () => {
      await open("/programs/middle", "Middle school: find what you love");
      expect(await textOf("main")).toContain("Grade 6 to 8 · 10+ years");
      expect(await textOf("#letter")).toContain("A letter to parents");
      expect(await heading("Exposure to 100+ careers", 2).isVisible()).toBe(true);
      expect(await hrefsOf("Book a free demo")).toEqual(["/book-demo"]);
      await auditAndCapture("middle");
    });

    it("admissions: age and evaluation tables, the four steps, then apply", async () => {
      await open("/admissions", "Admissions");
      const tables = await page
        .locator("table")
        .evaluateAll((found) =>
          found.map((table) =>
            Array.from(table.querySelectorAll("tr")).map((row) =>
              Array.from(row.querySelectorAll("th, td")).map((cell) => cell.textContent?.trim()),
            ),
          ),
        );
      expect(tables).toEqual([AGE_TABLE, EVALUATION_TABLE]);
      const steps = await itemsIn("#process ol");
      expect(steps).toHaveLength(4);
      expect(steps[0]).toContain("Open the admission form");
      expect(steps[1]).toContain("Submit it and go to payment");
      expect(steps[2]).toContain("credit card, debit card or online banking");
      expect(steps[2]).toContain("confirmation email");
      expect(steps[3]).toContain("within 2 working days");
      expect(await hrefsOf("See the fee structure")).toEqual(["/fee-structure"]);
      await auditAndCapture("admissions");

      await page.locator("main").getByRole("link", { name: "Apply for admission" }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/apply");
      await expect.poll(() => heading("Student Admission Form").isVisible()).toBe(true);
    });

    it("teachers: methodology, and a registration form that posts with an optional CV", async () => {
      await open("/teachers", `Teach at ${SCHOOL.name}, from wherever you are`);
      expect(await itemsIn("#methodology ol")).toHaveLength(5);
      const card = page.locator('section[aria-labelledby="form-title"]');
      expect(await card.getByRole("heading", { level: 2 }).innerText()).toBe("Teacher Registration");
      expect(await card.innerText()).toContain("Fields marked * are required.");
      // A real form: posted as multipart to the page itself (the journeys are in teacher-applications.test.ts).
      const form = card.locator("form");
      expect(await form.getAttribute("method")).toBe("post");
      expect(await form.getAttribute("enctype")).toBe("multipart/form-data");
      expect(await card.getByRole("button", { name: "Send Registration" }).count()).toBe(1);
      for (const label of ["Name", "City", "Mobile number", "Email address", "Teaching experience"])
        expect(await card.getByLabel(label, { exact: true }).getAttribute("required"), label).not.toBeNull();
      expect(await card.getByLabel("Message", { exact: true }).getAttribute("required")).toBeNull();
      const cv = card.getByLabel("CV (optional)", { exact: true });
      expect(await cv.getAttribute("type")).toBe("file");
      expect(await cv.getAttribute("required")).toBeNull();
      expect(await card.innerText()).toContain("A PDF file, up to 5 MB.");
      // The old way to apply (an e-mail) is gone: the form is the way now.
      expect(await card.locator('a[href^="mailto:"]').count()).toBe(0);
      expect(await page.locator('[role="status"], [role="alert"]').count()).toBe(0);
      await auditAndCapture("teachers");
    });

    it("profile: anonymous visitors are sent to log in and come back", async () => {
      const response = await page.goto("/profile");
      expect(response?.status()).toBe(200);
      const url = new URL(page.url());
      expect(url.pathname + url.search).toBe("/login?redirectTo=%2Fprofile");
    });

    it("profile: reached from the mobile menu, shows the user's details and logs out", async () => {
      const phone = await openPage(browser, server, { javaScript, viewport: PHONE });
      const parent = await registerUser(server, "Ananya Rao");
      await signIn(phone.context, server, parent);
      const me = phone.page;
      await me.goto("/");
      await me.getByText("Menu", { exact: true }).click();
      await me.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "My Profile" }).click();
      await expect.poll(() => new URL(me.url()).pathname).toBe("/profile");
      const details = me.locator("main dl");
      await expect.poll(() => details.innerText()).toContain("Ananya Rao");
      expect(await details.innerText()).toContain(parent.email);
      expect(await details.innerText()).not.toContain("Role");
      expect(await me.locator("main").getByRole("link", { name: "Go to the admin area" }).count()).toBe(0);
      await expectAccessible(me);
      await captureWidths(me, `content-profile-${suffix}`);

      await me.locator("main").getByRole("button", { name: "Logout" }).click();
      await expect.poll(() => new URL(me.url()).pathname).toBe("/");
      await me.goto("/profile");
      await expect.poll(() => new URL(me.url()).pathname).toBe("/login");
    });

    it("profile: an administrator sees the role and a link to the admin area", async () => {
      const admin = await openPage(browser, server, { javaScript });
      await signIn(admin.context, server, E2E_ADMIN);
      await admin.page.goto("/profile");
      const details = admin.page.locator("main dl");
      await expect.poll(() => details.innerText()).toContain("Administrator");
      expect(await details.innerText()).toContain(E2E_ADMIN.email);
      expect(
        await admin.page
          .locator("main")
          .getByRole("link", { name: "Go to the admin area" })
          .getAttribute("href"),
      ).toBe("/admin");
    });
  });

  describe("every public page's head", () => {
    const ENGLISH_PAGES = [
      "/",
      "/about-us-zipat",
      "/accreditation",
      "/programs/early-years",
      "/programs/primary",
      "/programs/middle",
      "/admissions",
      "/fee-structure",
      "/teachers",
      "/blog",
      "/blog/1",
      "/blog/999999",
      "/apply",
      "/book-demo",
      "/login",
      "/courses",
      "/privacy",
      "/no-such-page",
    ];
    // Each in both languages: the Hindi pages say the same in Hindi (issue 37).
    const PAGES = ENGLISH_PAGES.flatMap((path) => [path, pathIn("hi", path)]);
    const headOf = async (path: string) => {
      const html = await (await fetch(server.url + path)).text();
      return {
        html,
        title: /<title>([^<]+)<\/title>/.exec(html)?.[1],
        description: /<meta name="description" content="([^"]+)"/.exec(html)?.[1],
      };
    };

    it.each(PAGES)("%s has its own title naming the school, and a description", async (path) => {
      const { html, title, description } = await headOf(path);
      expect(title, path).toContain(SCHOOL.name);
      expect(description?.length, path).toBeGreaterThan(30);
      expect(html.match(/<meta name="description"/g), path).toHaveLength(1);
    });

    it("gives no two pages of a language the same title or description", async () => {
      // The not-found answers share theirs on purpose (one page, whatever the address); a post's
      // description is its excerpt, as staff wrote it, in both languages.
      for (const language of ["en", "hi"] as const) {
        const pages = PAGES.filter(
          (path) => languageOfPath(path) === language && !/999999|no-such-page/.test(path),
        );
        const heads = await Promise.all(pages.map(headOf));
        for (const field of ["title", "description"] as const) {
          const seen = new Map<string, string>();
          heads.forEach((head, index) => {
            const value = head[field]!;
            expect(
              seen.get(value),
              `${pages[index]} repeats the ${field} of ${seen.get(value)}`,
            ).toBeUndefined();
            seen.set(value, pages[index]!);
          });
        }
      }
    });
  });
});
