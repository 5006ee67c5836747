import { freeTextMessages } from "~/domain/free-text";
import { NOT_AN_OBJECT } from "~/services/validation";
import { isoDateInIndia } from "~/domain/format";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationAnswer, demoAnswer } from "~/api/schemas.server";
import { GRADES } from "~/domain/grades";
import { APPLICATION_STATUSES, DEMO_STATUSES } from "~/domain/statuses";
import { applications, demoRequests } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import {
  BAD_MOBILES,
  bornYearsBeforeStart,
  expectError,
  expectOk,
  GOOD_MOBILES,
  isoDate,
  rowCount,
  validApplication,
  validDemo,
  withoutConsent,
} from "./helpers";
import { FORMS } from "~/domain/forms";
import { parseForm } from "~/services/validation";

let app: TestApp;
let admin: string;
let user: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = (await app.createUser("ADMIN")).token;
  user = (await app.createUser("USER")).token;
});
afterAll(async () => {
  await app?.close();
});

/**
 * Applications and demo requests share their rules; each block below runs for both.
 */
const KINDS = [
  {
    name: "applications",
    path: "/applications",
    table: applications,
    answer: applicationAnswer,
    valid: validApplication as () => Record<string, string>,
    statuses: APPLICATION_STATUSES,
    wrongStatus: "COMPLETED",
    storedMobile: "+919876543210",
    notFound: "Application not found.",
    fields: ["studentName", "dob", "grade", "parentName", "mobile", "email"],
  },
  {
    name: "demos",
    path: "/demos",
    table: demoRequests,
    answer: demoAnswer,
    valid: validDemo as () => Record<string, string>,
    statuses: DEMO_STATUSES,
    wrongStatus: "APPROVED",
    storedMobile: "+919123456789",
    notFound: "Demo request not found.",
    fields: ["parentName", "studentName", "grade", "mobile", "email", "preferredDateTime"],
  },
] as const;

