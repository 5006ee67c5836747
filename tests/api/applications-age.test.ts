import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationAnswer } from "~/api/schemas.server";
import { AGE_CHECK_MESSAGES, defaultAcademicYearStart } from "~/domain/age-check";
import { applications } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { bornYearsBeforeStart, expectError, expectOk, isoDate, rowCount, validApplication } from "./helpers";

/**
 * POST /api/applications checks the date of birth against the grade's age range on the academic
 * year's start (issue 18): a mismatch is stored with `ageCheckFailed`, never refused; a date of
 * birth in the future or making the child younger than 2 then is a 400 on `dob`.
 */
let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = (await app.createUser("ADMIN")).token;
});
afterAll(async () => {
  await app?.close();
});

const submit = (json: Record<string, unknown>, on: TestApp = app) =>
  on.api("/applications", { method: "POST", json: { ...validApplication(), ...json } });
const storedFlag = async (id: number) =>
  (await app.db.select().from(applications).where(eq(applications.id, id)))[0]!.ageCheckFailed;

describe("POST /api/applications: the age check", () => {
  it("passes a grade that fits: not flagged", async () => {
    const created = expectOk(
      await submit({ dob: bornYearsBeforeStart(7), grade: "Grade 2" }),
      201,
      applicationAnswer,
    );
    expect(created.ageCheckFailed).toBe(false);
    expect(created.ageCheck).toEqual({
      fits: true,
      grades: ["Nursery", "Grade 2", "Grade 3"],
      ageOnStart: { years: 7, months: 0 },
    });
    expect(await storedFlag(created.id)).toBe(false);
  });

  it("stores a grade that does not fit, flagged, and says which grades fit", async () => {
    const before = await rowCount(app, applications);
    const created = expectOk(
      await submit({ studentName: "Flagged Child", dob: bornYearsBeforeStart(7, -40), grade: "Grade 5" }),
      201,
      applicationAnswer,
    );
    expect(created).toMatchObject({
      status: "PENDING",
      grade: "Grade 5",
      ageCheckFailed: true,
      ageCheck: {
        fits: false,
        grades: ["Nursery", "Grade 2", "Grade 3"],
        ageOnStart: { years: 7, months: 1 },
      },
    });
    expect(await rowCount(app, applications)).toBe(before + 1);
    expect(await storedFlag(created.id)).toBe(true);

    // Staff read the flag in the list too.
    const list = expectOk(await app.api("/applications", { token: admin }), 200, applicationAnswer.array());
    expect(list.find((row) => row.id === created.id)).toMatchObject({ ageCheckFailed: true });
    expect(list.find((row) => row.studentName === "Asha Verma")?.ageCheckFailed).toBe(false);
  });

  it("a day either side of the boundary: Grade 1 takes a child from 5 and under 7", async () => {
    const grade = "Grade 1";
    const flagOf = async (dob: string) =>
      expectOk(await submit({ dob, grade }), 201, applicationAnswer).ageCheckFailed;
    expect(await flagOf(bornYearsBeforeStart(5, 1))).toBe(true);
    expect(await flagOf(bornYearsBeforeStart(5))).toBe(false);
    expect(await flagOf(bornYearsBeforeStart(7, 1))).toBe(false);
    expect(await flagOf(bornYearsBeforeStart(7))).toBe(true);
  });

  it("keeps the flag when the sender confirms (the confirmation only lets the page's form send it)", async () => {
    for (const ageConfirmed of [true, "true", "on", false]) {
      const created = expectOk(
        await submit({ dob: bornYearsBeforeStart(4), grade: "Grade 3", ageConfirmed }),
        201,
        applicationAnswer,
      );
      expect(created.ageCheckFailed).toBe(true);
      expect(created).not.toHaveProperty("ageConfirmed");
    }
  });

  it("refuses a confirmation that is not a yes or no", async () => {
    const before = await rowCount(app, applications);
    expectError(await submit({ ageConfirmed: "maybe" }), 400, ["ageConfirmed"]);
    expectError(await submit({ ageConfirmed: 1 }), 400, ["ageConfirmed"]);
    expect(await rowCount(app, applications)).toBe(before);
  });

  it.each([
    ["tomorrow", isoDate({ days: 1 }), "The date of birth must be in the past."],
    [
      "younger than 2 on the start date by a day",
      bornYearsBeforeStart(2, 1),
      AGE_CHECK_MESSAGES.tooYoung(defaultAcademicYearStart()),
    ],
    [
      "born after the start date",
      bornYearsBeforeStart(0, 10),
      AGE_CHECK_MESSAGES.tooYoung(defaultAcademicYearStart()),
    ],
  ])("refuses a date of birth %s, storing nothing", async (_label, dob, message) => {
    const before = await rowCount(app, applications);
    for (const grade of ["Nursery", "Grade 5"]) {
      const body = expectError(await submit({ dob, grade, ageConfirmed: true }), 400, ["dob"]);
      expect(body.errors!.dob).toEqual([message]);
    }
    expect(await rowCount(app, applications)).toBe(before);
  });

  it("documents the flag, the check and the confirmation in the OpenAPI document", async () => {
    const doc = (await app.api("/openapi.json")).body as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    const post = JSON.stringify(doc.paths["/applications"]!.post);
    expect(post).toContain("ageConfirmed");
    expect(post).toContain("ageCheckFailed");
    expect(post).toContain("ageOnStart");
  });
});

describe("ACADEMIC_YEAR_START", () => {
  it("moves the day the check goes by", async () => {
    const later = await startTestApp({ academicYearStart: "2030-06-01" });
    try {
      // Six on 1 June 2030: Grade 1 fits; the same child would be too young for the default year.
      const dob = "2024-06-01";
      const created = expectOk(await submit({ dob, grade: "Grade 1" }, later), 201, applicationAnswer);
      expect(created.ageCheck).toMatchObject({ fits: true, ageOnStart: { years: 6, months: 0 } });
      expect(created.ageCheckFailed).toBe(false);
      expectError(await submit({ dob, grade: "Grade 1" }), 400, ["dob"]);
    } finally {
      await later.close();
    }
  });
});
