import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newCountText } from "~/components/admin/notification-bell";
import { action as notificationsAction, loader as notificationsLoader } from "~/routes/admin.notifications";
import type { SessionUser } from "~/services/auth.server";
import { COUNTED_UP_TO } from "~/services/notifications.server";
import { applications, demoRequests, orders, teacherApplications, users } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

// Each test starts from no records at all; the accounts stay.
beforeEach(async () => {
  await app.db.delete(applications);
  await app.db.delete(demoRequests);
  await app.db.delete(teacherApplications);
  await app.db.delete(orders);
});

const notifications = () => app.services.notifications;
const minutes = (count: number) => count * 60_000;
/** A moment an hour ago plus `offset` ms: every record below arrives around it, all in the past. */
const BASE = Date.now() - minutes(60);
const at = (offset: number) => new Date(BASE + offset);

/** Records arriving at the given moments (now, when none is given); `paidAt` null: an unpaid order. */
const arrive = {
  application: (createdAt?: Date, studentName = "Asha Verma") =>
    app.db
      .insert(applications)
      .values({
        studentName,
        dob: "2019-04-01",
        grade: "Grade 2",
        parentName: "Ravi Verma",
        mobile: "+919876543210",
        email: "ravi.verma@example.com",
        createdAt,
      })
      .returning({ id: applications.id })
      .then(([row]) => row!.id),
  demo: (createdAt: Date) =>
    app.db.insert(demoRequests).values({
      studentName: "Kabir Iyer",
      grade: "Kindergarten",
      parentName: "Meena Iyer",
      mobile: "+919123456789",
      email: "meena@example.com",
      preferredDateTime: "Tomorrow at 4 PM",
      createdAt,
    }),
  teacher: (createdAt: Date) =>
    app.db.insert(teacherApplications).values({
      name: "Priya Nair",
      city: "Kochi",
      mobile: "+919847012345",
      email: "priya.nair@example.com",
      experience: "6 years",
      createdAt,
    }),
  order: (createdAt: Date, paidAt: Date | null) =>
    app.db
      .insert(orders)
      .values({
        studentName: "Diya Shah",
        parentName: "Neel Shah",
        grade: "Grade 5",
        email: "neel.shah@example.com",
        mobile: "+918765432109",
        amount: 1_500_000,
        gateway: "test",
        status: paidAt ? "PAID" : "CREATED",
        createdAt,
        paidAt,
      })
      .returning({ id: orders.id })
      .then(([row]) => row!.id),
};

async function adminWhoLooked(seenAt: Date | null) {
  const { user } = await app.createUser("ADMIN");
  await app.db.update(users).set({ notificationsSeenAt: seenAt }).where(eq(users.id, user.id));
  return user;
}

const seenAtOf = async (userId: number) =>
  (await app.db.select({ at: users.notificationsSeenAt }).from(users).where(eq(users.id, userId)))[0]!.at;

/** What the page's loader and action get for a request by `user` (null: signed out). */
function context(user: SessionUser | null): AppLoadContext {
  return {
    services: app.services,
    user,
    reportError: (error: unknown) => {
      throw error;
    },
    flash: {
      message: null,
      set: async (flash: unknown) => `flash=${encodeURIComponent(JSON.stringify(flash))}`,
    },
  } as unknown as AppLoadContext;
}

const PAGE = "http://localhost:3000/admin/notifications";

async function openPage(user: SessionUser | null) {
  return notificationsLoader({ request: new Request(PAGE), context: context(user), params: {} });
}

/** "Mark all as seen" as the page's form posts it. */
async function pressMarkAllAsSeen(user: SessionUser | null, newestAt: string) {
  const request = new Request(PAGE, { method: "POST", body: new URLSearchParams({ newestAt }) });
  return notificationsAction({ request, context: context(user), params: {} });
}

/** A thrown or answered redirect's target and flash, to compare. */
async function redirectOf(answer: Promise<unknown>) {
  const response = (await answer.catch((thrown: unknown) => thrown)) as Response;
  expect(response).toBeInstanceOf(Response);
  return {
    status: response.status,
    location: response.headers.get("location"),
    flash: decodeURIComponent(response.headers.get("set-cookie") ?? ""),
  };
}

describe("the bell's count (issue 19 point 2)", () => {
  it("counts each kind that arrived after the admin last looked; orders when they were paid", async () => {
    const admin = await adminWhoLooked(at(0));
    await arrive.application(at(-minutes(1)));
    await arrive.application(at(minutes(1)));
    await arrive.application(at(minutes(2)));
    await arrive.demo(at(-minutes(5)));
    await arrive.demo(at(minutes(3)));
    await arrive.teacher(at(minutes(4)));
    // Created before the admin looked but paid after: new. Paid before: not. Never paid: not.
    await arrive.order(at(-minutes(10)), at(minutes(5)));
    await arrive.order(at(-minutes(10)), at(-minutes(2)));
    await arrive.order(at(minutes(6)), null);

    expect(await notifications().count(admin.id)).toEqual({
      applications: 2,
      demos: 1,
      teacherApplications: 1,
      orders: 1,
      total: 5,
    });
  });

  it("counts everything for an admin who never looked, up to its limit, and the bell writes 99+", async () => {
    const admin = await adminWhoLooked(null);
    await app.db.insert(applications).values(
      Array.from({ length: 130 }, (_, index) => ({
        studentName: `Child ${index + 1}`,
        dob: "2019-04-01",
        grade: "Grade 2" as const,
        parentName: "Parent",
        mobile: "+919876543210",
        email: "parent@example.com",
        createdAt: at(index * 1_000),
      })),
    );
    await arrive.demo(at(-minutes(500)));

    const counts = await notifications().count(admin.id);
    expect(counts).toEqual({
      applications: COUNTED_UP_TO,
      demos: 1,
      teacherApplications: 0,
      orders: 0,
      total: COUNTED_UP_TO + 1,
    });
    expect(newCountText(counts.total)).toBe("99+");
    expect(newCountText(counts.applications)).toBe("99+");
    expect(newCountText(99)).toBe("99");

    // The page lists the newest of each kind, newest first.
    const { items } = await notifications().list(admin.id);
    expect(items.applications.length).toBeLessThan(130);
    expect(items.applications.slice(0, 3).map((item) => item.title)).toEqual([
      "Child 130",
      "Child 129",
      "Child 128",
    ]);
    expect(items.demos.map((item) => item.title)).toEqual(["Kabir Iyer"]);
  });

  it("answers zero for every kind when nothing is new", async () => {
    const admin = await adminWhoLooked(new Date());
    await arrive.application(at(0));
    expect((await notifications().count(admin.id)).total).toBe(0);
    expect(await notifications().list(admin.id)).toMatchObject({ newestAt: null });
  });
});

