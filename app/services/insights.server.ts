import { sql, type SQL } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { DIRECT_SOURCE } from "~/domain/enquiry-sources";
import { isoDateInIndia } from "~/domain/format";
import { GRADES, type Grade } from "~/domain/grades";
import {
  DEFAULT_RANGE_DAYS,
  EMPTY_COUNTS,
  FUNNEL_STEPS,
  STEP_TEXTS,
  type FunnelCell,
  type FunnelCounts,
  type InsightsFilter,
} from "~/domain/insights";
import { queryRows, type Database } from "../../db/client";
import { safeCell } from "./account-data.server";
import { loadCharts, type Chart } from "./insights-charts.server";
import type { CsvDownload } from "./list-export.server";

/** The sources a page names one by one, the busiest first; the rest are added up as "other sources". */
const NAMED_SOURCES = 12;
const OTHER_SOURCES = "other sources";

/** Everything /admin/insights shows for a range, worked out from one pass over the records. */
export type Insights = {
  filter: InsightsFilter;
  totals: FunnelCounts;
  /** Each week of the range (its Monday, India's calendar), in order, empty weeks included. */
  weeks: { week: string; counts: FunnelCounts }[];
  byGrade: { grade: Grade; counts: FunnelCounts }[];
  bySource: { source: string; counts: FunnelCounts }[];
  /** Median wait from arrival to the first contact, in seconds, of the enquiries contacted; null: none was. */
  medianFirstContactSeconds: number | null;
  /** Enquiries of the range still waiting for a first contact. */
  notContacted: number;
  /** Every (week, grade, source) counted: the CSV's lines. */
  cells: FunnelCell[];
};

export type InsightsPage = Omit<Insights, "cells"> & {
  charts: Record<"funnel" | "weekly" | "sources" | "grades", Chart>;
};

export type Headline = Pick<Insights, "filter" | "totals" | "medianFirstContactSeconds"> & { trend: Chart };

