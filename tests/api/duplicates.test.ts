// Issue 40 point 4: "the same family, recognised". A submission whose mobile number, e-mail
// address or (applications) child's name with date of birth matches an earlier record is marked a
// possible duplicate in the statement that stores it; staff merge the two or mark them distinct,
// in one transaction each, and both histories say so. Runs on PGlite and on PostgreSQL.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationInput, demoInput } from "~/services/enquiries.server";
import { isAppError } from "~/services/errors";
import { followUps, possibleDuplicates, recordEvents } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { bornYearsBeforeStart, validApplication, validDemo } from "./helpers";

let app: TestApp;
let adminId: number;

beforeAll(async () => {
  app = await startTestApp();
  const admin = await app.createUser("ADMIN");
  adminId = admin.user.id;
});
afterAll(async () => {
  await app?.close();
});

/** A family of its own per test: distinct numbers, addresses and names, so no test sees another's. */
let families = 0;
function family() {
  families += 1;
  const n = String(families).padStart(4, "0");
  return {
    mobile: `98100${n}1`,
    email: `family${n}@example.com`,
    studentName: `Child Number${n}`,
    dob: bornYearsBeforeStart(7),
  };
}

// As the /apply and /demo pages send them: the form's values parsed by the form's schema first.
const apply = (values: Record<string, unknown>) =>
  app.services.applications.create(applicationInput.parse({ ...validApplication(), ...values }));
const requestDemo = (values: Record<string, unknown>) =>
  app.services.demos.create(demoInput.parse({ ...validDemo(), ...values }));

async function pairsOf(recordType: "APPLICATION" | "DEMO_REQUEST", recordId: number) {
  return app.db
    .select()
    .from(possibleDuplicates)
    .where(and(eq(possibleDuplicates.recordType, recordType), eq(possibleDuplicates.recordId, recordId)));
}

async function eventsOf(recordType: "APPLICATION" | "DEMO_REQUEST", recordId: number) {
  return app.db
    .select()
    .from(recordEvents)
    .where(and(eq(recordEvents.recordType, recordType), eq(recordEvents.recordId, String(recordId))));
}