describe("the notifications page and Mark all as seen", () => {
  it("lists what is new by kind with links' ids, and opening the page marks nothing as seen", async () => {
    const admin = await adminWhoLooked(at(0));
    const first = await arrive.application(at(minutes(1)), "First Child");
    const second = await arrive.application(at(minutes(2)), "Second Child");
    const order = await arrive.order(at(-minutes(3)), at(minutes(3)));

    const page = await openPage(admin);
    expect(page.error).toBeNull();
    expect(page.data!.items.applications.map((item) => [item.id, item.title, item.detail])).toEqual([
      [String(second), "Second Child", "Grade 2"],
      [String(first), "First Child", "Grade 2"],
    ]);
    expect(page.data!.items.orders.map((item) => item.id)).toEqual([order]);
    expect(page.data!.items.orders[0]!.at).toEqual(at(minutes(3)));
    expect(page.data!.counts.total).toBe(3);

    await openPage(admin);
    expect(await seenAtOf(admin.id)).toEqual(at(0));
    expect((await notifications().count(admin.id)).total).toBe(3);
  });

  it("marks up to the newest item shown, so one arriving after the page loaded stays new", async () => {
    const admin = await adminWhoLooked(null);
    await arrive.application(at(0));
    // Stored to the microsecond by the database's clock; the mark must not cut that short.
    await arrive.application(undefined, "Newest Shown");
    const page = await openPage(admin);
    const newestAt = page.data!.newestAt!;
    expect(newestAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

    const lateComer = await arrive.application(undefined, "Late Comer");
    expect(await redirectOf(pressMarkAllAsSeen(admin, newestAt))).toMatchObject({
      status: 302,
      location: "/admin/notifications",
      flash: expect.stringContaining("Marked as seen"),
    });

    expect(await notifications().count(admin.id)).toMatchObject({ applications: 1, total: 1 });
    const after = await openPage(admin);
    expect(after.data!.items.applications.map((item) => item.id)).toEqual([String(lateComer)]);
  });

  it("never moves the mark back, nor past now", async () => {
    const admin = await adminWhoLooked(at(minutes(30)));
    await pressMarkAllAsSeen(admin, at(0).toISOString());
    expect(await seenAtOf(admin.id)).toEqual(at(minutes(30)));

    // A forged mark a day ahead stops at now: what arrives next is still new.
    await pressMarkAllAsSeen(admin, new Date(Date.now() + minutes(24 * 60)).toISOString());
    const marked = (await seenAtOf(admin.id))!.getTime();
    expect(marked).toBeLessThanOrEqual(Date.now() + 1_000);
    await arrive.application(new Date(marked + 1_000));
    expect((await notifications().count(admin.id)).applications).toBe(1);
  });

  it("refuses a mark that is not a moment, with a message, changing nothing", async () => {
    const admin = await adminWhoLooked(at(0));
    for (const newestAt of ["", "yesterday", "2026-13-45T99:00:00Z", "'; drop table users; --"]) {
      expect(await redirectOf(pressMarkAllAsSeen(admin, newestAt))).toMatchObject({
        status: 302,
        location: "/admin/notifications",
        flash: expect.stringContaining("Nothing was marked as seen"),
      });
    }
    expect(await seenAtOf(admin.id)).toEqual(at(0));
  });

  it("keeps each admin's own mark", async () => {
    const one = await adminWhoLooked(null);
    const other = await adminWhoLooked(null);
    await arrive.application(at(minutes(1)));
    await arrive.teacher(at(minutes(2)));

    await pressMarkAllAsSeen(one, (await openPage(one)).data!.newestAt!);
    expect((await notifications().count(one.id)).total).toBe(0);
    expect(await notifications().count(other.id)).toMatchObject({
      applications: 1,
      teacherApplications: 1,
      total: 2,
    });
    expect(await seenAtOf(other.id)).toBeNull();
  });

  it("sends a USER and a signed-out visitor to /login, from the page and from the button", async () => {
    const admin = await adminWhoLooked(at(0));
    await arrive.application(at(minutes(1)));
    const { user: parent } = await app.createUser("USER");
    const newestAt = (await openPage(admin)).data!.newestAt!;
    const toLogin = { status: 302, location: "/login?redirectTo=%2Fadmin%2Fnotifications" };

    for (const visitor of [parent, null]) {
      expect(await redirectOf(openPage(visitor))).toMatchObject(toLogin);
      expect(await redirectOf(pressMarkAllAsSeen(visitor, newestAt))).toMatchObject(toLogin);
    }
    expect(await seenAtOf(parent.id)).toBeNull();
    expect(await seenAtOf(admin.id)).toEqual(at(0));
  });
});
