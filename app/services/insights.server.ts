import { sql, type Placeholder, type SQL } from "drizzle-orm";
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
import { keptFigure } from "./derived-figures.server";
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
 * A range as its statements read it: the first moment in, the first moment after, the Mondays'
 * midnights (an array's text) and the narrowing by grade and source; as values, or as a prepared
 * statement's placeholders (the dashboard's headline).
 */
type Bounds = {
  from: Date | Placeholder;
  until: Date | Placeholder;
  weekStarts: string | Placeholder;
  grade: Grade | null;
  source: string | null;
};

/** A filter's bounds: India's calendar days, the last included, as the admin lists' date filter. */
function boundsOf(filter: InsightsFilter, mondays: string[]): Bounds {
  return {
    from: indiaMidnight(filter.from),
    until: new Date(indiaMidnight(filter.to).getTime() + DAY_MS),
    weekStarts: `{${mondays.map((monday) => indiaMidnight(monday).toISOString()).join(",")}}`,
    grade: filter.grade,
    source: filter.source,
  };
}

/**
 * The rows of a range, each table by its own rules: the same as the admin lists' date filter, so
 * a list filtered to the range counts the same records.
 */
function within(table: SQL, bounds: Bounds): SQL {
  return sql`${table}.created_at >= ${bounds.from} and ${table}.created_at < ${bounds.until}${
    bounds.grade ? sql` and ${table}.grade = ${bounds.grade}` : sql``
  }${bounds.source ? sql` and ${sourceOf(table)} = ${bounds.source}` : sql``}`;
}

/**
 * The arrivals of a range (applications with how far each got, demo requests, enrollments paid
 * from the fee page without an application) counted per week, and per grade and the source's two
 * columns as they are when `split`. Each line also carries how many still wait for a first
 * contact. The week is found by a binary search in the range's Mondays, so the per-row work is one
 * pass of plain comparisons.
 */
function arrivalsCounted(bounds: Bounds, split: boolean): SQL {
  const week = (table: SQL) => sql`width_bucket(${table}.created_at, ${bounds.weekStarts}::timestamptz[])`;
  const keys = (table: SQL) =>
    split ? sql`, ${table}.grade, ${table}.utm_source, ${table}.referrer_host` : sql``;
  const groups = split ? sql`1, 2, 3, 4` : sql`1`;
  return sql`
      select ${week(sql`a`)} as week_index${keys(sql`a`)},
        count(*) as applications, count(a.first_contacted_at) as contacted, 0 as offered, 0 as admitted,
        0 as demo_requests, 0 as paid_without_application,
        count(*) filter (where a.first_contacted_at is null) as waiting
      from applications a
      where a.merged_into_id is null and ${within(sql`a`, bounds)}
      group by ${groups}
      union all
      -- The offers on its own lines, from the offers: the applications are read once, by the lines above.
      select ${week(sql`a`)}${keys(sql`a`)}, 0, 0, count(distinct o.application_id),
        count(distinct o.application_id) filter (where o.status = 'ACCEPTED'), 0, 0, 0
      from offers o
      join applications a on a.id = o.application_id
      where a.merged_into_id is null and ${within(sql`a`, bounds)}
      group by ${groups}
      union all
      select ${week(sql`d`)}${keys(sql`d`)}, 0, 0, 0, 0, count(*), 0,
        count(*) filter (where d.first_contacted_at is null)
      from demo_requests d
      where d.merged_into_id is null and ${within(sql`d`, bounds)}
      group by ${groups}
      union all
      select ${week(sql`r`)}${keys(sql`r`)}, 0, 0, 0, 0, 0, count(*), 0
      from orders r
      where r.offer_id is null and r.status = 'PAID' and ${within(sql`r`, bounds)}
      group by ${groups}`;
}

/** The sums of counted arrivals' lines, named as CountsRow names them. */
const SUMS = sql.raw(
  ["applications", "contacted", "offered", "admitted", "demo_requests", "paid_without_application"]
    .map((column) => `coalesce(sum(${column}), 0)::int as ${column}`)
    .join(", "),
);

/**
 * The counts of a range by week, grade and source, the sources past the busiest folded. `cells`:
 * a line per week, grade and source (the CSV); `breakdowns`: a line per week, per grade, per
 * source and one for the whole range (the page: about eighty lines where a year has thousands of
 * cells, the same sums). Each table is counted first by its raw columns and the rest runs on a few
 * thousand groups: a year of 130,000 records in one set, read three times, was most of the page's
 * time (docs/performance.md).
 */