describe("a submission is compared with the earlier records of its kind", () => {
  it("finds an application by each rule, naming the first that matched, and not a stranger", async () => {
    const a = family();
    const first = await apply({ mobile: a.mobile, email: a.email, studentName: a.studentName, dob: a.dob });

    const byMobile = await apply({ ...family(), mobile: a.mobile, dob: a.dob });
    const byEmail = await apply({ ...family(), email: `  ${a.email.toUpperCase()}` });
    const byChild = await apply({
      ...family(),
      studentName: `  ${a.studentName.toLowerCase()}`,
      dob: a.dob,
    });
    const stranger = await apply(family());
    const sameNameOtherDay = await apply({
      ...family(),
      studentName: a.studentName,
      dob: bornYearsBeforeStart(8),
    });

    expect((await pairsOf("APPLICATION", byMobile.id)).map((p) => [p.otherId, p.rule])).toEqual([
      [first.id, "MOBILE"],
    ]);
    expect((await pairsOf("APPLICATION", byEmail.id)).map((p) => [p.otherId, p.rule])).toEqual([
      [first.id, "EMAIL"],
    ]);
    expect((await pairsOf("APPLICATION", byChild.id)).map((p) => [p.otherId, p.rule])).toEqual([
      [first.id, "CHILD"],
    ]);
    expect(await pairsOf("APPLICATION", stranger.id)).toEqual([]);
    expect(await pairsOf("APPLICATION", sameNameOtherDay.id)).toEqual([]);

    // All three at once: one row, under the first rule in order (MOBILE).
    const again = await apply({ mobile: a.mobile, email: a.email, studentName: a.studentName, dob: a.dob });
    const pairs = await pairsOf("APPLICATION", again.id);
    expect(pairs.find((p) => p.otherId === first.id)?.rule).toBe("MOBILE");
    expect(new Set(pairs.map((p) => p.otherId)).size).toBe(pairs.length);
    // The earlier record's page lists the later ones.
    const listed = await app.services.duplicates.forRecord("APPLICATION", first.id);
    expect(listed.map((m) => m.otherId).sort()).toEqual(
      [byMobile.id, byEmail.id, byChild.id, again.id].sort(),
    );
  });

  it("finds a demo request by mobile and by e-mail, and not by the child's name", async () => {
    const a = family();
    const first = await requestDemo({ mobile: a.mobile, email: a.email, studentName: a.studentName });
    const byMobile = await requestDemo({ ...family(), mobile: a.mobile });
    const byEmail = await requestDemo({ ...family(), email: a.email.toUpperCase() });
    const sameChild = await requestDemo({ ...family(), studentName: a.studentName });
    expect((await pairsOf("DEMO_REQUEST", byMobile.id)).map((p) => [p.otherId, p.rule])).toEqual([
      [first.id, "MOBILE"],
    ]);
    expect((await pairsOf("DEMO_REQUEST", byEmail.id)).map((p) => [p.otherId, p.rule])).toEqual([
      [first.id, "EMAIL"],
    ]);
    expect(await pairsOf("DEMO_REQUEST", sameChild.id)).toEqual([]);
    // An application from the same family is another kind: not a duplicate of the demo request.
    const application = await apply({ mobile: a.mobile, email: a.email });
    expect((await pairsOf("APPLICATION", application.id)).some((p) => p.otherId === first.id)).toBe(false);
  });

  it("finds one sent through POST /api/applications, the mobile written any way", async () => {
    const a = family();
    const first = await apply({ mobile: a.mobile });
    // Sent as an API client sends it (plain fetch: the answer's contract is enquiries.test.ts's business).
    const response = await fetch(`${app.baseUrl}/api/applications`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        ...validApplication(),
        ...family(),
        mobile: `+91 ${a.mobile.slice(0, 5)}-${a.mobile.slice(5)}`,
      }),
    });
    expect(response.status).toBe(201);
    const answer = { body: (await response.json()) as { id: number } };
    expect((await pairsOf("APPLICATION", answer.body.id)).map((p) => [p.otherId, p.rule])).toEqual([
      [first.id, "MOBILE"],
    ]);
  });

  it("marks at most the five most recent earlier records", async () => {
    const a = family();
    const earlier = [];
    for (let i = 0; i < 7; i++) earlier.push(await apply({ ...family(), mobile: a.mobile }));
    const last = await apply({ ...family(), mobile: a.mobile });
    const pairs = await pairsOf("APPLICATION", last.id);
    expect(pairs.map((p) => p.otherId).sort((x, y) => x - y)).toEqual(earlier.slice(2).map((row) => row.id));
  });
});

/** An earlier and a later application of one family, the later marked against the earlier. */
async function twoApplications() {
  const a = family();
  const earlier = await apply(a);
  const later = await apply({ ...family(), mobile: a.mobile });
  const [pair] = await pairsOf("APPLICATION", later.id);
  return { earlier, later, pair: pair! };
}

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(isAppError(error), String(error)).toBe(true);
  return error as { status: number; message: string };
}

