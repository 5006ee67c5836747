import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as applicationsStatus, loader as applicationsList } from "~/routes/admin.applications";
import { loader as applicationsCsv } from "~/routes/admin.applications_.export[.]csv";
import { isAppError } from "~/services/errors";
import { listFilterOf } from "~/services/paging.server";
import { applications, demoRequests, orders, teacherApplications } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { validApplication, validDemo, validEnrollment, validTeacher } from "./helpers";
import { FORMS } from "~/domain/forms";
import { parseForm } from "~/services/validation";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** RFC 4180 CSV as rows of cells: quoted cells may hold commas, quotes ("") and line breaks. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted && character === '"' && text[index + 1] === '"') {
      cell += '"';
      index += 1;
    } else if (character === '"') quoted = !quoted;
    else if (quoted) cell += character;
    else if (character === ",") {
      row.push(cell);
      cell = "";
    } else if (character === "\n") {
      rows.push([...row, cell]);
      row = [];
      cell = "";
    } else if (character !== "\r") cell += character;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** A fixed moment plus whole minutes, so "newest first" has one right answer. */
const minute = (n: number) => new Date(Date.UTC(2026, 0, 10, 9, n));

async function expectBadRequest(run: () => Promise<unknown>, field: string) {
  const error = await run().then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(isAppError(error) && error.status).toBe(400);
  expect(isAppError(error) && Object.keys(error.errors ?? {})).toEqual([field]);
}

describe.each([
  { kind: "applications", table: applications, input: validApplication },
  { kind: "demos", table: demoRequests, input: validDemo },
] as const)("$kind.listPage", ({ kind, table, input }) => {
  const service = () => app.services[kind];
  let ids: number[] = [];

  it("answers an empty list as page 1 of 1", async () => {
    expect(await service().listPage()).toMatchObject({ rows: [], totalPages: 1, currentPage: 1, total: 0 });
  });

  it("pages newest first with { rows, totalPages, currentPage, total }", async () => {
    const rows = await app.db
      .insert(table)
      .values(
        Array.from({ length: 5 }, (_, index) => ({
          ...(input() as object),
          mobile: "+919876543210",
          studentName: `Child ${index}`,
          createdAt: minute(index),
        })) as never,
      )
      .returning({ id: table.id });
    ids = rows.map((row) => row.id);
    const first = await service().listPage({ page: 1, limit: 2 });
    expect(first).toMatchObject({ totalPages: 3, currentPage: 1, total: 5 });
    expect(first.rows.map((row) => row.studentName)).toEqual(["Child 4", "Child 3"]);
    const last = await service().listPage({ page: 3, limit: 2 });
    expect(last.rows.map((row) => row.id)).toEqual([ids[0]]);
    expect(last.currentPage).toBe(3);
  });

  it("shows the last page for a page past the end", async () => {
    const page = await service().listPage({ page: 40, limit: 2 });
    expect(page).toMatchObject({ currentPage: 3, totalPages: 3, total: 5 });
    expect(page.rows.map((row) => row.id)).toEqual([ids[0]]);
  });

  it("uses fifty rows a page unless told otherwise", async () => {
    expect((await service().listPage()).rows).toHaveLength(5);
    expect((await service().listPage({ page: 1 })).totalPages).toBe(1);
  });

  it.each([
    ["page 0", { page: 0 }, "page"],
    ["a page that is not a number", { page: "two" }, "page"],
    ["a fractional page", { page: 1.5 }, "page"],
    ["a limit above 200", { limit: 201 }, "limit"],
  ])("refuses %s with a 400", async (_label, query, field) => {
    // A page as the API might send it: the service checks it whatever its type says.
    await expectBadRequest(() => service().listPage(query as never), field);
  });

  it("counts everything, or only one status", async () => {
    await service().updateStatus(ids[0]!, { status: "CONTACTED" });
    expect(await service().count()).toBe(5);
    expect(await service().count({ status: "PENDING" })).toBe(4);
    expect(await service().count({ status: "CONTACTED" })).toBe(1);
  });

  it("keeps list() (the API's answer) as it was: a plain array, newest first", async () => {
    const all = await service().list();
    expect(all.map((row) => row.studentName)).toEqual([
      "Child 4",
      "Child 3",
      "Child 2",
      "Child 1",
      "Child 0",
    ]);
  });
});

