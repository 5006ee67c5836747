import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "~/services/errors";
import {
  applications,
  demoRequests,
  followUps,
  mailOutbox,
  recordEvents,
  staffDigests,
  users,
} from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { rowCount } from "./helpers";

/**
 * Follow-ups (issue 40 point 3) on a real database with the service's clock in the test's hand:
 * set, moved and done, each in the record's history; due today and overdue as the days pass; one
 * open follow-up a record however many posts race; the morning mail queued once a day across two
 * instances; bad input refused with nothing changed.
 */
const STAFF = "staff-inbox@zipat.test";
/** 8:30 am in India on 4 December 2026. */
let clock = new Date("2026-12-04T03:00:00Z");
const at = (iso: string) => {
  clock = new Date(iso);
};
/** The same moment of India's day, `days` later. */
const daysLater = (days: number) => {
  clock = new Date(clock.getTime() + days * 86_400_000);
};

let app: TestApp;
let admin: { id: number; name: string };
let other: { id: number; name: string };
beforeAll(async () => {
  app = await startTestApp({ followUpClock: () => clock, mail: { staffEmail: STAFF } });
  admin = (await app.createUser("ADMIN")).user;
  other = (await app.createUser("ADMIN")).user;
});
afterAll(async () => {
  await app?.close();
});

/** Records as the forms store them (the forms themselves are tested elsewhere). */
const FAMILY = { parentName: "Ravi Verma", mobile: "+919876543210", email: "ravi@example.com" };
async function application(studentName = "Asha Kumar") {
  const [row] = await app.db
    .insert(applications)
    .values({ ...FAMILY, studentName, dob: "2019-06-15", grade: "Grade 2" })
    .returning({ id: applications.id });
  return row!.id;
}
async function demo(studentName = "Diya Rao") {
  const [row] = await app.db
    .insert(demoRequests)
    .values({ ...FAMILY, studentName, grade: "Kindergarten", preferredDateTime: "Saturday 10 am" })
    .returning({ id: demoRequests.id });
  return row!.id;
}

const eventsOf = async (recordType: "APPLICATION" | "DEMO_REQUEST", id: number) =>
  (await app.services.history.forRecord(recordType, id))
    .filter((event) => event.kind.startsWith("FOLLOW_UP"))
    .map(({ kind, fromStatus, toStatus, note, actorId }) => ({ kind, fromStatus, toStatus, note, actorId }))
    .reverse();

/** The error a call threw, for its status and field messages. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!isAppError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

/** Every follow-up due, as the dashboard lists them: who set them, then each record and its day. */
const dueNow = async () =>
  (await app.services.followUps.due()).groups.map((group) => ({
    name: group.name,
    items: group.items.map((item) => `${item.path} ${item.dueOn} ${item.note}`),
  }));

const digestMails = () =>
  app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "staffFollowUps")).orderBy(mailOutbox.id);