describe("staff merge two records", () => {
  it("moves the history, notes and follow-ups to the one kept, says so on both, and lists it once", async () => {
    const { earlier, later, pair } = await twoApplications();
    await app.services.applications.updateStatus(later.id, { status: "CONTACTED" }, adminId);
    await app.services.recordDetails.addNote(
      "APPLICATION",
      later.id,
      { note: "Called the father." },
      adminId,
    );
    await app.services.recordDetails.addNote("APPLICATION", earlier.id, { note: "First enquiry." }, adminId);
    // An open follow-up on each: the earlier day stays, the other is closed.
    await app.db.insert(followUps).values([
      {
        recordType: "APPLICATION",
        recordId: String(earlier.id),
        dueOn: "2030-01-20",
        note: "Later day",
        setBy: adminId,
      },
      {
        recordType: "APPLICATION",
        recordId: String(later.id),
        dueOn: "2030-01-10",
        note: "Earlier day",
        setBy: adminId,
      },
    ]);
    const countsBefore = await app.services.applications.listPage({ q: later.studentName });
    expect(countsBefore.total).toBe(1);
    const totalBefore = await app.services.applications.count();

    const merged = await app.services.duplicates.merge(
      "APPLICATION",
      { pairId: pair.id, keepId: earlier.id },
      adminId,
    );
    expect(merged).toEqual({ keptId: earlier.id, mergedId: later.id });

    const kept = await eventsOf("APPLICATION", earlier.id);
    expect(kept.map((event) => event.kind).sort()).toEqual(
      ["FOLLOW_UP_DONE", "MERGED", "NOTE", "NOTE", "STATUS_CHANGED"].sort(),
    );
    expect(kept.find((event) => event.kind === "MERGED")?.note).toContain(`#${later.id}`);
    expect(kept.find((event) => event.kind === "FOLLOW_UP_DONE")?.toStatus).toBe("2030-01-20");
    const gone = await eventsOf("APPLICATION", later.id);
    expect(gone.map((event) => [event.kind, event.actorId])).toEqual([["MERGED", adminId]]);
    expect(gone[0]!.note).toContain(`#${earlier.id}`);

    const moved = await app.db
      .select()
      .from(followUps)
      .where(and(eq(followUps.recordType, "APPLICATION"), eq(followUps.recordId, String(earlier.id))));
    expect(moved.map((row) => [row.dueOn, row.doneAt === null])).toEqual(
      expect.arrayContaining([
        ["2030-01-10", true],
        ["2030-01-20", false],
      ]),
    );
    expect(moved).toHaveLength(2);

    const [decided] = await app.db
      .select()
      .from(possibleDuplicates)
      .where(eq(possibleDuplicates.id, pair.id));
    expect([decided!.decision, decided!.decidedBy, decided!.decidedAt !== null]).toEqual([
      "MERGED",
      adminId,
      true,
    ]);

    // Kept for the audit, no longer listed, counted or found.
    const page = await app.services.recordDetails.application(later.id);
    expect(page.record.mergedIntoId).toBe(earlier.id);
    expect((await app.services.applications.listPage({ q: later.studentName })).total).toBe(0);
    expect(await app.services.applications.count()).toBe(totalBefore - 1);
    expect((await app.services.applications.list()).some((row) => row.id === later.id)).toBe(false);
    const search = await app.services.adminSearch.search({ q: later.studentName });
    expect(search.found && search.groups.find((g) => g.kind === "applications")?.total).toBe(0);
    expect(await app.services.duplicates.forRecord("APPLICATION", earlier.id)).toEqual([]);
    // Its seat is offered on the one kept, never on it; refused, nothing changes.
    const refused = await refusal(app.services.offers.offer(later.id, {}, adminId));
    expect([refused.status, refused.message]).toEqual([
      409,
      `This application was merged into application #${earlier.id}: offer the seat, or the waitlist, there.`,
    ]);
    expect((await refusal(app.services.offers.waitlist(later.id, adminId))).status).toBe(409);
    expect((await app.services.recordDetails.application(later.id)).record.status).toBe("CONTACTED");
    // A later submission is not compared with the merged-away record.
    const next = await apply({ ...family(), studentName: later.studentName, dob: later.dob });
    expect((await pairsOf("APPLICATION", next.id)).some((p) => p.otherId === later.id)).toBe(false);
  });

  it("merges demo requests the same way, the later one kept", async () => {
    const a = family();
    const earlier = await requestDemo({ mobile: a.mobile });
    const later = await requestDemo({ ...family(), email: "x@example.com", mobile: a.mobile });
    const [pair] = await pairsOf("DEMO_REQUEST", later.id);
    await app.services.duplicates.merge("DEMO_REQUEST", { pairId: pair!.id, keepId: later.id }, adminId);
    expect((await eventsOf("DEMO_REQUEST", later.id)).map((event) => event.kind)).toEqual(["MERGED"]);
    expect((await eventsOf("DEMO_REQUEST", earlier.id)).map((event) => event.kind)).toEqual(["MERGED"]);
    expect((await app.services.recordDetails.demo(earlier.id)).record.mergedIntoId).toBe(later.id);
    expect(
      (await app.services.demos.listPage({ q: earlier.studentName })).rows.map((row) => row.id),
    ).not.toContain(earlier.id);
  });

  it("merges a pair once when two staff merge it at the same time", async () => {
    const { earlier, later, pair } = await twoApplications();
    const outcomes = await Promise.allSettled([
      app.services.duplicates.merge("APPLICATION", { pairId: pair.id, keepId: earlier.id }, adminId),
      app.services.duplicates.merge("APPLICATION", { pairId: pair.id, keepId: later.id }, adminId),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const failed = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(isAppError(failed.reason) && failed.reason.status).toBe(409);
    const merged = [earlier.id, later.id].map(
      async (id) => (await app.services.recordDetails.application(id)).record.mergedIntoId,
    );
    expect((await Promise.all(merged)).filter((into) => into !== null)).toHaveLength(1);
    const events = [
      ...(await eventsOf("APPLICATION", earlier.id)),
      ...(await eventsOf("APPLICATION", later.id)),
    ];
    expect(events.filter((event) => event.kind === "MERGED")).toHaveLength(2);
  });

  it("refuses, changing nothing, to merge away an application on the waitlist, or a pair decided", async () => {
    const { earlier, later, pair } = await twoApplications();
    await app.services.offers.waitlist(later.id, adminId);
    const eventsBefore = await eventsOf("APPLICATION", later.id);
    const refused = await refusal(
      app.services.duplicates.merge("APPLICATION", { pairId: pair.id, keepId: earlier.id }, adminId),
    );
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/waitlist/);
    expect(await eventsOf("APPLICATION", later.id)).toEqual(eventsBefore);
    expect((await app.services.recordDetails.application(later.id)).record.mergedIntoId).toBeNull();
    const [still] = await app.db.select().from(possibleDuplicates).where(eq(possibleDuplicates.id, pair.id));
    expect(still!.decision).toBeNull();

    // Keeping the one on the waitlist is fine; then the pair is decided and refused again.
    await app.services.duplicates.merge("APPLICATION", { pairId: pair.id, keepId: later.id }, adminId);
    expect(
      (await refusal(app.services.duplicates.markDistinct("APPLICATION", pair.id, adminId))).status,
    ).toBe(409);
    // A record not one of the pair's is not kept; an unknown pair is not found.
    const other = await twoApplications();
    expect(
      (
        await refusal(
          app.services.duplicates.merge(
            "APPLICATION",
            { pairId: other.pair.id, keepId: earlier.id },
            adminId,
          ),
        )
      ).status,
    ).toBe(400);
    expect(
      (await refusal(app.services.duplicates.markDistinct("DEMO_REQUEST", other.pair.id, adminId))).status,
    ).toBe(404);
  });
});

describe("staff mark two records distinct", () => {
  it("decides the pair DISTINCT, writes MARKED_DISTINCT on both, and never lists it again", async () => {
    const { earlier, later, pair } = await twoApplications();
    await app.services.duplicates.markDistinct("APPLICATION", pair.id, adminId);
    for (const [id, other] of [
      [earlier.id, later.id],
      [later.id, earlier.id],
    ] as const) {
      const events = await eventsOf("APPLICATION", id);
      expect(events.map((event) => [event.kind, event.actorId])).toEqual([["MARKED_DISTINCT", adminId]]);
      expect(events[0]!.note).toContain(`#${other}`);
      expect(await app.services.duplicates.forRecord("APPLICATION", id)).toEqual([]);
    }
    expect(await app.services.duplicates.flaggedAmong("APPLICATION", [earlier.id, later.id])).toEqual([]);
    // Both stay listed.
    expect((await app.services.applications.listPage({ q: later.studentName })).total).toBe(1);
  });

  it("shows the badge of an undecided pair on both records of a list page", async () => {
    const { earlier, later } = await twoApplications();
    const stranger = await apply(family());
    expect(
      (await app.services.duplicates.flaggedAmong("APPLICATION", [earlier.id, later.id, stranger.id])).sort(),
    ).toEqual([earlier.id, later.id].sort());
  });
});
