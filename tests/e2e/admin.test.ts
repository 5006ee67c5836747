import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { countOf } from "~/components/admin/list-page";
import { MENU_TOGGLE_PATH } from "~/components/admin/side-menu";
import { MESSAGES } from "~/domain/messages";
import { ENQUIRY_ROWS_PER_PAGE } from "~/domain/record-kinds";
import { callApi, type ApiInit } from "../support/app";
import { CONSENT_FIELDS } from "../support/forms";
import {
  captureWidths,
  DESKTOP,
  expectAccessible,
  MODES,
  openPage,
  PHONE,
  registerUser,
  signIn,
  tamperNextPost,
  delayScripts,
  untilHydrated,
} from "../support/browser";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";

type Row = Record<string, any>;

describe("admin area", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;

  siteAndBrowserForFile((site) => ({ server, browser, adminToken } = site));

  const api = async (path: string, init: ApiInit = {}) => {
    const answer = await callApi(server.url, path, { token: adminToken, ...init });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body;
  };
  const createApplication = (studentName: string): Promise<Row> =>
    api("/applications", {
      json: {
        studentName,
        dob: "2018-07-21",
        grade: "Grade 2",
        parentName: "Anjali Verma",
        mobile: "9845012345",
        email: "anjali.verma@example.com",
        ...CONSENT_FIELDS,
      },
    });
  const createDemo = (studentName: string): Promise<Row> =>
    api("/demos", {
      json: {
        parentName: "Farah Khan",
        studentName,
        grade: "Kindergarten",
        mobile: "7012345678",
        email: "farah@example.com",
        preferredDateTime: "Tomorrow at 4 PM",
        ...CONSENT_FIELDS,
      },
    });
  const all = async (path: "/applications" | "/demos"): Promise<Row[]> => api(path);
  const stored = async (path: "/applications" | "/demos", id: number): Promise<Row> =>
    (await all(path)).find((row) => row.id === id)!;

  const signedInAdmin = async (javaScript: boolean, viewport?: { width: number; height: number }) => {
    const opened = await openPage(browser, server, { javaScript, viewport });
    await signIn(opened.context, server, E2E_ADMIN);
    return opened;
  };
  const heading = (page: Page) => page.getByRole("heading", { level: 1 });
  const toast = (page: Page, role: "status" | "alert") =>
    page.getByRole(role).filter({ hasText: /\S/ }).first();
  /** With JavaScript a select saves on change only once the page is hydrated (its Save button hides). */
  const statusControlsReady = async (page: Page, javaScript: boolean) => {
    const save = page.locator("tbody").getByRole("button", { name: /^Save/ }).first();
    await expect.poll(() => save.isVisible()).toBe(!javaScript);
  };

  /** Clicks the menu toggle and waits until the server has answered (and set the cookie). */
  const toggleMenu = async (page: Page, name: "Collapse menu" | "Expand menu") => {
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" &&
        new URL(response.url()).pathname.startsWith(MENU_TOGGLE_PATH),
    );
    await page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name }).click();
    await answered;
  };

  it("starts with the spec's empty states, and answers an unknown admin page inside the frame", async () => {
    const { page } = await signedInAdmin(false);
    for (const [path, text] of [
      ["/admin/applications", MESSAGES.application.empty],
      ["/admin/demos", MESSAGES.demo.empty],
      ["/admin/orders", MESSAGES.orders.empty],
    ] as const) {
      await page.goto(path);
      expect(await page.getByRole("heading", { level: 2, name: text }).count(), path).toBe(1);
      expect(await page.locator("table").count()).toBe(0);
    }
    await captureWidths(page, "admin-empty-nojs");
    await expectAccessible(page);

    const response = await page.goto("/admin/no-such-screen");
    expect(response?.status()).toBe(404);
    expect(await heading(page).innerText()).toBe("Page not found");
    expect(await page.getByRole("navigation", { name: "Admin" }).count()).toBe(1);
    await expectAccessible(page);
  });

  describe.each(MODES)("$label", ({ javaScript, label }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("shows dashboard figures computed from the database and the latest activity", async () => {
      const student = `Aarav Dashboard ${label}`;
      await createApplication(student);
      await api("/tuition/create-order", {
        json: {
          studentName: `Paid ${student}`,
          parentName: "Rekha Menon",
          mobile: "9123456780",
          email: "rekha@example.com",
          grade: "Grade 4",
          ...CONSENT_FIELDS,
        },
      });
      const [orders, courses, applications, demos] = await Promise.all([
        api("/tuition/orders"),
        api("/courses"),
        all("/applications"),
        all("/demos"),
      ]);
      const pending = (rows: Row[]) => rows.filter((row) => row.status === "PENDING").length;

      const { page } = await signedInAdmin(javaScript);
      await page.goto("/admin");
      expect(await heading(page).innerText()).toBe("Dashboard");
      expect(await page.title()).toBe("Dashboard | Zipat admin");
      const figure = (name: string) => page.locator(`[data-figure="${name}"]`).innerText();
      expect(await figure("Total students")).toBe(String(orders.length));
      expect(await figure("Courses offered")).toBe(String(courses.length));
      expect(await figure("New enquiries")).toBe(String(pending(applications) + pending(demos)));
      expect(await page.getByText("one for every successful (paid) order").count()).toBe(1);

      const recent = page.getByRole("region", { name: "Recent activity" });
      const items = recent.getByRole("listitem");
      expect(await items.first().innerText()).toContain(`Paid ${student}`);
      expect(await items.first().innerText()).toContain("₹15,000.00");
      expect(await items.nth(1).innerText()).toContain(student);
      await items.nth(1).getByRole("link", { name: "Admission application" }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/applications");

      await page.goto("/admin");
      await captureWidths(page, `admin-dashboard-${suffix}`);
      await expectAccessible(page);
    });

    it("changes an application's status: shown in its colour at once, stored, and a failure is explained", async () => {
      const student = `Ishaan Status ${label}`;
      const application = await createApplication(student);
      const { page } = await signedInAdmin(javaScript);
      await page.goto("/admin/applications");
      expect(await page.title()).toBe("Applications | Zipat admin");
      const select = page.getByLabel(`Status of ${student}'s application`);
      expect(await select.inputValue()).toBe("PENDING");
      expect(await select.getAttribute("data-tone")).toBe("yellow");
      const save = page.getByRole("button", { name: `Save (Status of ${student}'s application)` });
      await statusControlsReady(page, javaScript);
      const row = page.getByRole("row").filter({ hasText: student });
      expect(await row.innerText()).toContain("+91 98450 12345");
      expect(await row.innerText()).toContain("21 Jul 2018");

      await select.selectOption("APPROVED");
      if (!javaScript) await save.click();
      await expect.poll(() => select.getAttribute("data-tone")).toBe("green");
      await expect
        .poll(() => toast(page, "status").innerText())
        .toContain(`${student}'s application is now Approved.`);
      expect((await stored("/applications", application.id)).status).toBe("APPROVED");
      expect(await select.inputValue()).toBe("APPROVED");
      await captureWidths(page, `admin-applications-${suffix}`);
      await expectAccessible(page);
      // The phone layout (one labelled card per row) is audited too.
      await page.setViewportSize(PHONE);
      await expectAccessible(page);
      await page.setViewportSize(DESKTOP);

      // A missing record: the spec's alert, nothing stored, the list shows the stored status.
      await page.goto("/admin/applications");
      await statusControlsReady(page, javaScript);
      await tamperNextPost(page, "/admin/applications", (fields) => fields.set("id", "999999"));
      await select.selectOption("REJECTED");
      if (!javaScript) await save.click();
      await expect.poll(() => toast(page, "alert").innerText()).toContain(MESSAGES.application.statusFailed);
      await expect.poll(() => select.inputValue()).toBe("APPROVED");
      expect(await select.getAttribute("data-tone")).toBe("green");
      expect((await stored("/applications", application.id)).status).toBe("APPROVED");
    });

    it("changes a demo request's status, and refuses a status that does not exist", async () => {
      const student = `Zoya Status ${label}`;
      const demo = await createDemo(student);
      const { page } = await signedInAdmin(javaScript);
      await page.goto("/admin/demos");
      expect(await page.title()).toBe("Demo Requests | Zipat admin");
      const select = page.getByLabel(`Status of the demo for ${student}`);
      const save = page.getByRole("button", { name: `Save (Status of the demo for ${student})` });
      expect(await page.getByRole("row").filter({ hasText: student }).innerText()).toContain(
        "Tomorrow at 4 PM",
      );
      await statusControlsReady(page, javaScript);

      await select.selectOption("CONTACTED");
      if (!javaScript) await save.click();
      await expect
        .poll(() => toast(page, "status").innerText())
        .toContain(`The demo for ${student} is now Contacted.`);
      expect(await select.getAttribute("data-tone")).toBe("blue");
      expect((await stored("/demos", demo.id)).status).toBe("CONTACTED");
      await captureWidths(page, `admin-demos-${suffix}`);
      await expectAccessible(page);

      await page.goto("/admin/demos");
      await statusControlsReady(page, javaScript);
      await tamperNextPost(page, "/admin/demos", (fields) => fields.set("status", "ARCHIVED"));
      await select.selectOption({ label: "Cancelled" });
      if (!javaScript) await save.click();
      await expect.poll(() => toast(page, "alert").innerText()).toContain(MESSAGES.demo.statusFailed);
      await expect.poll(() => select.inputValue()).toBe("CONTACTED");
      expect(await select.getAttribute("data-tone")).toBe("blue");
      expect((await stored("/demos", demo.id)).status).toBe("CONTACTED");
    });

    it("saves company details for the public footer, and keeps the values when one is wrong", async () => {
      const { page } = await signedInAdmin(javaScript);
      await page.goto("/admin/details");
      expect(await heading(page).innerText()).toBe("Company Details");
      await captureWidths(page, `admin-details-${suffix}`);
      await expectAccessible(page);
      const details = {
        address: `${label === "JS on" ? "22" : "11"} Lotus Lane\nKoramangala\nBengaluru 560034`,
        email: `office-${suffix}@zipat.school`,
        phone: "+91 80 4567 8900",
      };
      await page.getByLabel("Address", { exact: true }).fill(details.address);
      await page.getByLabel("Email address").fill(details.email);
      await page.getByLabel("Phone").fill("call the office");
      await page.getByRole("button", { name: "Save details" }).click();
      await expect
        .poll(() => page.getByRole("alert").first().innerText())
        .toContain(MESSAGES.details.saveFailed);
      expect(await page.locator("#field-phone-error").innerText()).toContain("phone number");
      expect(await page.getByLabel("Address", { exact: true }).inputValue()).toBe(details.address);
      expect(await page.getByLabel("Phone").inputValue()).toBe("call the office");
      expect((await api("/details")).email).not.toBe(details.email);
      await expectAccessible(page);

      await page.getByLabel("Phone").fill(details.phone);
      await page.getByRole("button", { name: "Save details" }).click();
      await expect.poll(() => toast(page, "status").innerText()).toContain(MESSAGES.details.saved);
      expect(await api("/details")).toEqual(details);

      await page.goto("/");
      const footer = page.locator("footer");
      await expect.poll(() => footer.innerText()).toContain(details.email);
      expect(await footer.innerText()).toContain("Koramangala");
      expect(await footer.innerText()).toContain(details.phone);
    });

    it("keeps what was typed into the prefilled address before the scripts arrived", async () => {
      const { page } = await signedInAdmin(javaScript);
      // The admin starts editing well before the scripts have run.
      await delayScripts(page);
      await page.goto("/admin/details");
      const address = page.getByLabel("Address", { exact: true });
      expect(await address.inputValue()).not.toBe("");
      const typed = `Typed early ${suffix}\nKoramangala\nBengaluru 560034`;
      await address.fill(typed);
      if (javaScript) await untilHydrated(page);
      expect(await address.inputValue()).toBe(typed);
      await page.getByRole("button", { name: "Save details" }).click();
      await expect.poll(() => toast(page, "status").innerText()).toContain(MESSAGES.details.saved);
      expect((await api("/details")).address).toBe(typed);
    });

    it("lists a paid order with its amount in rupees and its transaction id", async () => {
      const { order } = await api("/tuition/create-order", {
        json: {
          studentName: `Kabir Order ${label}`,
          parentName: "Sunita Rao",
          mobile: "9988776655",
          email: "sunita@example.com",
          grade: "Grade 3",
          amount: 15000,
          ...CONSENT_FIELDS,
        },
      });
      expect(order.status).toBe("PAID");
      const { page } = await signedInAdmin(javaScript);
      await page.goto("/admin/orders");
      expect(await page.title()).toBe("Orders | Zipat admin");
      const row = page.getByRole("row").filter({ hasText: `Kabir Order ${label}` });
      const text = await row.innerText();
      expect(text).toContain("₹15,000.00");
      expect(text).toContain(order.transactionId);
      expect(text).toContain("Sunita Rao");
      expect(text).toContain("Grade 3");
      expect(text).toContain("+91 99887 76655");
      // Staff are told that the test gateway took no money for any of these.
      expect(await page.getByRole("note").innerText()).toContain("Payments are simulated.");
      const total = ((await api("/tuition/orders")) as Row[]).length;
      expect(
        await page.getByText(countOf(total, "successful (paid) order", "successful (paid) orders")).count(),
      ).toBe(1);
      await captureWidths(page, `admin-orders-${suffix}`);
      await expectAccessible(page);
    });

    it("lists a newly registered user with the number of users", async () => {
      const parent = await registerUser(server, `Nisha Users ${label}`);
      const total = ((await api("/users")) as Row[]).length;
      const { page } = await signedInAdmin(javaScript);
      await page.goto("/admin/users");
      expect(await heading(page).innerText()).toBe("Users");
      expect(await page.getByText(countOf(total, "registered user", "registered users")).count()).toBe(1);
      const row = page.getByRole("row").filter({ hasText: parent.email });
      expect(await row.innerText()).toContain(`Nisha Users ${label}`);

      // Issue 19: make the parent ADMIN, then disable the account; each a plain form.
      const name = `Nisha Users ${label}`;
      await row.getByRole("button", { name: `Make ADMIN (${name})` }).click();
      await expect.poll(() => toast(page, "status").innerText()).toContain(MESSAGES.users.madeAdmin(name));
      await expect.poll(() => row.getByRole("button", { name: `Remove ADMIN (${name})` }).count()).toBe(1);
      await row.getByRole("button", { name: `Disable (${name})` }).click();
      await expect.poll(() => toast(page, "status").innerText()).toContain(MESSAGES.users.disabled(name));
      await expect.poll(() => row.getByRole("button", { name: `Enable (${name})` }).count()).toBe(1);
      expect(await row.innerText()).toContain("Disabled");
      const refused = await callApi(server.url, "/auth/login", {
        method: "POST",
        json: { email: parent.email, password: parent.password },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(MESSAGES.auth.accountDisabled);
      await captureWidths(page, `admin-users-${suffix}`);
      await expectAccessible(page);
    });

    it("pages long lists with ?page links, and reads a bad page value as page 1", async () => {
      const existing = (await all("/demos")).length;
      const perPage = ENQUIRY_ROWS_PER_PAGE;
      const needed = Math.max(0, perPage + 2 - existing);
      for (let index = 0; index < needed; index += 1) await createDemo(`Paging Child ${index}`);
      const total = existing + needed;
      const pages = Math.ceil(total / perPage);
      const { page } = await signedInAdmin(javaScript);
      await page.goto("/admin/demos?page=abc");
      const pager = page.getByRole("navigation", { name: "Pages" });
      expect(await pager.innerText()).toContain(`Page 1 of ${pages}`);
      expect(await page.locator("tbody tr").count()).toBe(perPage);
      await pager.getByRole("link", { name: "Next" }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("page")).toBe("2");
      await expect.poll(() => pager.innerText()).toContain(`Page 2 of ${pages}`);
      expect(await page.locator("tbody tr").count()).toBe(Math.min(perPage, total - perPage));
      // Past the end shows the last page; a status change there comes back to the same page.
      await page.goto("/admin/demos?page=999");
      expect(await pager.innerText()).toContain(`Page ${pages} of ${pages}`);
      await statusControlsReady(page, javaScript);
      const select = page.locator("tbody select").first();
      await select.selectOption("COMPLETED");
      if (!javaScript) await page.locator("tbody").getByRole("button").first().click();
      await expect.poll(() => toast(page, "status").innerText()).toContain("is now Completed.");
      expect(new URL(page.url()).searchParams.get("page")).toBe("999");
    });

    it("collapses the side menu, keeps it after a reload, and highlights only the exact entry", async () => {
      const { page } = await signedInAdmin(javaScript);
      await page.goto("/admin/applications");
      const menu = page.getByRole("navigation", { name: "Admin" });
      const width = async () => (await menu.boundingBox())!.width;
      await expect.poll(width).toBe(256);
      const current = menu.locator('[aria-current="page"]');
      expect(await current.count()).toBe(1);
      expect(await current.innerText()).toBe("Applications");

      await toggleMenu(page, "Collapse menu");
      await expect.poll(width).toBe(80);
      expect(new URL(page.url()).pathname).toBe("/admin/applications");
      await page.reload();
      await expect.poll(width).toBe(80);
      await captureWidths(page, `admin-menu-collapsed-${suffix}`);
      await expectAccessible(page);
      // The menu's entry: a student's name in the list is a link too (issue 19).
      await menu.getByRole("link", { name: "Dashboard" }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/admin");
      // With JavaScript the address changes a moment before the menu re-renders.
      await expect.poll(() => current.getAttribute("href")).toBe("/admin");
      expect(await current.count()).toBe(1);

      await toggleMenu(page, "Expand menu");
      await expect.poll(width).toBe(256);
      await page.reload();
      await expect.poll(width).toBe(256);

      // On a phone the menu is an icon rail whatever the cookie says.
      await page.setViewportSize(PHONE);
      await expect.poll(width).toBe(80);
      expect(await menu.getByRole("link", { name: "Applications", exact: true }).isVisible()).toBe(true);
    });

    it("shows who is signed in, and logs out to /login", async () => {
      const { context, page } = await signedInAdmin(javaScript);
      await page.goto("/admin");
      const bar = page.locator("header");
      expect(await bar.innerText()).toContain(E2E_ADMIN.name);
      expect(await bar.innerText()).toContain("ADMIN");
      // The bell is a link to what is new (tests/e2e/admin-notifications.test.ts follows it).
      expect(await bar.getByRole("link", { name: /^Notifications: / }).getAttribute("href")).toBe(
        "/admin/notifications",
      );
      // By its label: once hydrated the box is a combobox (its suggestions), before it a searchbox.
      expect(await page.getByLabel("Search", { exact: true }).getAttribute("placeholder")).toBe("Search...");
      await bar.getByRole("button", { name: "Logout" }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
      expect((await context.cookies()).some((cookie) => cookie.name === "token")).toBe(false);
      await page.goto("/admin/users");
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
        "/login?redirectTo=%2Fadmin%2Fusers",
      );
    });
  });
});