describe("auth.listUsersPage", () => {
  it("pages registered users newest first, without hashes or roles", async () => {
    const before = await app.services.auth.listUsersPage();
    const created = [];
    for (let index = 0; index < 3; index += 1) created.push(await app.createUser());
    const page = await app.services.auth.listUsersPage({ page: 1, limit: 2 });
    expect(page.total).toBe(before.total + 3);
    expect(page.totalPages).toBe(Math.ceil((before.total + 3) / 2));
    expect(page.rows.map((row) => row.id)).toEqual([created[2]!.user.id, created[1]!.user.id]);
    expect(Object.keys(page.rows[0]!).sort()).toEqual(["createdAt", "email", "id", "name"]);
  });
});

describe("orders' paid view and countPaid", () => {
  it("lists and counts PAID orders only", async () => {
    const { order: paid } = await app.services.orders.createOrder(
      parseForm(FORMS.enrollment, validEnrollment()),
    );
    await app.db.insert(orders).values({
      ...validEnrollment(),
      mobile: "+918765432109",
      studentName: "Never Paid",
      grade: "Grade 5",
      amount: 1_500_000,
      gateway: "test",
    });
    const page = await app.services.orders.listPage("paid");
    expect(page).toMatchObject({ total: 1, totalPages: 1, currentPage: 1 });
    expect(page.rows.map((row) => row.id)).toEqual([paid.id]);
    expect(page.rows[0]).toMatchObject({ status: "PAID", amount: 1_500_000 });
    expect(await app.services.orders.countPaid()).toBe(1);
    expect((await app.services.orders.listPaid()).map((row) => row.id)).toEqual([paid.id]);
  });
});

describe("dashboard.overview", () => {
  it("computes the three figures from the records", async () => {
    const { figures } = await app.services.dashboard.overview();
    const pending = {
      applications: await app.services.applications.count({ status: "PENDING" }),
      demos: await app.services.demos.count({ status: "PENDING" }),
    };
    const students = await app.services.orders.countPaid();
    expect(figures).toEqual({
      students,
      courses: await app.services.courses.count(),
      newEnquiries: pending.applications + pending.demos,
      counted: { ...pending, orders: students },
    });
    expect(figures.students).toBe(1);
    expect(figures.newEnquiries).toBe(8);
  });

  it("merges the latest applications, demos and paid orders, newest first, at most eight", async () => {
    await app.db.insert(applications).values({
      ...validApplication(),
      grade: "Grade 2",
      mobile: "+919876543210",
      studentName: "Newest Applicant",
      createdAt: new Date(Date.now() + 60_000),
    });
    const { recent } = await app.services.dashboard.overview();
    expect(recent).toHaveLength(8);
    expect(recent[0]).toMatchObject({
      kind: "applications",
      studentName: "Newest Applicant",
      status: "PENDING",
    });
    expect(recent[1]).toMatchObject({ kind: "orders", amount: 1_500_000, status: "PAID" });
    expect(recent[0]!.amount).toBeNull();
    const times = recent.map((item) => item.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(recent.map((item) => item.id)).size).toBe(recent.length);
  });
});

describe("text fields", () => {
  it("store a textarea's CRLF line breaks as LF", async () => {
    const posted = {
      address: "12 School Lane\r\nSector 5\r\nNew Delhi",
      email: "office@zipat.school",
      phone: "+91 98765 43210",
    };
    const saved = await app.services.details.update(parseForm(FORMS.details, posted));
    expect(saved.address).toBe("12 School Lane\nSector 5\nNew Delhi");
  });
});

