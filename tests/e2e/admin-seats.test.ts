import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { callApi } from "../support/app";
import { captureWidths, expectAccessible, MODES, openPage, registerUser, signIn } from "../support/browser";
import { CONSENT_FIELDS } from "../support/forms";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/**
 * The admin Seats screen (issue 38 point 1): staff set a grade's seats and the seats kept for RTE
 * admissions in a plain form per grade; a refused change says why beside the field and stores
 * nothing; every change is in the history with who made it.
 */
describe("admin seats", () => {
  let server: RunningServer;
  let browser: Browser;

  siteAndBrowserForFile((site) => ({ server, browser } = site));

  /** The grade's seats as GET /api/seats answers them (the stored row, counted). */
  const storedSeats = async (grade: string) =>
    ((await callApi(server.url, "/seats")).body as Array<Record<string, unknown>>).find(
      (row) => row.grade === grade,
    );

  /** A paid enrollment in `grade`: the test gateway pays at once. */
  const enroll = async (grade: string, studentName: string) => {
    const answer = await callApi(server.url, "/tuition/create-order", {
      json: {
        studentName,
        parentName: "Kavita Nair",
        mobile: "9812345670",
        email: "kavita@example.com",
        grade,
        ...CONSENT_FIELDS,
      },
    });
    expect(answer.status).toBe(201);
  };

  /** Fills one grade's row and presses its Save. */
  const submit = async (page: Page, grade: string, seats: string, reserved: string) => {
    await page.getByLabel(`Seats in ${grade}`, { exact: true }).fill(seats);
    await page.getByLabel(`Reserved (RTE) in ${grade}`, { exact: true }).fill(reserved);
    await page.getByRole("button", { name: `Save ${grade}`, exact: true }).click();
  };

  describe.each(MODES)("$label", ({ javaScript }) => {
    // Each run its own grade: the two runs share one site.
    const grade = javaScript ? "Grade 6" : "Grade 5";
    const slug = grade.toLowerCase().replace(" ", "-");

    it("sets a grade's seats, refuses impossible numbers beside the field, and lists who changed them", async () => {
      await enroll(grade, `Seated Child ${grade} A`);
      await enroll(grade, `Seated Child ${grade} B`);
      const { page, context } = await openPage(browser, server, { javaScript });
      await signIn(context, server, E2E_ADMIN);
      await page.goto("/admin/seats");
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Seats");
      const row = page.getByRole("row").filter({ has: page.getByText(grade, { exact: true }) });
      const seatsInput = page.getByLabel(`Seats in ${grade}`, { exact: true });
      const reservedInput = page.getByLabel(`Reserved (RTE) in ${grade}`, { exact: true });

      // More reserved than seats: the message beside "Reserved", the numbers typed kept.
      await submit(page, grade, "10", "12");
      const reservedError = page.locator(`#seats-${slug}-reserved-error`);
      await expect.poll(() => reservedError.textContent()).toContain("cannot be more than the seats (10)");
      expect(await reservedInput.getAttribute("aria-invalid")).toBe("true");
      expect(await reservedInput.getAttribute("aria-describedby")).toBe(`seats-${slug}-reserved-error`);
      expect([await seatsInput.inputValue(), await reservedInput.inputValue()]).toEqual(["10", "12"]);
      expect(await page.getByRole("alert").filter({ hasText: grade }).count()).toBe(1);
      // Another grade's row is untouched.
      expect(await page.getByLabel("Seats in Grade 1", { exact: true }).inputValue()).toBe("30");
      expect(await page.locator('[aria-invalid="true"]').count()).toBe(1);
      await captureWidths(page, `admin-seats-error-${javaScript ? "js" : "nojs"}`);
      await expectAccessible(page);

      // Open seats (10 - 9) fewer than the two enrollments paid for: the message beside "Seats".
      await submit(page, grade, "10", "9");
      await expect
        .poll(() => page.locator(`#seats-${slug}-seats-error`).textContent())
        .toBe(`${grade} already has 2 enrolled: its seats less the reserved ones cannot be fewer.`);
      expect([await seatsInput.inputValue(), await reservedInput.inputValue()]).toEqual(["10", "9"]);
      expect(await storedSeats(grade)).toMatchObject({ seats: 30, reserved: 0, admitted: 2 });

      // With JavaScript the page is never loaded anew: what this document holds survives the save.
      await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
      await submit(page, grade, "40", "10");
      await expect
        .poll(() => page.getByRole("status").filter({ hasText: /\S/ }).first().innerText())
        .toContain(`${grade}: 40 seats, 10 reserved.`);
      expect(await storedSeats(grade)).toEqual({
        grade,
        seats: 40,
        reserved: 10,
        offered: 0,
        admitted: 2,
        available: 28,
        waitlisted: 0,
      });
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true)).toBe(
        javaScript,
      );
      const cells = await row.getByRole("cell").allInnerTexts();
      expect(cells.slice(0, 8).map((cell) => cell.trim().split("\n").at(-1))).toEqual([
        grade,
        "40",
        "10",
        "2",
        "0",
        "28",
        "0",
        "Seats available",
      ]);
      expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
      expect([await seatsInput.inputValue(), await reservedInput.inputValue()]).toEqual(["40", "10"]);
      const latest = page.getByRole("list", { name: "Recent seat changes" }).getByRole("listitem").first();
      const change = await latest.innerText();
      expect(change).toContain(grade);
      expect(change).toContain("Seats 30 → 40, reserved 0 → 10");
      expect(change).toContain(E2E_ADMIN.name);
      await captureWidths(page, `admin-seats-${javaScript ? "js" : "nojs"}`);

      await page.goto("/admin/history");
      await expect
        .poll(() =>
          page
            .getByRole("row")
            .filter({ hasText: `Seats of ${grade} changed` })
            .count(),
        )
        .toBe(1);
      if (!javaScript) await captureWidths(page, "admin-seats-history");
    });
  });

  it("is not for an account that is not an ADMIN", async () => {
    const parent = await registerUser(server, "Seat Curious Parent");
    const { page, context } = await openPage(browser, server, { javaScript: false });
    await signIn(context, server, parent);
    await page.goto("/admin/seats");
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.getByLabel("Seats in Grade 1").count()).toBe(0);
  });
});