describe("follow-ups", () => {
  it("are set, moved and done, each step in the record's history with its days and note", async () => {
    at("2026-12-04T03:00:00Z");
    const id = await application();
    const service = app.services.followUps;
    expect((await service.forRecord("APPLICATION", id)).open).toBeNull();

    await service.set("APPLICATION", id, { dueOn: "2026-12-05", note: "Ask about the fee" }, admin.id);
    const { open, today, latest } = await service.forRecord("APPLICATION", id);
    expect(open).toMatchObject({
      dueOn: "2026-12-05",
      note: "Ask about the fee",
      setBy: admin.id,
      setByName: admin.name,
    });
    expect(today).toBe("2026-12-04");
    expect(latest).toBe("2027-12-04");

    // A blank note keeps the one it has; a new one replaces it.
    await service.move("APPLICATION", id, { dueOn: "2026-12-08", note: "" }, other.id);
    expect((await service.forRecord("APPLICATION", id)).open).toMatchObject({
      dueOn: "2026-12-08",
      note: "Ask about the fee",
    });
    await service.move("APPLICATION", id, { dueOn: "2026-12-09", note: "Father calls back" }, admin.id);
    await service.done("APPLICATION", id, other.id);
    expect((await service.forRecord("APPLICATION", id)).open).toBeNull();
    const [closed] = await app.db
      .select()
      .from(followUps)
      .where(eq(followUps.recordId, String(id)));
    expect(closed).toMatchObject({ doneBy: other.id, dueOn: "2026-12-09", note: "Father calls back" });
    expect(closed!.doneAt?.toISOString()).toBe(clock.toISOString());

    expect(await eventsOf("APPLICATION", id)).toEqual([
      {
        kind: "FOLLOW_UP_SET",
        fromStatus: null,
        toStatus: "2026-12-05",
        note: "Ask about the fee",
        actorId: admin.id,
      },
      {
        kind: "FOLLOW_UP_MOVED",
        fromStatus: "2026-12-05",
        toStatus: "2026-12-08",
        note: "Ask about the fee",
        actorId: other.id,
      },
      {
        kind: "FOLLOW_UP_MOVED",
        fromStatus: "2026-12-08",
        toStatus: "2026-12-09",
        note: "Father calls back",
        actorId: admin.id,
      },
      {
        kind: "FOLLOW_UP_DONE",
        fromStatus: "2026-12-09",
        toStatus: null,
        note: "Father calls back",
        actorId: other.id,
      },
    ]);

    // Done, the record takes a new one; a demo request takes one too.
    await service.set("APPLICATION", id, { dueOn: "2026-12-04" }, admin.id);
    const demoId = await demo();
    await service.set("DEMO_REQUEST", demoId, { dueOn: "2026-12-06", note: "Confirm Saturday" }, admin.id);
    expect(await eventsOf("DEMO_REQUEST", demoId)).toEqual([
      {
        kind: "FOLLOW_UP_SET",
        fromStatus: null,
        toStatus: "2026-12-06",
        note: "Confirm Saturday",
        actorId: admin.id,
      },
    ]);
    await service.done("APPLICATION", id, admin.id);
    await service.done("DEMO_REQUEST", demoId, admin.id);
  });

  it("are due today, then overdue as the days pass in India, per person who set them", async () => {
    at("2026-12-10T17:00:00Z"); // 10:30 pm on 10 December in India
    const service = app.services.followUps;
    const [first, second, third] = [await application("First Child"), await application(), await demo()];
    await service.set("APPLICATION", first, { dueOn: "2026-12-11", note: "Call first" }, admin.id);
    await service.set("APPLICATION", second, { dueOn: "2026-12-12" }, other.id);
    await service.set("DEMO_REQUEST", third, { dueOn: "2026-12-11", note: "Demo time" }, other.id);
    expect(await dueNow()).toEqual([]);
    expect((await service.due()).total).toBe(0);

    // Past midnight in India (6:30 pm UTC): the 11th.
    at("2026-12-10T18:30:00Z");
    expect(service.today()).toBe("2026-12-11");
    const [adminName, otherName] = [admin.name, other.name];
    const due11 = await dueNow();
    expect(due11).toEqual(
      [
        { name: adminName, items: [`/admin/applications/${first} 2026-12-11 Call first`] },
        { name: otherName, items: [`/admin/demos/${third} 2026-12-11 Demo time`] },
      ].sort((a, b) => a.name.localeCompare(b.name, "en-IN")),
    );
    const listed = (await service.due()).groups.flatMap((group) => group.items);
    expect(listed.find((item) => item.recordType === "APPLICATION")?.label).toBe(
      `Application #${first}: First Child`,
    );

    daysLater(2); // the 13th: all three overdue
    const due13 = await service.due();
    expect(due13.today).toBe("2026-12-13");
    expect(due13.total).toBe(3);
    expect(due13.groups.find((group) => group.setBy === other.id)?.items.map((item) => item.dueOn)).toEqual([
      "2026-12-11",
      "2026-12-12",
    ]);

    // A removed account's follow-ups stay, under "a removed account" (name null), listed last.
    const gone = (await app.createUser("ADMIN")).user;
    const fourth = await application();
    at("2026-12-13T03:00:00Z");
    await service.set("APPLICATION", fourth, { dueOn: "2026-12-13" }, gone.id);
    await app.db.delete(users).where(eq(users.id, gone.id));
    const groups = (await service.due()).groups;
    expect(groups.at(-1)).toMatchObject({ setBy: null, name: null });
    expect(groups.at(-1)!.items.map((item) => item.recordId)).toEqual([String(fourth)]);

    // Done, they leave the list.
    for (const [type, id] of [
      ["APPLICATION", first],
      ["APPLICATION", second],
      ["DEMO_REQUEST", third],
      ["APPLICATION", fourth],
    ] as const)
      await service.done(type, id, admin.id);
    expect((await service.due()).total).toBe(0);
  });

  it("are one open a record when two instances set one at the same moment", async () => {
    at("2026-12-14T03:00:00Z");
    const id = await application();
    const instance = await app.anotherInstance();
    try {
      const results = await Promise.allSettled([
        app.services.followUps.set("APPLICATION", id, { dueOn: "2026-12-15", note: "One" }, admin.id),
        instance.services.followUps.set("APPLICATION", id, { dueOn: "2026-12-16", note: "Two" }, other.id),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
      const rejected = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
      expect(rejected.reason).toMatchObject({ status: 409 });
      expect(await rowCount(app, followUps, eq(followUps.recordId, String(id)))).toBe(1);
      expect((await eventsOf("APPLICATION", id)).map((event) => event.kind)).toEqual(["FOLLOW_UP_SET"]);
      await app.services.followUps.done("APPLICATION", id, admin.id);
    } finally {
      await instance.close();
    }
  });

  it("refuse a bad day, a long note, a missing or anonymised record, and change nothing", async () => {
    at("2026-12-20T03:00:00Z");
    const id = await application();
    const service = app.services.followUps;
    await service.set("APPLICATION", id, { dueOn: "2026-12-22", note: "Kept" }, admin.id);
    const before = {
      followUps: await rowCount(app, followUps),
      events: await rowCount(app, recordEvents),
    };
    const bad: [unknown, string][] = [
      [{ dueOn: "2026-12-19" }, "cannot be in the past"],
      [{ dueOn: "2027-12-21" }, "within a year, until 2027-12-20"],
      [{ dueOn: "2026-02-30" }, "as a date"],
      [{ dueOn: "tomorrow" }, "as a date"],
      [{}, "as a date"],
    ];
    for (const [input, message] of bad) {
      const error = await refusal(service.move("APPLICATION", id, input, admin.id));
      expect(error.status).toBe(400);
      expect(error.errors?.dueOn?.[0]).toContain(message);
    }
    const long = await refusal(
      service.move("APPLICATION", id, { dueOn: "2026-12-23", note: "x".repeat(201) }, admin.id),
    );
    expect(long.status).toBe(400);
    expect(long.errors?.note).toEqual(["This must be at most 200 characters long."]);
    const hidden = await refusal(
      service.move("APPLICATION", id, { dueOn: "2026-12-23", note: "Call\u202Eback" }, admin.id),
    );
    expect(Object.keys(hidden.errors ?? {})).toEqual(["note"]);
    // The last day allowed is a year ahead.
    const spare = await application();
    await service.set("APPLICATION", spare, { dueOn: "2027-12-20" }, admin.id);
    await service.done("APPLICATION", spare, admin.id);
    before.followUps += 1;
    before.events += 2;

    // A second one while one is open, and moving or doing none: 409.
    expect((await refusal(service.set("APPLICATION", id, { dueOn: "2026-12-23" }, admin.id))).status).toBe(
      409,
    );
    expect((await refusal(service.done("APPLICATION", spare, admin.id))).status).toBe(409);
    expect(
      (await refusal(service.move("APPLICATION", spare, { dueOn: "2026-12-23" }, admin.id))).status,
    ).toBe(409);
    // No such record, or an id no record has: 404.
    for (const missing of [9_999_999, Number.NaN]) {
      const error = await refusal(service.set("APPLICATION", missing, { dueOn: "2026-12-23" }, admin.id));
      expect(error.status).toBe(404);
      expect(error.message).toBe("Application not found.");
    }
    expect(
      (await refusal(service.set("DEMO_REQUEST", 9_999_999, { dueOn: "2026-12-23" }, admin.id))).message,
    ).toBe("Demo request not found.");

    expect(await rowCount(app, followUps)).toBe(before.followUps);
    expect(await rowCount(app, recordEvents)).toBe(before.events);
    expect((await service.forRecord("APPLICATION", id)).open).toMatchObject({
      dueOn: "2026-12-22",
      note: "Kept",
    });

    // An anonymised record has no one left to call: no new day, but its open one can be closed.
    await app.db
      .update(applications)
      .set({ anonymisedAt: sql`now()` })
      .where(eq(applications.id, id));
    expect((await refusal(service.move("APPLICATION", id, { dueOn: "2026-12-23" }, admin.id))).status).toBe(
      409,
    );
    await service.done("APPLICATION", id, admin.id);
    expect((await refusal(service.set("APPLICATION", id, { dueOn: "2026-12-23" }, admin.id))).status).toBe(
      409,
    );
  });
});

describe("the morning mail of follow-ups", () => {
  it("is queued once a day from 8 am in India, whichever of two instances comes first", async () => {
    const service = app.services.followUps;
    const id = await application("Mail Child");
    at("2027-01-04T03:00:00Z");
    await service.set("APPLICATION", id, { dueOn: "2027-01-05", note: "Fee question" }, admin.id);
    const mailsBefore = (await digestMails()).length;

    // A day with nothing due: its row, no mail.
    expect(await service.sendDigest()).toBe("nothing due");
    expect(await service.sendDigest()).toBe("done before");
    expect((await digestMails()).length).toBe(mailsBefore);

    // 7:59 am on the 5th in India: too early.
    at("2027-01-05T02:29:00Z");
    expect(await service.sendDigest()).toBe("early");
    expect(await rowCount(app, staffDigests, eq(staffDigests.day, "2027-01-05"))).toBe(0);

    at("2027-01-05T02:30:00Z");
    const instance = await app.anotherInstance();
    try {
      const answers = await Promise.all([service.sendDigest(), instance.services.followUps.sendDigest()]);
      expect(answers.sort()).toEqual(["done before", "queued"]);
      expect(await instance.services.followUps.sendDigest()).toBe("done before");
      at("2027-01-05T12:00:00Z");
      expect(await service.sendDigest()).toBe("done before");
    } finally {
      await instance.close();
    }
    const mails = (await digestMails()).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: STAFF,
      subject: "Follow-ups for 5 January 2027: 1 call to make",
    });
    expect(mails[0]!.data).toEqual({
      day: "2027-01-05",
      total: 1,
      groups: [
        {
          name: admin.name,
          items: [{ label: `Application #${id}: Mail Child`, dueOn: "2027-01-05", note: "Fee question" }],
        },
      ],
    });
    expect(
      await rowCount(
        app,
        staffDigests,
        and(eq(staffDigests.kind, "FOLLOW_UPS"), eq(staffDigests.day, "2027-01-05")),
      ),
    ).toBe(1);

    // The next day, still open and now overdue: the next mail.
    daysLater(1);
    expect(await service.sendDigest()).toBe("queued");
    const next = (await digestMails()).slice(mailsBefore);
    expect(next).toHaveLength(2);
    expect(next[1]!.data).toMatchObject({ day: "2027-01-06", total: 1 });
    await service.done("APPLICATION", id, admin.id);
  });
});