describe.each(KINDS)("$path", (kind) => {
  const submit = (json: unknown) => app.api(kind.path, { method: "POST", json });
  const stored = async (id: number) =>
    (await app.db.select().from(kind.table).where(eq(kind.table.id, id)))[0];
  const count = () => rowCount(app, kind.table);

  async function expectRefused(json: unknown, fields: readonly string[]) {
    const before = await count();
    const body = expectError(await submit(json), 400, fields);
    expect(await count()).toBe(before);
    return body;
  }

  describe(`POST ${kind.path} (public)`, () => {
    it("stores the submission as PENDING and answers 201 with the record", async () => {
      const json = kind.valid();
      const created = expectOk(await submit(json), 201, kind.answer);
      expect(created).toMatchObject({
        ...withoutConsent(json),
        mobile: kind.storedMobile,
        status: "PENDING",
      });
      const row = await stored(created.id);
      expect(row).toMatchObject({ ...withoutConsent(json), mobile: kind.storedMobile, status: "PENDING" });
      expect(row!.createdAt.toISOString()).toBe(created.createdAt.replace(/\+00:00$/, "Z"));
    });

    it("stores trimmed text", async () => {
      const json = { ...kind.valid(), parentName: "  Spaced Parent  ", email: "  Spaced@Example.com " };
      const created = expectOk(await submit(json), 201, kind.answer);
      expect(created.parentName).toBe("Spaced Parent");
      expect(created.email).toBe("Spaced@Example.com");
      expect((await stored(created.id))!.parentName).toBe("Spaced Parent");
    });

    it("needs no sign-in, but accepts one", async () => {
      expectOk(
        await app.api(kind.path, { method: "POST", json: kind.valid(), token: user }),
        201,
        kind.answer,
      );
    });

    it.each(kind.fields.map((field) => [field]))("requires %s", async (field) => {
      const json: Record<string, unknown> = kind.valid();
      delete json[field];
      await expectRefused(json, [field]);
      await expectRefused({ ...kind.valid(), [field]: "" }, [field]);
      await expectRefused({ ...kind.valid(), [field]: "   " }, [field]);
      await expectRefused({ ...kind.valid(), [field]: null }, [field]);
    });

    it("refuses an empty body naming every field", async () => {
      const body = await expectRefused({}, [...kind.fields, "consent", "noticeVersion"]);
      expect(Object.values(body.errors!).every((texts) => texts.length >= 1)).toBe(true);
    });

    it.each([
      "not-an-email",
      "a@b",
      "parent@",
      "@example.com",
      "two@@example.com",
      `${"x".repeat(250)}@example.com`,
    ])("refuses the e-mail %s", async (email) => {
      await expectRefused({ ...kind.valid(), email }, ["email"]);
    });

    it.each(GOOD_MOBILES)("accepts the mobile %j and stores it as %s", async (mobile, normalised) => {
      const created = expectOk(await submit({ ...kind.valid(), mobile }), 201, kind.answer);
      expect(created.mobile).toBe(normalised);
      expect((await stored(created.id))!.mobile).toBe(normalised);
    });

    it.each(BAD_MOBILES.map((mobile) => [mobile]))("refuses the mobile %j", async (mobile) => {
      await expectRefused({ ...kind.valid(), mobile }, ["mobile"]);
    });

    it("accepts a mobile number a program sent as a JSON number", async () => {
      const created = expectOk(await submit({ ...kind.valid(), mobile: 9876543210 }), 201, kind.answer);
      expect((await stored(created.id))!.mobile).toBe("+919876543210");
      await expectRefused({ ...kind.valid(), mobile: 5876543210 }, ["mobile"]);
      await expectRefused({ ...kind.valid(), mobile: 98765.4321 }, ["mobile"]);
    });

    it.each([
      ["a number", 42],
      ["a list", ["Asha"]],
      ["an object", { first: "Asha" }],
      ["true", true],
    ])("tells a program that sent a name as %s to send text", async (_label, studentName) => {
      const body = await expectRefused({ ...kind.valid(), studentName }, ["studentName"]);
      expect(body.errors!.studentName).toEqual(["Please send the student's name as text."]);
    });

    it.each([
      ["NUL, which PostgreSQL cannot store", "Asha\u0000Verma"],
      ["a bell", "Asha\u0007"],
      ["a terminal escape", "\u001b[31mAsha"],
      ["DEL", "As\u007fha"],
    ])("refuses a name holding %s, storing nothing", async (_label, studentName) => {
      const body = await expectRefused({ ...kind.valid(), studentName }, ["studentName"]);
      expect(body.errors!.studentName).toEqual([freeTextMessages("the student's name").notAllowed]);
    });

    it("accepts each of the grades", async () => {
      for (const grade of GRADES) {
        const created = expectOk(await submit({ ...kind.valid(), grade }), 201, kind.answer);
        expect((await stored(created.id))!.grade).toBe(grade);
      }
    });

    it.each(["Grade 9", "grade 1", "KG", "Class 1", "nursery", "Grade 0"])(
      "refuses the grade %j",
      async (grade) => {
        await expectRefused({ ...kind.valid(), grade }, ["grade"]);
      },
    );

    it("limits names to 100 characters", async () => {
      const created = expectOk(
        await submit({ ...kind.valid(), studentName: "s".repeat(100), parentName: "p".repeat(100) }),
        201,
        kind.answer,
      );
      expect(created.studentName).toHaveLength(100);
      await expectRefused({ ...kind.valid(), studentName: "s".repeat(101) }, ["studentName"]);
      await expectRefused({ ...kind.valid(), parentName: "p".repeat(101) }, ["parentName"]);
    });

    it("ignores unknown fields and does not store them (status, id, createdAt are the server's)", async () => {
      const json = {
        ...kind.valid(),
        status: kind.statuses[2],
        id: 777_777,
        createdAt: "2001-01-01T00:00:00Z",
        notes: "VIP",
        isAdmin: true,
      };
      const created = expectOk(await submit(json), 201, kind.answer);
      expect(created.status).toBe("PENDING");
      expect(created.id).not.toBe(777_777);
      expect(new Date(created.createdAt).getFullYear()).toBeGreaterThan(2001);
      const row = await stored(created.id);
      expect(row).toMatchObject({ status: "PENDING" });
      expect(row).not.toHaveProperty("notes");
    });

    it("answers malformed JSON with 400 'The request body is not valid JSON.'", async () => {
      const before = await count();
      for (const body of ['{"studentName": ', "{'single': 'quotes'}", "not json", '{"a":1}}']) {
        const answer = await app.api(kind.path, {
          method: "POST",
          body,
          headers: { "content-type": "application/json" },
        });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ message: "The request body is not valid JSON." });
      }
      expect(await count()).toBe(before);
    });

    it.each([
      ["an array", JSON.stringify([validApplication()])],
      ["a string", JSON.stringify("hello")],
      ["a number", "42"],
      ["null", "null"],
    ])("refuses %s as the body with 400", async (_label, body) => {
      const before = await count();
      const answer = await app.api(kind.path, {
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
      });
      expectError(answer, 400);
      if (_label === "an array") expect(answer.body).toEqual({ message: NOT_AN_OBJECT });
      expect(await count()).toBe(before);
    });
  });

  describe(`GET ${kind.path} (ADMIN)`, () => {
    let ids: number[];
    beforeAll(async () => {
      await app.db.delete(kind.table);
      ids = [];
      for (let n = 0; n < 4; n += 1)
        ids.push(expectOk(await submit({ ...kind.valid(), studentName: `Child ${n}` }), 201, kind.answer).id);
    });

    it("lists every submission, newest first", async () => {
      const list = expectOk(await app.api(kind.path, { token: admin }), 200, kind.answer.array());
      expect(list.map((row) => row.id)).toEqual([...ids].reverse());
      expect(list.map((row) => row.studentName)).toEqual(["Child 3", "Child 2", "Child 1", "Child 0"]);
    });

    it("orders by submission time", async () => {
      await app.db
        .update(kind.table)
        .set({ createdAt: new Date("2021-05-05T00:00:00Z") })
        .where(eq(kind.table.id, ids[3]!));
      try {
        const list = expectOk(await app.api(kind.path, { token: admin }), 200, kind.answer.array());
        expect(list.map((row) => row.id)).toEqual([ids[2], ids[1], ids[0], ids[3]]);
      } finally {
        await app.db.update(kind.table).set({ createdAt: new Date() }).where(eq(kind.table.id, ids[3]!));
      }
    });

    it("pages with ?page&limit", async () => {
      const page = expectOk(
        await app.api(`${kind.path}?page=2&limit=3`, { token: admin }),
        200,
        kind.answer.array(),
      );
      expect(page.map((row) => row.id)).toEqual([ids[0]]);
      expectError(await app.api(`${kind.path}?page=0`, { token: admin }), 400, ["page"]);
      expectError(await app.api(`${kind.path}?limit=abc`, { token: admin }), 400, ["limit"]);
    });

    it("answers every submission when no page is asked for, past the admin screen's page size", async () => {
      const extra = 60;
      for (let n = 0; n < extra; n += 1) {
        const input = { ...kind.valid(), studentName: `Bulk ${n}` };
        if (kind.path === "/applications")
          await app.services.applications.create(parseForm(FORMS.application, input));
        else await app.services.demos.create(parseForm(FORMS.demo, input));
      }
      try {
        const list = expectOk(await app.api(kind.path, { token: admin }), 200, kind.answer.array());
        expect(list).toHaveLength(ids.length + extra);
        expect(list.at(-1)!.id).toBe(ids[0]);
      } finally {
        await app.db.delete(kind.table).where(like(kind.table.studentName, "Bulk %"));
      }
    });

    it("is for ADMINs only", async () => {
      expectError(await app.api(kind.path), 401);
      expectError(await app.api(kind.path, { token: user }), 403);
    });
  });

  describe(`PATCH ${kind.path}/:id (ADMIN)`, () => {
    let id: number;
    beforeAll(async () => {
      id = expectOk(await submit(kind.valid()), 201, kind.answer).id;
    });
    const patch = (target: number | string, json: unknown, token = admin) =>
      app.api(`${kind.path}/${target}`, { method: "PATCH", json, token });

    it("sets any of the four statuses, in any order, answering the updated record", async () => {
      const order = [
        kind.statuses[3],
        kind.statuses[1],
        kind.statuses[0],
        kind.statuses[2],
        kind.statuses[3],
        kind.statuses[0],
      ];
      for (const status of order) {
        const updated = expectOk(await patch(id, { status }), 200, kind.answer);
        expect(updated).toMatchObject({ id, status });
        expect((await stored(id))!.status).toBe(status);
      }
      // Setting the same status again is fine too.
      expect(expectOk(await patch(id, { status: kind.statuses[0] }), 200, kind.answer).status).toBe(
        kind.statuses[0],
      );
    });

    it("changes only the status", async () => {
      const before = await stored(id);
      const updated = expectOk(
        await patch(id, { status: kind.statuses[1], studentName: "Changed", email: "x@example.com" }),
        200,
        kind.answer,
      );
      expect(updated.studentName).toBe(before!.studentName);
      expect(await stored(id)).toEqual({ ...before, status: kind.statuses[1] });
    });

    it.each([[kind.wrongStatus], ["pending"], ["DONE"], [""], [1], [null]])(
      "refuses the status %j with 400",
      async (status) => {
        const before = await stored(id);
        expectError(await patch(id, { status }), 400, ["status"]);
        expectError(await patch(id, {}), 400, ["status"]);
        expect(await stored(id)).toEqual(before);
      },
    );

    it.each(["999999", "abc", "-1", "1.5", "0"])("answers %s with 404", async (target) => {
      const answer = await patch(target, { status: kind.statuses[1] });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: kind.notFound });
    });

    it("is for ADMINs only", async () => {
      const before = await stored(id);
      expectError(await patch(id, { status: kind.statuses[2] }, ""), 401);
      expectError(await patch(id, { status: kind.statuses[2] }, user), 403);
      expect(await stored(id)).toEqual(before);
    });
  });
});

