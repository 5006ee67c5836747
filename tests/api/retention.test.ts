import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/config.server";
import { describeRetention, startRetentionJob } from "~/services/retention.server";
import { applications, demoRequests, recordEvents } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { validApplication, validDemo } from "./helpers";

/**
 * Retention (issue 20 point 5, decision 0037): rejected applications and cancelled or completed
 * demo requests older than RETENTION_MONTHS lose their personal fields, each once, even with
 * several instances running the job at the same moment; the dry run lists what would go.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** A record as staff left it `monthsAgo` months ago. */
async function application(status: "PENDING" | "REJECTED" | "APPROVED", monthsAgo: number) {
  const sent = await app.api("/applications", {
    json: { ...validApplication(), studentName: "Old Applicant" },
  });
  expect(sent.status).toBe(201);
  await app.db
    .update(applications)
    .set({ status, createdAt: sql`now() - make_interval(months => ${monthsAgo})` })
    .where(eq(applications.id, sent.body.id));
  return sent.body.id as number;
}
async function demo(status: "PENDING" | "CANCELLED" | "COMPLETED" | "CONTACTED", monthsAgo: number) {
  const sent = await app.api("/demos", { json: { ...validDemo(), studentName: "Old Visitor" } });
  expect(sent.status).toBe(201);
  await app.db
    .update(demoRequests)
    .set({ status, createdAt: sql`now() - make_interval(months => ${monthsAgo})` })
    .where(eq(demoRequests.id, sent.body.id));
  return sent.body.id as number;
}

describe("retention", () => {
  it("is 24 months unless RETENTION_MONTHS says otherwise, a whole number of months", () => {
    expect(loadConfig({}).retentionMonths).toBe(24);
    expect(loadConfig({ RETENTION_MONTHS: "36" }).retentionMonths).toBe(36);
    for (const bad of ["0", "1.5", "forever", "241"]) {
      expect(() => loadConfig({ RETENTION_MONTHS: bad })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ RETENTION_MONTHS: "0" })).toThrow(
      /RETENTION_MONTHS must be a whole number of months/,
    );
  });

  it("lists, then anonymises once, exactly the old rejected applications and finished demo requests", async () => {
    const due = {
      applications: [await application("REJECTED", 25), await application("REJECTED", 30)],
      demoRequests: [await demo("CANCELLED", 25), await demo("COMPLETED", 26)],
    };
    const kept = {
      applications: [
        await application("REJECTED", 23),
        await application("APPROVED", 30),
        await application("PENDING", 30),
      ],
      demoRequests: [await demo("PENDING", 30), await demo("CONTACTED", 30), await demo("CANCELLED", 2)],
    };

    const preview = await app.services.retention.preview();
    expect(preview.applications).toEqual(due.applications);
    expect(preview.demoRequests).toEqual(due.demoRequests);
    const monthsBack = (Date.now() - preview.cutoff.getTime()) / (30.44 * 24 * 3_600_000);
    expect(monthsBack).toBeGreaterThan(23);
    expect(monthsBack).toBeLessThan(25);
    // The dry run changed nothing, and its report names ids and counts, not people.
    const report = describeRetention(preview, 24, true);
    expect(report).toContain(`Rejected applications: 2: ${due.applications.join(", ")}`);
    expect(report).toContain(`Cancelled or completed demo requests: 2: ${due.demoRequests.join(", ")}`);
    expect(report).toMatch(/^Dry run: would anonymise records sent before \d{4}-/);
    expect(report).not.toMatch(/Old Applicant|Old Visitor|@/);
    expect(
      await app.db.select().from(applications).where(inArray(applications.id, due.applications)),
    ).toEqual(
      expect.arrayContaining([expect.objectContaining({ studentName: "Old Applicant", anonymisedAt: null })]),
    );

    // Three instances at once, one record per batch so their claims interleave.
    const runs = await Promise.all([1, 2, 3].map(() => app.services.retention.run({ batchSize: 1 })));
    expect(runs.reduce((sum, run) => sum + run.applications, 0)).toBe(2);
    expect(runs.reduce((sum, run) => sum + run.demoRequests, 0)).toBe(2);

    const anonymisedApplications = await app.db
      .select()
      .from(applications)
      .where(inArray(applications.id, [...due.applications, ...kept.applications]));
    for (const row of anonymisedApplications) {
      if (due.applications.includes(row.id)) {
        expect(row).toMatchObject({
          studentName: "Erased",
          parentName: "Erased",
          mobile: "0000000000",
          email: `erased-${row.id}@invalid`,
          status: "REJECTED",
        });
        expect(row.dob).toMatch(/^\d{4}-01-01$/);
        expect(row.anonymisedAt).toBeInstanceOf(Date);
      } else {
        expect(row).toMatchObject({ studentName: "Old Applicant", anonymisedAt: null });
      }
    }
    const demos = await app.db
      .select()
      .from(demoRequests)
      .where(inArray(demoRequests.id, [...due.demoRequests, ...kept.demoRequests]));
    for (const row of demos) {
      expect(row.studentName).toBe(due.demoRequests.includes(row.id) ? "Erased" : "Old Visitor");
    }

    // Each record once in the history, whichever instance did it.
    const events = await app.db.select().from(recordEvents).where(eq(recordEvents.kind, "ANONYMISED"));
    const ids = (type: string) =>
      events
        .filter((event) => event.recordType === type)
        .map((event) => Number(event.recordId))
        .sort((a, b) => a - b);
    expect(ids("APPLICATION")).toEqual(due.applications);
    expect(ids("DEMO_REQUEST")).toEqual(due.demoRequests);
    expect(new Set(events.map((event) => event.note))).toEqual(
      new Set([
        "Rejected application anonymised (retention)",
        "Finished demo request anonymised (retention)",
      ]),
    );

    // Nothing is left for the next run.
    expect(await app.services.retention.run()).toEqual({ applications: 0, demoRequests: 0 });
    expect(await app.services.retention.preview()).toMatchObject({ applications: [], demoRequests: [] });
  });

  it("runs on a timer and stops after the batch under way", async () => {
    let runs = 0;
    let finish: () => void = () => {};
    const job = startRetentionJob({
      retention: {
        run: async () => {
          runs += 1;
          await new Promise<void>((resolve) => (finish = resolve));
          return { applications: 0, demoRequests: 0 };
        },
      },
      logger: { info: () => {}, warn: () => {} },
      firstAfterMs: 1,
      everyMs: 60_000,
    });
    await expect.poll(() => runs).toBe(1);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(runs).toBe(1);
  });
});