type CellRow = {
  week: string;
  grade: Grade;
  source: string;
  applications: number;
  contacted: number;
  offered: number;
  admitted: number;
  demo_requests: number;
  paid_without_application: number;
  median: number | null;
  waiting: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const indiaMidnight = (day: string) => new Date(`${day}T00:00:00+05:30`);

/** A record's source: its campaign, else the site that sent it, else "direct"; lower case. */
const sourceOf = (table: SQL) =>
  sql`lower(coalesce(nullif(${table}.utm_source, ''), nullif(${table}.referrer_host, ''), ${DIRECT_SOURCE}))`;

/**
 * The arrivals of a range as one set: applications (with how far each got), demo requests, and
 * enrollments paid from the fee page without an application. The same rules as the admin lists'
 * date filter (India's calendar days, the last included), so a list filtered to the range counts
 * the same records.
 */
function arrivals(filter: InsightsFilter): SQL {
  const from = indiaMidnight(filter.from);
  const until = new Date(indiaMidnight(filter.to).getTime() + DAY_MS);
  const within = (table: SQL) =>
    sql`${table}.created_at >= ${from} and ${table}.created_at < ${until}${
      filter.grade ? sql` and ${table}.grade = ${filter.grade}` : sql``
    }${filter.source ? sql` and ${sourceOf(table)} = ${filter.source}` : sql``}`;
  return sql`
    select 'application' as kind, a.created_at, a.grade, ${sourceOf(sql`a`)} as source, a.first_contacted_at,
      o.application_id is not null as offered, coalesce(o.accepted, false) as admitted
    from applications a
    left join (
      select application_id, bool_or(status = 'ACCEPTED') as accepted from offers group by application_id
    ) o on o.application_id = a.id
    where a.merged_into_id is null and ${within(sql`a`)}
    union all
    select 'demo', d.created_at, d.grade, ${sourceOf(sql`d`)}, d.first_contacted_at, false, false
    from demo_requests d
    where d.merged_into_id is null and ${within(sql`d`)}
    union all
    select 'paid', r.created_at, r.grade, ${sourceOf(sql`r`)}, null, false, false
    from orders r
    where r.offer_id is null and r.status = 'PAID' and ${within(sql`r`)}`;
}

/**
 * The cells of a range: arrivals counted by week, grade and source (sources past the busiest
 * folded), each line also carrying the range's median wait for a first contact and how many
 * enquiries still wait for one. One statement, one pass over the records: on PGlite a second
 * scan of a year was most of the page's time.
 */
function cellsQuery(filter: InsightsFilter): SQL {
  return sql`
    with arrivals as materialized (${arrivals(filter)}),
    named as (
      select source from arrivals group by source order by count(*) desc, source limit ${NAMED_SOURCES}
    ),
    waits as (
      select percentile_cont(0.5) within group (order by extract(epoch from first_contacted_at - created_at))
          as median,
        count(*) filter (where first_contacted_at is null) as waiting
      from arrivals where kind <> 'paid'
    )
    select to_char(date_trunc('week', created_at at time zone 'Asia/Kolkata'), 'YYYY-MM-DD') as week,
      grade,
      case when source in (select source from named) then source else ${OTHER_SOURCES} end as source,
      count(*) filter (where kind = 'application')::int as applications,
      count(*) filter (where kind = 'application' and first_contacted_at is not null)::int as contacted,
      count(*) filter (where kind = 'application' and offered)::int as offered,
      count(*) filter (where kind = 'application' and admitted)::int as admitted,
      count(*) filter (where kind = 'demo')::int as demo_requests,
      count(*) filter (where kind = 'paid')::int as paid_without_application,
      (select median from waits)::float8 as median,
      (select waiting from waits)::int as waiting
    from arrivals
    group by 1, 2, 3`;
}

const countsOf = (row: CellRow): FunnelCounts => ({
  enquiries: row.applications + row.demo_requests,
  applications: row.applications,
  contacted: row.contacted,
  offered: row.offered,
  admitted: row.admitted,
  demoRequests: row.demo_requests,
  paidWithoutApplication: row.paid_without_application,
});

function add(into: FunnelCounts, counts: FunnelCounts): void {
  for (const key of Object.keys(into) as (keyof FunnelCounts)[]) into[key] += counts[key];
}

/** Counts added up by a key, in the order `keys` gives. */
function grouped<Key extends string>(cells: FunnelCell[], keyOf: (cell: FunnelCell) => Key, keys: Key[]) {
  const sums = new Map(keys.map((key) => [key, { ...EMPTY_COUNTS }]));
  for (const cell of cells) {
    const key = keyOf(cell);
    let sum = sums.get(key);
    if (!sum) sums.set(key, (sum = { ...EMPTY_COUNTS }));
    add(sum, cell);
  }
  return [...sums];
}

/** Every family that arrived: the enquiries and the enrollments paid without one. */
const arrived = (counts: FunnelCounts) => counts.enquiries + counts.paidWithoutApplication;

/** Each Monday from the range's first week to its last, as India's calendar days. */
function mondaysOf({ from, to }: InsightsFilter): string[] {
  const start = new Date(`${from}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  const weeks: string[] = [];
  for (let day = start; day.toISOString().slice(0, 10) <= to; day = new Date(day.getTime() + 7 * DAY_MS))
    weeks.push(day.toISOString().slice(0, 10));
  return weeks;
}

const CSV_COLUMNS: [string, (cell: FunnelCell) => string | number][] = [
  ["Week (Monday)", (cell) => cell.week],
  ["Grade", (cell) => cell.grade],
  ["Source", (cell) => cell.source],
  ...FUNNEL_STEPS.map((step): [string, (cell: FunnelCell) => number] => [
    STEP_TEXTS[step].label,
    (cell) => cell[step],
  ]),
  ["Demo requests", (cell) => cell.demoRequests],
  ["Paid without an application", (cell) => cell.paidWithoutApplication],
];

/**
 * The admissions funnel (issue 40 point 2): where families come from, how far they get, how soon
 * they hear from the school. Read-only, from the records themselves: nothing is kept aside that
 * could disagree with the lists.
 */
export function createInsightsService(db: Database, today: () => string = () => isoDateInIndia()) {
  async function insights(filter: InsightsFilter): Promise<Insights> {
    const rows = await queryRows<CellRow>(db, cellsQuery(filter));
    const median = rows[0];
    const cells = rows
      .map((row): FunnelCell => ({ week: row.week, grade: row.grade, source: row.source, ...countsOf(row) }))
      .sort(
        (a, b) =>
          a.week.localeCompare(b.week) ||
          GRADES.indexOf(a.grade) - GRADES.indexOf(b.grade) ||
          a.source.localeCompare(b.source),
      );
    const totals = { ...EMPTY_COUNTS };
    for (const cell of cells) add(totals, cell);
    const bySource = grouped(cells, (cell) => cell.source, [])
      .map(([source, counts]) => ({ source, counts }))
      .sort((a, b) => arrived(b.counts) - arrived(a.counts) || a.source.localeCompare(b.source));
    return {
      filter,
      totals,
      weeks: grouped(cells, (cell) => cell.week, mondaysOf(filter)).map(([week, counts]) => ({
        week,
        counts,
      })),
      byGrade: grouped(cells, (cell) => cell.grade, [...GRADES])
        .map(([grade, counts]) => ({ grade, counts }))
        .filter(({ counts }) => arrived(counts) > 0),
      bySource,
      medianFirstContactSeconds: median?.median ?? null,
      notContacted: median?.waiting ?? 0,
      cells,
    };
  }

  return {
    insights,
    /** /admin/insights: the figures of a range and their charts (the CSV's lines stay out of the page). */
    async page(filter: InsightsFilter): Promise<InsightsPage> {
      const [{ cells: _lines, ...figures }, { funnelChart, weeklyChart, groupChart }] = await Promise.all([
        insights(filter),
        loadCharts(),
      ]);
      return {
        ...figures,
        charts: {
          funnel: funnelChart(figures.totals),
          weekly: weeklyChart(figures.weeks),
          sources: groupChart(
            "sources-chart",
            "Enquiries and admissions by source",
            figures.bySource.map(({ source, counts }) => ({ name: source, counts })),
          ),
          grades: groupChart(
            "grades-chart",
            "Enquiries and admissions by grade",
            figures.byGrade.map(({ grade, counts }) => ({ name: grade, counts })),
          ),
        },
      };
    },
    /** The dashboard's figures: the default range (the last twelve weeks), as the insights page shows it. */
    async headline(): Promise<Headline> {
      const to = today();
      const from = new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS)
        .toISOString()
        .slice(0, 10);
      const { trendLine } = await loadCharts();
      const { filter, totals, weeks, medianFirstContactSeconds } = await insights({
        from,
        to,
        grade: null,
        source: null,
      });
      return { filter, totals, medianFirstContactSeconds, trend: trendLine(weeks) };
    },
    /** The page's data as CSV: one line per week, grade and source, the same counts as the page. */
    async csv(filter: InsightsFilter): Promise<CsvDownload> {
      const { cells } = await insights(filter);
      const text = stringify(
        cells.map((cell) => CSV_COLUMNS.map(([, value]) => safeCell(value(cell)))),
        { bom: true, header: true, columns: CSV_COLUMNS.map(([heading]) => heading) },
      );
      return {
        fileName: `insights-${filter.from}-to-${filter.to}.csv`,
        body: new Blob([text]).stream(),
      };
    },
    today,
  };
}