describe("POST /applications: date of birth", () => {
  const submit = (dob: unknown) =>
    app.api("/applications", { method: "POST", json: { ...validApplication(), dob } });

  it.each([
    ["3 years before the academic year starts", bornYearsBeforeStart(3)],
    ["2 years before it starts (younger than any grade: flagged, not refused)", bornYearsBeforeStart(2)],
    ["17 years ago", isoDate({ years: -17 })],
    ["29 Feb 2020", "2020-02-29"],
  ])("accepts a birthday %s", async (_label, dob) => {
    const created = expectOk(await submit(dob), 201, applicationAnswer);
    expect(created.dob).toBe(dob);
    expect((await app.db.select().from(applications).where(eq(applications.id, created.id)))[0]!.dob).toBe(
      dob,
    );
  });

  it.each([
    ["an impossible date (30 Feb)", "2023-02-30"],
    ["29 Feb in a common year", "2023-02-29"],
    ["month 13", "2019-13-01"],
    ["day 32", "2019-01-32"],
    ["today (in India)", isoDateInIndia()],
    ["yesterday (younger than 2 when the year starts)", isoDate({ days: -1 })],
    ["a day short of 2 when the year starts", bornYearsBeforeStart(2, 1)],
    ["a future date", isoDate({ days: 1 })],
    ["next year", isoDate({ years: 1 })],
    ["more than 18 years ago", isoDate({ years: -18, days: -1 })],
    ["40 years ago", isoDate({ years: -40 })],
    ["another format", "15/06/2019"],
    ["a timestamp", "2019-06-15T00:00:00Z"],
    ["text", "yesterday"],
    ["a number", 20190615],
  ])("refuses %s", async (_label, dob) => {
    const before = await rowCount(app, applications);
    const body = expectError(await submit(dob), 400, ["dob"]);
    // The first rule broken is the one explained: never "not a real date" and "not in the past" at once.
    expect(body.errors!.dob).toHaveLength(1);
    expect(await rowCount(app, applications)).toBe(before);
  });
});

describe("POST /demos: preferred date and time", () => {
  it("is free text up to 100 characters", async () => {
    const created = expectOk(
      await app.api("/demos", {
        method: "POST",
        json: { ...validDemo(), preferredDateTime: "Saturday morning, any time before 11" },
      }),
      201,
      demoAnswer,
    );
    expect(created.preferredDateTime).toBe("Saturday morning, any time before 11");
    const long = await app.api("/demos", {
      method: "POST",
      json: { ...validDemo(), preferredDateTime: "x".repeat(101) },
    });
    expectError(long, 400, ["preferredDateTime"]);
  });
});
