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

/** Everything /admin/insights shows for a range. */
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
};

export type InsightsPage = Insights & {
  charts: Record<"funnel" | "weekly" | "sources" | "grades", Chart>;
};

export type Headline = Pick<Insights, "filter" | "totals" | "medianFirstContactSeconds"> & { trend: Chart };

/** A line of the counts: a cell, or (the page's breakdowns) a week, a grade, a source or the whole range. */
type CountsRow = {
  /** Which of week, grade and source the line is not split by: a bit each, as PostgreSQL's grouping(). */
  merged: number;
  week_index: number | null;
  grade: Grade | null;
  source: string | null;
  applications: number;
  contacted: number;
  offered: number;
  admitted: number;
  demo_requests: number;
  paid_without_application: number;
  waiting: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const indiaMidnight = (day: string) => new Date(`${day}T00:00:00+05:30`);

/** A record's source: its campaign, else the site that sent it, else "direct"; lower case. */
const sourceOf = (table: SQL) =>
  sql`lower(coalesce(nullif(${table}.utm_source, ''), nullif(${table}.referrer_host, ''), ${DIRECT_SOURCE}))`;

/** Each Monday from the range's first week to its last, as India's calendar days. */
function mondaysOf({ from, to }: InsightsFilter): string[] {
  const start = new Date(`${from}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  const weeks: string[] = [];
  for (let day = start; day.toISOString().slice(0, 10) <= to; day = new Date(day.getTime() + 7 * DAY_MS))
    weeks.push(day.toISOString().slice(0, 10));
  return weeks;
}

/**
 * The rows of a range, each table by its own rules: the same as the admin lists' date filter
 * (India's calendar days, the last included), so a list filtered to the range counts the same
 * records.
 */
function within(table: SQL, filter: InsightsFilter): SQL {
  const from = indiaMidnight(filter.from);
  const until = new Date(indiaMidnight(filter.to).getTime() + DAY_MS);
  return sql`${table}.created_at >= ${from} and ${table}.created_at < ${until}${
    filter.grade ? sql` and ${table}.grade = ${filter.grade}` : sql``
  }${filter.source ? sql` and ${sourceOf(table)} = ${filter.source}` : sql``}`;
}

/**
 * The counts of a range: the arrivals (applications with how far each got, demo requests,
 * enrollments paid from the fee page without an application) counted by week, grade and source,
 * the sources past the busiest folded. `cells`: a line per week, grade and source (the CSV);
 * `breakdowns`: a line per week, per grade, per source and one for the whole range (the page and
 * the dashboard: about eighty lines where a year has thousands of cells, the same sums). Each line
 * also carries how many of the range's enquiries still wait for a first contact. Each table is
 * counted first by its raw columns (the week found by a binary search in the range's Mondays, the
 * source's two columns as they are), so the per-row work is one pass of plain comparisons and the
 * rest runs on a few thousand groups: a year of 130,000 records in one set, read three times, was
 * most of the page's time (docs/performance.md).
 */
function countsQuery(filter: InsightsFilter, mondays: string[], lines: "cells" | "breakdowns"): SQL {
  const weekStarts = `{${mondays.map((monday) => indiaMidnight(monday).toISOString()).join(",")}}`;
  const week = (table: SQL) => sql`width_bucket(${table}.created_at, ${weekStarts}::timestamptz[])`;
  return sql`
    with counted as (
      select ${week(sql`a`)} as week_index, a.grade, a.utm_source, a.referrer_host,
        count(*) as applications, count(a.first_contacted_at) as contacted,
        count(o.application_id) as offered, count(*) filter (where o.accepted) as admitted,
        0 as demo_requests, 0 as paid_without_application,
        count(*) filter (where a.first_contacted_at is null) as waiting
      from applications a
      left join (
        select application_id, bool_or(status = 'ACCEPTED') as accepted from offers group by application_id
      ) o on o.application_id = a.id
      where a.merged_into_id is null and ${within(sql`a`, filter)}
      group by 1, 2, 3, 4
      union all
      select ${week(sql`d`)}, d.grade, d.utm_source, d.referrer_host, 0, 0, 0, 0, count(*), 0,
        count(*) filter (where d.first_contacted_at is null)
      from demo_requests d
      where d.merged_into_id is null and ${within(sql`d`, filter)}
      group by 1, 2, 3, 4
      union all
      select ${week(sql`r`)}, r.grade, r.utm_source, r.referrer_host, 0, 0, 0, 0, 0, count(*), 0
      from orders r
      where r.offer_id is null and r.status = 'PAID' and ${within(sql`r`, filter)}
      group by 1, 2, 3, 4
    ),
    sourced as materialized (
      select week_index, grade, ${sourceOf(sql`counted`)} as source, applications, contacted, offered, admitted,
        demo_requests, paid_without_application, waiting
      from counted
    ),
    named as (
      select source from sourced group by source
      order by sum(applications + demo_requests + paid_without_application) desc, source
      limit ${NAMED_SOURCES}
    )
    select grouping(week_index, grade, source) as merged, week_index, grade, source,
      coalesce(sum(applications), 0)::int as applications, coalesce(sum(contacted), 0)::int as contacted, coalesce(sum(offered), 0)::int as offered,
      coalesce(sum(admitted), 0)::int as admitted, coalesce(sum(demo_requests), 0)::int as demo_requests,
      coalesce(sum(paid_without_application), 0)::int as paid_without_application,
      coalesce((select sum(waiting) from sourced), 0)::int as waiting
    from (
      select week_index, grade,
        case when source in (select source from named) then source else ${OTHER_SOURCES} end as source,
        applications, contacted, offered, admitted, demo_requests, paid_without_application
      from sourced
    ) folded
    group by ${
      lines === "cells"
        ? sql`week_index, grade, source`
        : sql`grouping sets ((week_index), (grade), (source), ())`
    }`;
}

/**
 * The median wait from arrival to the first contact, in seconds, of the range's enquiries that
 * were contacted (null: none was). Its own statement, so that on PostgreSQL it runs on a second
 * connection while the cells are counted (a second read of the range, a third of the page's
 * database time when it ran inside the cells' statement); on PGlite the two run one after the other.
 */
function medianWaitQuery(filter: InsightsFilter): SQL {
  const wait = (table: SQL) => sql`date_part('epoch', ${table}.first_contacted_at - ${table}.created_at)`;
  return sql`
    select percentile_cont(0.5) within group (order by wait)::float8 as median
    from (
      select ${wait(sql`a`)} as wait from applications a
      where a.merged_into_id is null and a.first_contacted_at is not null and ${within(sql`a`, filter)}
      union all
      select ${wait(sql`d`)} from demo_requests d
      where d.merged_into_id is null and d.first_contacted_at is not null and ${within(sql`d`, filter)}
    ) contacts`;
}

const countsOf = (row: CountsRow): FunnelCounts => ({
  enquiries: row.applications + row.demo_requests,
  applications: row.applications,
  contacted: row.contacted,
  offered: row.offered,
  admitted: row.admitted,
  demoRequests: row.demo_requests,
  paidWithoutApplication: row.paid_without_application,
});

/** grouping(week_index, grade, source)'s bits: which of the three a line is not split by. */
const MERGED = { week: 4, grade: 2, source: 1 } as const;
/** One collator for every comparison: `localeCompare` makes a new one per call (most of a year's sort). */
const byText = new Intl.Collator("en").compare;
const gradeOrder = new Map<string, number>(GRADES.map((grade, index) => [grade, index]));

/** Every family that arrived: the enquiries and the enrollments paid without one. */
const arrived = (counts: FunnelCounts) => counts.enquiries + counts.paidWithoutApplication;

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
    const mondays = mondaysOf(filter);
    const [rows, [median]] = await Promise.all([
      queryRows<CountsRow>(db, countsQuery(filter, mondays, "breakdowns")),
      queryRows<{ median: number | null }>(db, medianWaitQuery(filter)),
    ]);
    const lines = (merged: number) => rows.filter((row) => row.merged === merged);
    const counted = (key: (row: CountsRow) => string | null, merged: number) =>
      new Map(lines(merged).map((row) => [key(row)!, countsOf(row)]));
    const byWeek = counted((row) => mondays[row.week_index! - 1]!, MERGED.grade | MERGED.source);
    const byGrade = counted((row) => row.grade, MERGED.week | MERGED.source);
    const bySource = counted((row) => row.source, MERGED.week | MERGED.grade);
    const [whole] = lines(MERGED.week | MERGED.grade | MERGED.source);
    return {
      filter,
      totals: whole ? countsOf(whole) : { ...EMPTY_COUNTS },
      weeks: mondays.map((week) => ({ week, counts: byWeek.get(week) ?? { ...EMPTY_COUNTS } })),
      byGrade: GRADES.flatMap((grade) => {
        const counts = byGrade.get(grade);
        return counts && arrived(counts) > 0 ? [{ grade, counts }] : [];
      }),
      bySource: [...bySource]
        .map(([source, counts]) => ({ source, counts }))
        .sort((a, b) => arrived(b.counts) - arrived(a.counts) || byText(a.source, b.source)),
      medianFirstContactSeconds: median?.median ?? null,
      notContacted: rows[0]?.waiting ?? 0,
    };
  }

  /** Every (week, grade, source) counted, in order: the CSV's lines. */
  async function cells(filter: InsightsFilter): Promise<FunnelCell[]> {
    const mondays = mondaysOf(filter);
    const rows = await queryRows<CountsRow>(db, countsQuery(filter, mondays, "cells"));
    return rows
      .map((row): FunnelCell => ({
        week: mondays[row.week_index! - 1]!,
        grade: row.grade!,
        source: row.source!,
        ...countsOf(row),
      }))
      .sort(
        (a, b) =>
          byText(a.week, b.week) ||
          gradeOrder.get(a.grade)! - gradeOrder.get(b.grade)! ||
          byText(a.source, b.source),
      );
  }

  return {
    insights,
    /** /admin/insights: the figures of a range and their charts. */
    async page(filter: InsightsFilter): Promise<InsightsPage> {
      const [figures, { funnelChart, weeklyChart, groupChart }] = await Promise.all([
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
      const text = stringify(
        (await cells(filter)).map((cell) => CSV_COLUMNS.map(([, value]) => safeCell(value(cell)))),
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
