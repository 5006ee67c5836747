import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "~/services/errors";
import { applications, demoRequests, orders } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { validApplication, validDemo, validEnrollment } from "./helpers";
import { FORMS } from "~/domain/forms";
import { parseForm } from "~/services/validation";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

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
    expect(await service().listPage()).toEqual({ rows: [], totalPages: 1, currentPage: 1, total: 0 });
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
    const last = await service().listPage({ page: "3", limit: "2" });
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
    await expectBadRequest(() => service().listPage(query), field);
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

describe("orders.listPaidPage and countPaid", () => {
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
    const page = await app.services.orders.listPaidPage();
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
    expect(figures).toEqual({
      students: await app.services.orders.countPaid(),
      courses: await app.services.courses.count(),
      newEnquiries: pending.applications + pending.demos,
      pendingApplications: pending.applications,
      pendingDemos: pending.demos,
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
      kind: "application",
      studentName: "Newest Applicant",
      status: "PENDING",
    });
    expect(recent[1]).toMatchObject({ kind: "order", amount: 1_500_000 });
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
