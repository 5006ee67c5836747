// The admissions insights (issue 40 points 2 and 6) over a real database: the funnel's numbers
// against seeded records whose answer is known, the charts described, refused filters, and the
// same figures on the insights page, the dashboard, the admin lists' filtered counts and the CSV.
import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { isoDateInIndia } from "~/domain/format";
import { EMPTY_COUNTS, FUNNEL_STEPS, type FunnelCounts } from "~/domain/insights";
import { loader as dashboardLoader } from "~/routes/admin._index";
import { loader as insightsLoader } from "~/routes/admin.insights";
import { loader as insightsCsv } from "~/routes/admin.insights[.]csv";
import { applications, demoRequests, offers, orders } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";

let app: TestApp;

const HOUR_MS = 60 * 60 * 1000;
const today = isoDateInIndia();
/** 10:00 in India, `days` before today. */
const daysAgo = (days: number, hours = 0) =>
  new Date(Date.parse(`${today}T10:00:00+05:30`) - days * 24 * HOUR_MS + hours * HOUR_MS);
const dayOf = (days: number) => isoDateInIndia(daysAgo(days));

const family = (n: number) => ({
  parentName: `Parent ${n}`,
  studentName: `Child ${n}`,
  mobile: `+9198765${String(10_000 + n).padStart(5, "0")}`,
  email: `family${n}@example.com`,
});

/**
 * The seeded season (the last twelve weeks, the default range): five applications counted (one
 * more merged into another, one too old), two demo requests, one enrollment paid without an
 * application, and orders that are not counted (unpaid, or paying an offer).
 */
async function seed() {
  const { db } = app;
  const application = async (
    n: number,
    values: Partial<typeof applications.$inferInsert> & {
      grade: (typeof applications.$inferInsert)["grade"];
    },
  ) => {
    const [row] = await db
      .insert(applications)
      .values({ ...family(n), dob: "2019-05-01", ...values })
      .returning({ id: applications.id });
    return row!.id;
  };
  const admitted = await application(1, {
    grade: "Grade 1",
    utmSource: "facebook",
    utmCampaign: "diwali",
    status: "APPROVED",
    createdAt: daysAgo(3),
    firstContactedAt: daysAgo(3, 2),
  });
  const offered = await application(2, {
    grade: "Grade 1",
    utmSource: "facebook",
    status: "CONTACTED",
    createdAt: daysAgo(10),
    firstContactedAt: daysAgo(10, 4),
  });
  await application(3, {
    grade: "Nursery",
    referrerHost: "google.com",
    status: "CONTACTED",
    createdAt: daysAgo(10),
    firstContactedAt: daysAgo(10, 6),
  });
  const kept = await application(4, { grade: "Nursery", createdAt: daysAgo(20) });
  await application(5, { grade: "Grade 1", createdAt: daysAgo(20), mergedIntoId: kept });
  await application(6, { grade: "Grade 2", utmSource: "Facebook", createdAt: daysAgo(40) });
  await application(7, { grade: "Grade 1", utmSource: "facebook", createdAt: daysAgo(100) });
  const expiresAt = daysAgo(-5);
  const [acceptedOffer] = await db
    .insert(offers)
    .values([
      { applicationId: admitted, grade: "Grade 1", status: "ACCEPTED", expiresAt },
      { applicationId: offered, grade: "Grade 1", status: "OFFERED", expiresAt },
    ])
    .returning({ id: offers.id });
  await db.insert(demoRequests).values([
    {
      ...family(8),
      grade: "Grade 1",
      preferredDateTime: "Saturday morning",
      utmSource: "facebook",
      status: "CONTACTED",
      createdAt: daysAgo(3),
      firstContactedAt: daysAgo(3, 1),
    },
    { ...family(9), grade: "Nursery", preferredDateTime: "Any evening", createdAt: daysAgo(50) },
  ]);
  const order = (n: number, values: Partial<typeof orders.$inferInsert>) => ({
    ...family(n),
    grade: "Grade 2" as const,
    amount: 1_500_000,
    gateway: "razorpay",
    ...values,
  });
  await db.insert(orders).values([
    order(10, { status: "PAID", utmSource: "google", createdAt: daysAgo(5), paidAt: daysAgo(5) }),
    order(11, { status: "CREATED", createdAt: daysAgo(5) }),
    order(1, {
      grade: "Grade 1",
      status: "PAID",
      offerId: acceptedOffer!.id,
      createdAt: daysAgo(2),
      paidAt: daysAgo(2),
    }),
  ]);
}