/**
 * Issue 19 points 3 and 4: the lists' filters, their status counts and their CSV. Every row here
 * was received in March 2026 (India's calendar), so the rows above never meet these filters.
 */
describe("filtered admin lists and their CSV", () => {
  /** A moment written in India's time, e.g. ist("2026-03-01T00:10"). */
  const ist = (local: string) => new Date(`${local}:00+05:30`);
  const MARCH = { from: "2026-03-01", to: "2026-03-10" } as const;
  const admin = { id: 0, name: "Staff", email: "staff@example.com", role: "ADMIN" as const };
  const parent = { id: 0, name: "Parent", email: "parent@example.com", role: "USER" as const };
  const context = (user: typeof admin | typeof parent | null = admin) =>
    ({
      services: app.services,
      user,
      reportError: vi.fn(),
      flash: { set: async () => "flash=set", message: null },
    }) as unknown as AppLoadContext;
  const get = (path: string) => new Request(`http://localhost:3000${path}`);

  beforeAll(async () => {
    const rows: Array<[string, string, string, string, string, string]> = [
      // studentName, parentName, grade, status, received (IST), mobile
      ["अनन्या शर्मा", "Rohan Sharma", "Grade 1", "PENDING", "2026-03-01T00:10", "+919800000001"],
      ["Ravi Kumar", "-2+3 Kumar", "Grade 2", "CONTACTED", "2026-03-05T12:00", "+919800000002"],
      [
        '=HYPERLINK("http://evil.example")',
        "@SUM Parent",
        "Grade 1",
        "APPROVED",
        "2026-03-10T23:50",
        "+919800000003",
      ],
      // Just outside the range on India's calendar (inside it by UTC's).
      ["Meera Late", "\tTabbed Parent", "Grade 1", "PENDING", "2026-03-11T00:05", "+919800000004"],
      ["Kiran Early", "Early Parent", "Grade 1", "PENDING", "2026-02-28T23:59", "+919800000005"],
    ];
    await app.db.insert(applications).values(
      rows.map(([studentName, parentName, grade, status, at, mobile]) => ({
        ...validApplication(),
        studentName,
        parentName,
        grade,
        status,
        mobile,
        createdAt: ist(at),
      })) as never,
    );
  });

  const names = (rows: { studentName: string }[]) => rows.map((row) => row.studentName);

  it("filters by India's calendar dates, both included, newest first", async () => {
    const page = await app.services.applications.listPage(MARCH);
    expect(names(page.rows)).toEqual(['=HYPERLINK("http://evil.example")', "Ravi Kumar", "अनन्या शर्मा"]);
    expect(page).toMatchObject({ total: 3, totalPages: 1, currentPage: 1 });
    expect(page.counts).toEqual({ PENDING: 1, CONTACTED: 1, APPROVED: 1, REJECTED: 0 });
    const oneDay = await app.services.applications.listPage({ from: "2026-03-11", to: "2026-03-11" });
    expect(names(oneDay.rows)).toEqual(["Meera Late"]);
  });

  it("filters by status, keeping every status's count under the other filters", async () => {
    const page = await app.services.applications.listPage({ ...MARCH, status: "PENDING" });
    expect(names(page.rows)).toEqual(["अनन्या शर्मा"]);
    expect(page.total).toBe(1);
    expect(page.counts).toEqual({ PENDING: 1, CONTACTED: 1, APPROVED: 1, REJECTED: 0 });
  });

  it("filters by grade, and the counts follow it", async () => {
    const page = await app.services.applications.listPage({ ...MARCH, grade: "Grade 1" });
    expect(names(page.rows)).toEqual(['=HYPERLINK("http://evil.example")', "अनन्या शर्मा"]);
    expect(page.counts).toEqual({ PENDING: 1, CONTACTED: 0, APPROVED: 1, REJECTED: 0 });
  });

  it.each([
    ["a name in Devanagari", "अनन्या", ["अनन्या शर्मा"]],
    ["a parent's name in any case", "rOHAN", ["अनन्या शर्मा"]],
    ["a mobile written with spaces", "98000 00002", ["Ravi Kumar"]],
    ["a mobile with its country code", "+91 9800000003", ['=HYPERLINK("http://evil.example")']],
    ["a % (matched as itself, not as any text)", "%", []],
    ["an _ (matched as itself)", "_", []],
    ["a quote", '"http', ['=HYPERLINK("http://evil.example")']],
  ])("finds by free text: %s", async (_label, q, expected) => {
    const page = await app.services.applications.listPage({ ...MARCH, q });
    expect(names(page.rows)).toEqual(expected);
  });

  it("combines status, grade, dates and text", async () => {
    const page = await app.services.applications.listPage({
      from: "2026-02-28",
      to: "2026-03-11",
      grade: "Grade 1",
      status: "PENDING",
      q: "a",
    });
    expect(names(page.rows)).toEqual(["Meera Late", "अनन्या शर्मा", "Kiran Early"]);
    expect(page.counts).toEqual({ PENDING: 3, CONTACTED: 0, APPROVED: 1, REJECTED: 0 });
  });

  it("sorts oldest first, and pages by the filtered total in either order", async () => {
    const oldest = await app.services.applications.listPage({ ...MARCH, sort: "oldest" });
    expect(names(oldest.rows)).toEqual(["अनन्या शर्मा", "Ravi Kumar", '=HYPERLINK("http://evil.example")']);
    const first = await app.services.applications.listPage({ ...MARCH, sort: "oldest", page: 1, limit: 2 });
    expect(first).toMatchObject({ total: 3, totalPages: 2, currentPage: 1 });
    expect(names(first.rows)).toEqual(["अनन्या शर्मा", "Ravi Kumar"]);
    const second = await app.services.applications.listPage({ ...MARCH, sort: "oldest", page: 2, limit: 2 });
    expect(names(second.rows)).toEqual(['=HYPERLINK("http://evil.example")']);
    const newest = await app.services.applications.listPage({ ...MARCH, page: 2, limit: 2 });
    expect(names(newest.rows)).toEqual(["अनन्या शर्मा"]);
    // A page past the end of the filtered list shows its last page.
    const past = await app.services.applications.listPage({ ...MARCH, page: 9, limit: 2 });
    expect(past).toMatchObject({ currentPage: 2, totalPages: 2 });
    expect(names(past.rows)).toEqual(["अनन्या शर्मा"]);
  });

  describe("the list page's loader", () => {
    const load = async (search: string) => {
      const answer = (await applicationsList({
        request: get(`/admin/applications${search}`),
        context: context(),
        params: {},
      })) as unknown as {
        init: { status: number } | null;
        data: {
          loaded: { data: { rows: { studentName: string }[]; total: number } | null; error: string | null };
          filters: { values: Record<string, string>; errors: Record<string, string> };
        };
      };
      return { status: answer.init?.status ?? 200, ...answer.data };
    };

    it("reads the filters from the address", async () => {
      const answer = await load("?status=CONTACTED&from=2026-03-01&to=2026-03-10&grade=&q=&sort=newest");
      expect(answer.status).toBe(200);
      expect(names(answer.loaded.data!.rows)).toEqual(["Ravi Kumar"]);
      expect(answer.filters.errors).toEqual({});
    });

    it.each([
      [
        "an unknown status",
        "?status=LOST",
        "status",
        /There is no status “LOST” here\. Choose Pending, Contacted/,
      ],
      ["a status of another list", "?status=HIRED", "status", /There is no status “HIRED”/],
      ["an unknown grade", "?grade=Grade%2099", "grade", /There is no grade “Grade 99”/],
      ["an impossible date", "?from=2026-02-30", "from", /“2026-02-30” is not a date/],
      ["something that is not a date", "?to=yesterday", "to", /“yesterday” is not a date/],
      [
        "a date in another format",
        "?from=01-03-2026",
        "from",
        /is not a date\. Please give the first date as YYYY-MM-DD/,
      ],
      ["a first date after the last", "?from=2026-03-10&to=2026-03-01", "to", /before the first/],
      ["an unknown order", "?sort=sideways", "sort", /Sort newest first or oldest first/],
      ["a filter the list does not have", "?role=ADMIN", "role", /no role to filter by/],
      ["a search too long", `?q=${"x".repeat(101)}`, "q", /at most 100 characters/],
    ])(
      "answers %s with 400, the reason beside the filters and no rows",
      async (_label, search, field, message) => {
        const answer = await load(search);
        expect(answer.status).toBe(400);
        expect(answer.loaded.data).toBeNull();
        expect(answer.loaded.error).toMatch(/cannot be used/);
        expect(Object.keys(answer.filters.errors)).toEqual([field]);
        expect(answer.filters.errors[field]).toMatch(message);
      },
    );

    it("keeps a bad page number as page 1, as before", async () => {
      const answer = await load("?from=2026-03-01&to=2026-03-10&page=lots");
      expect(answer.status).toBe(200);
      expect(answer.loaded.data!.total).toBe(3);
    });
  });

  it("brings a status change posted from a filtered list back to the same filtered page", async () => {
    const [row] = (await app.services.applications.listPage({ ...MARCH, status: "CONTACTED" })).rows;
    const search = "?status=CONTACTED&grade=Grade+2&from=2026-03-01&to=2026-03-10&q=ravi&sort=oldest&page=2";
    const answer = (await applicationsStatus({
      request: new Request(`http://localhost:3000/admin/applications${search}&index&evil=1`, {
        method: "POST",
        body: new URLSearchParams({ id: String(row!.id), status: "CONTACTED" }),
      }),
      context: context(),
      params: {},
    })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`/admin/applications${search}`);
  });

  describe("CSV export", () => {
    const exportOf = async (search: string, user: typeof admin | typeof parent | null = admin) =>
      applicationsCsv({
        request: get(`/admin/applications/export.csv${search}`),
        context: context(user),
        params: {},
      });
    const rowsOf = async (answer: Response) => {
      const bytes = new Uint8Array(await answer.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      return parse(new TextDecoder().decode(bytes.slice(3)));
    };

    it("streams the filtered rows as UTF-8 with a BOM and a header, formulas neutralised", async () => {
      const answer = await exportOf("?from=2026-03-01&to=2026-03-10");
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(answer.headers.get("content-disposition")).toMatch(
        /^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(answer.body).toBeInstanceOf(ReadableStream);
      const [header, ...rows] = await rowsOf(answer);
      expect(header).toEqual([
        "ID",
        "Received",
        "Student",
        "Date of birth",
        "Grade",
        "Parent",
        "Mobile",
        "E-mail",
        "Status",
        "Age check",
      ]);
      expect(rows.map((row) => row[2])).toEqual([
        `'=HYPERLINK("http://evil.example")`,
        "Ravi Kumar",
        "अनन्या शर्मा",
      ]);
      expect(rows.map((row) => row[5])).toEqual(["'@SUM Parent", "'-2+3 Kumar", "Rohan Sharma"]);
      expect(rows[0]![6]).toBe("'+919800000003");
      expect(rows[2]![1]).toBe("2026-03-01 00:10:00");
      expect(rows.map((row) => row[8])).toEqual(["APPROVED", "CONTACTED", "PENDING"]);
    });

    it("neutralises a leading tab, and applies status, grade, text and order", async () => {
      const tabbed = await rowsOf(await exportOf("?q=tabbed"));
      expect(tabbed.slice(1).map((row) => row[5])).toEqual(["'\tTabbed Parent"]);
      const filtered = await rowsOf(
        await exportOf("?from=2026-02-28&to=2026-03-11&grade=Grade+1&status=PENDING&sort=oldest"),
      );
      expect(filtered.slice(1).map((row) => row[2])).toEqual(["Kiran Early", "अनन्या शर्मा", "Meera Late"]);
    });

    it("reads a long list in batches, in order, each row once", async () => {
      const batches = [];
      for await (const batch of app.services.applications.exportRows(
        { ...listFilterOf({ from: "2026-02-28", to: "2026-03-11" }) },
        2,
      ))
        batches.push(names(batch));
      expect(batches).toEqual([
        ["Meera Late", '=HYPERLINK("http://evil.example")'],
        ["Ravi Kumar", "अनन्या शर्मा"],
        ["Kiran Early"],
      ]);
    });

    it("answers bad filters with 400 and the reason, as text", async () => {
      const answer = await exportOf("?status=LOST&from=2026-02-30");
      expect(answer.status).toBe(400);
      const text = await answer.text();
      expect(text).toContain("There is no status “LOST” here.");
      expect(text).toContain("“2026-02-30” is not a date.");
    });

    it("refuses a signed-in USER with 403 and sends a visitor to log in", async () => {
      const refused = await exportOf("", parent).catch((thrown: unknown) => thrown as Response);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toBe("Only school staff may download this list.");
      const visitor = await exportOf("", null).catch((thrown: unknown) => thrown as Response);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("location")).toBe(
        `/login?redirectTo=${encodeURIComponent("/admin/applications/export.csv")}`,
      );
    });
  });
});

describe("the other lists' filters", () => {
  it("demos: status, grade, text and counts", async () => {
    const at = new Date("2026-04-02T10:00:00+05:30");
    await app.db.insert(demoRequests).values([
      {
        ...validDemo(),
        studentName: "Demo One",
        grade: "Nursery",
        status: "COMPLETED",
        mobile: "+919811111111",
        createdAt: at,
      },
      {
        ...validDemo(),
        studentName: "Demo Two",
        grade: "Grade 3",
        status: "PENDING",
        mobile: "+919811111112",
        createdAt: at,
      },
    ] as never);
    const april = { from: "2026-04-01", to: "2026-04-30" };
    const page = await app.services.demos.listPage({ ...april, grade: "Nursery" });
    expect(page.rows.map((row) => row.studentName)).toEqual(["Demo One"]);
    expect(page.counts).toEqual({ PENDING: 0, CONTACTED: 0, COMPLETED: 1, CANCELLED: 0 });
    const text = await app.services.demos.listPage({ ...april, q: "98111 11112", status: "PENDING" });
    expect(text.rows.map((row) => row.studentName)).toEqual(["Demo Two"]);
  });

  it("teacher applications: status, dates, text (city) and counts", async () => {
    const at = new Date("2026-04-03T10:00:00+05:30");
    await app.db.insert(teacherApplications).values([
      {
        ...validTeacher(),
        mobile: "+919847012345",
        name: "Lata Rao",
        city: "Mysuru",
        status: "SHORTLISTED",
        createdAt: at,
      },
      {
        ...validTeacher(),
        mobile: "+919847012346",
        name: "Arjun Das",
        city: "Kolkata",
        status: "NEW",
        createdAt: at,
      },
    ] as never);
    const april = { from: "2026-04-01", to: "2026-04-30" };
    const page = await app.services.teacherApplications.listPage({ ...april, q: "mysuru" });
    expect(page.rows.map((row) => row.name)).toEqual(["Lata Rao"]);
    expect(page.counts).toMatchObject({ NEW: 0, SHORTLISTED: 1 });
    const status = await app.services.teacherApplications.listPage({ ...april, status: "NEW" });
    expect(status.rows.map((row) => row.name)).toEqual(["Arjun Das"]);
    expect(status.counts).toMatchObject({ NEW: 1, SHORTLISTED: 1 });
  });

  it("orders: filters inside each view, every view counted under them", async () => {
    const at = new Date("2026-05-04T10:00:00+05:30");
    // Each a minute after the one before: orders' ids are random, so equal times would leave
    // "newest first" to chance.
    let minutes = 0;
    const order = (studentName: string, grade: string, status: string, mobile: string) => ({
      ...validEnrollment(),
      studentName,
      grade,
      status,
      mobile,
      amount: 1_500_000,
      gateway: "test",
      createdAt: new Date(at.getTime() + 60_000 * minutes++),
    });
    await app.db
      .insert(orders)
      .values([
        order("Paid Nursery", "Nursery", "PAID", "+919822222221"),
        order("Paid Grade 4", "Grade 4", "PAID", "+919822222222"),
        order("Waiting Nursery", "Nursery", "CREATED", "+919822222223"),
        order("Refunded Nursery", "Nursery", "PARTIALLY_REFUNDED", "+919822222224"),
      ] as never);
    const may = { from: "2026-05-01", to: "2026-05-31" };
    const paid = await app.services.orders.listPage("paid", { ...may, grade: "Nursery" });
    expect(paid.rows.map((row) => row.studentName)).toEqual(["Paid Nursery"]);
    expect(paid.counts).toEqual({ paid: 1, pending: 1, failed: 0, refunded: 1 });
    expect(paid.sumPaise).toBe(1_500_000);
    const pending = await app.services.orders.listPage("pending", { ...may, q: "waiting" });
    expect(pending.rows.map((row) => row.studentName)).toEqual(["Waiting Nursery"]);
    expect(pending.counts).toEqual({ paid: 0, pending: 1, failed: 0, refunded: 0 });
  });

  it("users: role, account state, text and counts", async () => {
    const staff = await app.createUser("ADMIN");
    const parentUser = await app.createUser("USER");
    const other = await app.createUser("USER");
    await app.services.userAdmin.setDisabled(staff.user.id, other.user.id, true);
    const page = await app.services.userAdmin.listPage({ role: "USER", q: parentUser.user.email });
    expect(page.rows.map((row) => row.id)).toEqual([parentUser.user.id]);
    expect(page.counts).toEqual({ ACTIVE: 1, DISABLED: 0 });
    const disabled = await app.services.userAdmin.listPage({ status: "DISABLED" });
    expect(disabled.rows.map((row) => row.id)).toContain(other.user.id);
    expect(disabled.rows.every((row) => row.disabledAt !== null)).toBe(true);
    const admins = await app.services.userAdmin.listPage({ role: "ADMIN", q: staff.user.email });
    expect(admins.rows.map((row) => row.id)).toEqual([staff.user.id]);
  });

  it("exports users and orders with their filters", async () => {
    const readCsv = async (download: { body: ReadableStream<Uint8Array> }) =>
      parse(await new Response(download.body).text());
    const staff = await app.createUser("ADMIN");
    const gone = await app.createUser("USER");
    await app.services.userAdmin.setDisabled(staff.user.id, gone.user.id, true);
    const users = await readCsv(
      app.services.listExport.download("users", listFilterOf({ status: "DISABLED" })),
    );
    expect(users.map((row) => row[2])).toContain(gone.user.email);
    expect(users[0]).toEqual(["ID", "Name", "E-mail", "Role", "Account", "Registered"]);
    expect(users.slice(1).every((row) => row[4] === "Disabled")).toBe(true);
    expect(users.length).toBeGreaterThan(1);
    const paid = await readCsv(
      app.services.listExport.download(
        "orders",
        listFilterOf({ status: "paid", from: "2026-05-01", to: "2026-05-31" }),
        "paid",
      ),
    );
    expect(paid.slice(1).map((row) => [row[3], row[8], row[10]])).toEqual([
      ["Paid Grade 4", "15000.00", "PAID"],
      ["Paid Nursery", "15000.00", "PAID"],
    ]);
  });
});