function countsQuery(bounds: Bounds, lines: "cells" | "breakdowns"): SQL {
  return sql`
    with counted as (${arrivalsCounted(bounds, true)}
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
    select grouping(week_index, grade, source) as merged, week_index, grade, source, ${SUMS},
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
function medianWaitQuery(bounds: Bounds): SQL {
  const wait = (table: SQL) => sql`date_part('epoch', ${table}.first_contacted_at - ${table}.created_at)`;
  return sql`
    select percentile_cont(0.5) within group (order by wait)::float8 as median
    from (
      select ${wait(sql`a`)} as wait from applications a
      where a.merged_into_id is null and a.first_contacted_at is not null and ${within(sql`a`, bounds)}
      union all
      select ${wait(sql`d`)} from demo_requests d
      where d.merged_into_id is null and d.first_contacted_at is not null and ${within(sql`d`, bounds)}
    ) contacts`;
}

/**
 * The dashboard's headline: the range's totals and a line per week (`merged` 1: the whole range),
 * with the median wait, in one statement: no grade or source, so nothing to fold.
 */
function headlineQuery(bounds: Bounds): SQL {
  return sql`
    select grouping(week_index) as merged, week_index, ${SUMS}, (${medianWaitQuery(bounds)}) as median
    from (${arrivalsCounted(bounds, false)}) as counted
    group by grouping sets ((week_index), ())`;
}

/** A line of the headline: a week's counts (`merged` 0) or the whole range's with the median wait (1). */
type HeadlineRow = Pick<CountsRow, "merged" | "week_index"> & Sums & { median: number | null };

/** Every table the funnel's counts read: a write to any of them makes the kept headline stale. */
const COUNTED_TABLES = ["applications", "demo_requests", "offers", "orders"] as const;

type Sums = Pick<
  CountsRow,
  "applications" | "contacted" | "offered" | "admitted" | "demo_requests" | "paid_without_application"
>;

const countsOf = (row: Sums): FunnelCounts => ({
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
 * The dashboard's headline lines, with placeholders for the range (`from`, `until`, `weekStarts`).
 * /admin reads it on every visit: kept in the database until a counted table changes, so a visit
 * reads one row instead of every record of twelve weeks (issue 41, decision 0056).
 */
export function keptHeadline(db: Database) {
  return keptFigure<HeadlineRow>(db, {
    name: "insights_headline",
    tables: COUNTED_TABLES,
    rows: headlineQuery({
      from: sql.placeholder("from"),
      until: sql.placeholder("until"),
      weekStarts: sql.placeholder("weekStarts"),
      grade: null,
      source: null,
    }),
  });
}

/**
 * The admissions funnel (issue 40 point 2): where families come from, how far they get, how soon
 * they hear from the school. Read-only, from the records themselves: nothing is kept aside that
 * could disagree with the lists.
 */
export function createInsightsService(db: Database, today: () => string = () => isoDateInIndia()) {
  const headlineLines = keptHeadline(db);

  async function insights(filter: InsightsFilter): Promise<Insights> {
    const mondays = mondaysOf(filter);
    const bounds = boundsOf(filter, mondays);
    const [rows, [median]] = await Promise.all([
      queryRows<CountsRow>(db, countsQuery(bounds, "breakdowns")),
      queryRows<{ median: number | null }>(db, medianWaitQuery(bounds)),
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
    const rows = await queryRows<CountsRow>(db, countsQuery(boundsOf(filter, mondays), "cells"));
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
      const filter: InsightsFilter = { from, to, grade: null, source: null };
      const mondays = mondaysOf(filter);
      const { from: start, until, weekStarts } = boundsOf(filter, mondays);
      const [rows, { trendLine }] = await Promise.all([
        headlineLines.execute({ params: `${from}/${to}`, from: start, until, weekStarts }),
        loadCharts(),
      ]);
      const byWeek = new Map(
        rows.filter((row) => row.merged === 0).map((row) => [mondays[row.week_index! - 1]!, countsOf(row)]),
      );
      const whole = rows.find((row) => row.merged === 1);
      return {
        filter,
        totals: whole ? countsOf(whole) : { ...EMPTY_COUNTS },
        medianFirstContactSeconds: whole?.median ?? null,
        trend: trendLine(mondays.map((week) => ({ week, counts: byWeek.get(week) ?? { ...EMPTY_COUNTS } }))),
      };
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