const admin = { id: 0, name: "Staff", email: "staff@example.com", role: "ADMIN" as const };
const context = () =>
  ({
    services: app.services,
    user: admin,
    reportError: vi.fn(),
    flash: { set: async () => "flash=set", message: null },
  }) as unknown as AppLoadContext;
const get = (path: string) => new Request(`http://localhost:3000${path}`);

/** A loader's `data(...)` answer as its status and body. */
async function loaded(answer: unknown) {
  if (answer && typeof answer === "object" && "type" in answer && answer.type === "DataWithResponseInit") {
    const { data, init } = answer as unknown as { data: any; init: { status?: number } | null };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: answer as any };
}

beforeAll(async () => {
  app = await startTestApp();
  await seed();
});
afterAll(async () => {
  await app?.close();
});

describe("the funnel", () => {
  it("counts the seeded season: each step, the sources, the grades, the median first contact", async () => {
    const insights = await app.services.insights.insights({
      from: dayOf(83),
      to: today,
      grade: null,
      source: null,
    });
    expect(insights.totals).toEqual({
      enquiries: 7,
      applications: 5,
      contacted: 3,
      offered: 2,
      admitted: 1,
      demoRequests: 2,
      paidWithoutApplication: 1,
    } satisfies FunnelCounts);
    // Waits of 1, 2, 4 and 6 hours: the median is 3 hours.
    expect(insights.medianFirstContactSeconds).toBe(3 * 3600);
    expect(insights.notContacted).toBe(3);
    const bySource = Object.fromEntries(
      insights.bySource.map(({ source, counts }) => [
        source,
        [counts.enquiries, counts.admitted, counts.paidWithoutApplication],
      ]),
    );
    // "Facebook" and "facebook" are one source; a referring site counts when there is no campaign.
    expect(bySource).toEqual({
      facebook: [4, 1, 0],
      direct: [2, 0, 0],
      "google.com": [1, 0, 0],
      google: [0, 0, 1],
    });
    expect(insights.bySource.map(({ source }) => source)).toEqual([
      "facebook",
      "direct",
      "google",
      "google.com",
    ]);
    expect(insights.byGrade.map(({ grade, counts }) => [grade, counts.enquiries])).toEqual([
      ["Nursery", 3],
      ["Grade 1", 3],
      ["Grade 2", 1],
    ]);
    expect(insights.weeks.length).toBeGreaterThanOrEqual(12);
    expect(insights.weeks.reduce((sum, { counts }) => sum + counts.enquiries, 0)).toBe(7);
  });

  it("narrows to a grade and to a source, in the database", async () => {
    const grade1 = await app.services.insights.insights({
      from: dayOf(83),
      to: today,
      grade: "Grade 1",
      source: null,
    });
    expect([grade1.totals.applications, grade1.totals.demoRequests, grade1.totals.admitted]).toEqual([
      2, 1, 1,
    ]);
    const facebook = await app.services.insights.insights({
      from: dayOf(83),
      to: today,
      grade: null,
      source: "facebook",
    });
    expect([facebook.totals.enquiries, facebook.totals.contacted, facebook.totals.offered]).toEqual([
      4, 2, 2,
    ]);
    expect(facebook.medianFirstContactSeconds).toBe(2 * 3600);
  });

  it("answers a range nobody arrived in with zeros, its empty weeks, no median and an empty CSV", async () => {
    const quiet = { from: dayOf(400), to: dayOf(390), grade: null, source: null };
    const insights = await app.services.insights.insights(quiet);
    expect(insights.totals).toEqual(EMPTY_COUNTS);
    expect(insights.weeks.length).toBeGreaterThanOrEqual(2);
    expect(insights.weeks.every(({ counts }) => counts.enquiries + counts.paidWithoutApplication === 0)).toBe(
      true,
    );
    expect([insights.byGrade, insights.bySource]).toEqual([[], []]);
    expect([insights.medianFirstContactSeconds, insights.notContacted]).toEqual([null, 0]);
    const csv = await new Response((await app.services.insights.csv(quiet)).body).text();
    expect(
      csv
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\n"),
    ).toHaveLength(1);
  });

  it("draws each chart as SVG with a title and a description, and no inline style", async () => {
    const { status, body } = await loaded(
      await insightsLoader({ request: get("/admin/insights"), context: context(), params: {} }),
    );
    expect(status).toBe(200);
    const { charts, totals } = body.loaded.data;
    expect(totals.enquiries).toBe(7);
    for (const chart of Object.values<{ svg: string }>(charts)) {
      const opening = chart.svg.slice(0, chart.svg.indexOf(">"));
      const id = /aria-labelledby="([\w-]+)-title"/.exec(opening)?.[1];
      expect(opening).toContain('role="img"');
      expect(opening).toContain(`aria-describedby="${id}-desc"`);
      expect(chart.svg).toMatch(
        /<title id="[\w-]+-title">[^<]+<\/title><desc id="[\w-]+-desc">[^<]+<\/desc>/,
      );
      expect(chart.svg).not.toMatch(/<style|style="/);
    }
    expect(charts.funnel.svg).toContain(
      "From 7 enquiries: 5 applications, 3 contacted, 2 offered a seat, 1 paid and admitted.",
    );
  });

  it("keeps a source's name as text in a chart, never as markup", async () => {
    await app.db.insert(applications).values({
      ...family(20),
      dob: "2019-05-01",
      grade: "Grade 3",
      utmSource: `<script>alert("x")</script>`,
      createdAt: daysAgo(1),
    });
    try {
      const page = await app.services.insights.page({
        from: dayOf(1),
        to: dayOf(1),
        grade: null,
        source: null,
      });
      expect(page.charts.sources.svg).not.toContain("<script>");
      expect(page.charts.sources.svg).toContain("&lt;script&gt;");
    } finally {
      await app.db.delete(applications).where(eq(applications.utmSource, `<script>alert("x")</script>`));
    }
  });

  it.each([
    ["?from=2026-13-01", "from"],
    ["?from=2026-11-20&to=2026-11-01", "to"],
    ["?from=2024-01-01&to=2026-01-01", "to"],
    ["?grade=Grade%2099", "grade"],
  ])("refuses %s with the reason beside its field and no figures", async (search, field) => {
    const { status, body } = await loaded(
      await insightsLoader({ request: get(`/admin/insights${search}`), context: context(), params: {} }),
    );
    expect(status).toBe(400);
    expect(body.loaded.data).toBeNull();
    expect(Object.keys(body.errors)).toEqual([field]);
    const csv = await insightsCsv({
      request: get(`/admin/insights.csv${search}`),
      context: context(),
      params: {},
    });
    expect(csv.status).toBe(400);
  });
});

describe("figures agree everywhere (issue 40 point 6)", () => {
  const csvTotals = async (search: string) => {
    const answer = await insightsCsv({
      request: get(`/admin/insights.csv${search}`),
      context: context(),
      params: {},
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toMatch(
      /^attachment; filename="insights-[\d-]+-to-[\d-]+\.csv"$/,
    );
    const [header, ...lines] = (await answer.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n")
      .map((line) => line.split(","));
    const column = (name: string) => header!.indexOf(name);
    const sum = (name: string) => lines.reduce((total, line) => total + Number(line[column(name)]), 0);
    return {
      enquiries: sum("Enquiries"),
      applications: sum("Applications"),
      admitted: sum("Paid / admitted"),
      demos: sum("Demo requests"),
    };
  };

  it.each([
    ["the default twelve weeks", "", null],
    ["one grade over the last month", `?from=${dayOf(29)}&to=${today}&grade=Grade%201`, "Grade 1"],
  ] as const)(
    "%s: the insights page, the CSV, the lists' counts and the dashboard",
    async (_, search, grade) => {
      const { body } = await loaded(
        await insightsLoader({ request: get(`/admin/insights${search}`), context: context(), params: {} }),
      );
      const page = body.loaded.data;
      const { from, to } = page.filter;
      const [applicationList, demoList] = await Promise.all([
        app.services.applications.listPage({ from, to, grade, page: 1, limit: 1 }),
        app.services.demos.listPage({ from, to, grade, page: 1, limit: 1 }),
      ]);
      const csv = await csvTotals(search);
      expect(csv).toEqual({
        enquiries: page.totals.enquiries,
        applications: page.totals.applications,
        admitted: page.totals.admitted,
        demos: page.totals.demoRequests,
      });
      expect(applicationList.total).toBe(page.totals.applications);
      expect(demoList.total).toBe(page.totals.demoRequests);
      expect(
        page.weeks.reduce((sum: number, week: { counts: FunnelCounts }) => sum + week.counts.enquiries, 0),
      ).toBe(page.totals.enquiries);
      if (!search) {
        const dashboard = await loaded(
          await dashboardLoader({ request: get("/admin"), context: context(), params: {} }),
        );
        const headline = dashboard.body.headline.data;
        for (const step of FUNNEL_STEPS) expect(headline.totals[step], step).toBe(page.totals[step]);
      }
    },
  );
});
