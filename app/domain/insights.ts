import { z } from "zod";
import { GRADES, type Grade } from "./grades";
import { isCalendarDate } from "./list-query";

/**
 * The admissions funnel of /admin/insights (issue 40 point 2), one home for what each step counts.
 * A cohort: the enquiries that arrived in the range, and how far each has got since (whenever
 * that happened). Merged records (issue 40 point 4) are counted in the record they were merged
 * into, never twice.
 */
export const FUNNEL_STEPS = ["enquiries", "applications", "contacted", "offered", "admitted"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const STEP_TEXTS: Record<FunnelStep, { label: string; counts: string }> = {
  enquiries: { label: "Enquiries", counts: "Applications and demo requests received." },
  applications: { label: "Applications", counts: "Admission applications received." },
  contacted: { label: "Contacted", counts: "Applications staff have moved out of Pending." },
  offered: { label: "Offered", counts: "Applications offered a seat." },
  admitted: { label: "Paid / admitted", counts: "Applications whose seat offer was paid for." },
};

/** What one week, grade and source counted: the funnel's steps and the two counts beside it. */
export type FunnelCounts = Record<FunnelStep, number> & {
  demoRequests: number;
  /** Enrollments paid from the fee page without an application (not a step of the funnel). */
  paidWithoutApplication: number;
};

export const EMPTY_COUNTS: FunnelCounts = {
  enquiries: 0,
  applications: 0,
  contacted: 0,
  offered: 0,
  admitted: 0,
  demoRequests: 0,
  paidWithoutApplication: 0,
};

/** One cell of the data: a week (its Monday), a grade, a source. The CSV has one line per cell. */
export type FunnelCell = FunnelCounts & { week: string; grade: Grade; source: string };

/** The longest range one page draws: a year and a day (a leap year's 366 days, inclusive). */
const MAX_RANGE_DAYS = 367;
/** The range shown when none is chosen: the last twelve weeks, today included. */
export const DEFAULT_RANGE_DAYS = 84;
/** Longest source name accepted in the address (campaign values are kept to 100 letters). */
const MAX_SOURCE = 253;

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** "" or absent: any. */
const optional = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

const day = (which: string) =>
  optional(
    z.string().refine(isCalendarDate, {
      error: `Please give the ${which} day as YYYY-MM-DD, e.g. 2026-11-26.`,
    }),
  );

/**
 * The insights' filters (`?from=&to=&grade=&source=`), for the page, its CSV and the dashboard:
 * India's calendar days, both included. A range out of order, longer than a year, or a grade the
 * school does not teach is refused with a message, never guessed at.
 */
const insightsQuery = z
  .object({
    from: day("first"),
    to: day("last"),
    grade: optional(
      z.enum(GRADES, { error: "There is no such grade. Choose one of the school's grades, or all." }),
    ),
    source: optional(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(MAX_SOURCE, { error: `Please choose a source of at most ${MAX_SOURCE} letters.` }),
    ),
  })
  .superRefine((query, context) => {
    if (!query.from || !query.to) return;
    const days = dayNumber(query.to) - dayNumber(query.from) + 1;
    if (days < 1)
      context.addIssue({
        code: "custom",
        path: ["to"],
        message: "The last day must not be before the first.",
      });
    else if (days > MAX_RANGE_DAYS)
      context.addIssue({ code: "custom", path: ["to"], message: "Please choose a range of at most a year." });
  });

export type InsightsFilter = { from: string; to: string; grade: Grade | null; source: string | null };

/** The range a query asks for, the default filled in around `today` (India's calendar day). */
function insightsFilter(query: z.infer<typeof insightsQuery>, today: string): InsightsFilter {
  const shift = (from: string, days: number) =>
    new Date((dayNumber(from) + days) * DAY_MS).toISOString().slice(0, 10);
  const to = query.to ?? (query.from ? minDay(shift(query.from, DEFAULT_RANGE_DAYS - 1), today) : today);
  const from = query.from ?? shift(to, -(DEFAULT_RANGE_DAYS - 1));
  return { from, to, grade: query.grade ?? null, source: query.source ?? null };
}

const minDay = (a: string, b: string) => (a < b ? a : b);

/** The share a step kept of the one before it, e.g. "62%"; "–" when there was nothing to keep. */
export function conversion(count: number, before: number): string {
  return before > 0 ? `${Math.round((count / before) * 100)}%` : "–";
}

/** A median wait in words: "3 h 20 min", "2 days 4 h", "45 min". */
export function formatWait(seconds: number | null): string {
  if (seconds === null) return "–";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
  return `${Math.floor(hours / 24)} days${hours % 24 ? ` ${hours % 24} h` : ""}`;
}

const INSIGHTS_FIELDS = ["from", "to", "grade", "source"] as const;
export type InsightsField = (typeof INSIGHTS_FIELDS)[number];
export type InsightsValues = Record<InsightsField, string>;

export type ParsedInsights =
  | { ok: true; filter: InsightsFilter; values: InsightsValues }
  | { ok: false; errors: Partial<Record<InsightsField, string>>; values: InsightsValues };

/** The address's filters read with the one schema; refused ones come back with a reason each. */
export function parseInsightsQuery(params: URLSearchParams, today: string): ParsedInsights {
  const values = Object.fromEntries(
    INSIGHTS_FIELDS.map((field) => [field, (params.get(field) ?? "").slice(0, MAX_SOURCE + 1)]),
  ) as InsightsValues;
  const parsed = insightsQuery.safeParse(values);
  if (parsed.success) return { ok: true, filter: insightsFilter(parsed.data, today), values };
  const errors: Partial<Record<InsightsField, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as InsightsField] ??= issue.message;
  return { ok: false, errors, values };
}

/** The address of the insights (or their CSV) for a filter, e.g. "?from=2026-09-01&to=2026-11-27&grade=Grade%201". */
export function insightsSearch(filter: Partial<Record<InsightsField, string | null>>): string {
  const params = new URLSearchParams();
  for (const field of INSIGHTS_FIELDS) {
    const value = filter[field];
    if (value) params.set(field, value);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}
