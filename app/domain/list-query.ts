import { z } from "zod";
import { GRADES, type Grade } from "./grades";
import { RECORD_KINDS, statusesOf, type ListOptions, type RecordKindName } from "./record-kinds";
import { ROLES, statusLabel, type Role } from "./statuses";

/**
 * The filters of the admin lists (issue 19 point 3), one schema for the list page's loader, its
 * CSV export and the services: `?status=&grade=&role=&from=&to=&q=&sort=&page=`. An empty
 * parameter means "any"; a value the list does not know is refused with a message, never guessed.
 */

export const LIST_SORTS = { newest: "Newest first", oldest: "Oldest first" } as const;
export type ListSort = keyof typeof LIST_SORTS;

export { ACCOUNT_STATES, type AccountState } from "./statuses";

/** Longest free text a list is searched with (names, addresses and mobiles are far shorter). */
const MAX_LIST_SEARCH = 100;

/** A list's filters, each null (or "") when not asked for. Dates are India's calendar dates, inclusive. */
export type ListFilter<Status extends string = string> = {
  status: Status | null;
  grade: Grade | null;
  role: Role | null;
  from: string | null;
  to: string | null;
  q: string;
  sort: ListSort;
};

/** What a service's listPage takes: any of the filters, and which page of how many rows. */
export type ListQuery<Status extends string = string> = Partial<ListFilter<Status>> & {
  page?: number;
  limit?: number;
};

/** The filter fields as the form names them (and as the address carries them). */
const LIST_FIELDS = ["status", "grade", "role", "from", "to", "q", "sort"] as const;
export type ListField = (typeof LIST_FIELDS)[number];

/** What each admin list can be filtered by: its kind's list options, statuses and address. */
export type ListKind<Status extends string = string> = ListOptions & {
  /** The status tabs (`?status=`); none for orders, whose views (`?view=`) are their tabs. */
  statuses: readonly Status[];
  path: string;
};

/** The kinds with an admin list that these filters serve (app/domain/record-kinds.ts). */
type ListedKind = {
  [Kind in RecordKindName]: (typeof RECORD_KINDS)[Kind]["list"] extends null ? never : Kind;
}[RecordKindName];

function listKindOf<Kind extends ListedKind>(kind: Kind) {
  const { list, adminPath } = RECORD_KINDS[kind];
  return { ...list, statuses: statusesOf(kind), path: adminPath };
}

export const LIST_KINDS = {
  applications: listKindOf("applications"),
  demos: listKindOf("demos"),
  teacherApplications: listKindOf("teacherApplications"),
  orders: { ...listKindOf("orders"), statuses: [] as const },
  users: listKindOf("users"),
} as const satisfies Record<ListedKind, ListKind>;
export type ListKindName = keyof typeof LIST_KINDS;
export type StatusOf<Kind extends ListKindName> = (typeof LIST_KINDS)[Kind]["statuses"][number];

/** How a status is named on its tab: "Pending", "Partially refunded", "Active". */
export function tabLabel(status: string): string {
  return statusLabel(status);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD ("2026-02-30" is not one). */
export function isCalendarDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A typed value shown back in a message, cut short so a long tampered link cannot flood the page. */
const shown = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

const listOf = (names: readonly string[]) =>
  names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;

/** "" and absent are both "any". */
const optional = (schema: z.ZodType) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

function choice<const Values extends readonly string[]>(values: Values, message: (typed: string) => string) {
  return optional(
    z.string().refine((typed) => values.includes(typed), { error: (issue) => message(String(issue.input)) }),
  ) as unknown as z.ZodType<Values[number] | undefined>;
}

const date = (which: string) =>
  optional(
    z.string().refine(isCalendarDate, {
      error: (issue) =>
        `“${shown(String(issue.input))}” is not a date. Please give the ${which} date as YYYY-MM-DD, e.g. 2026-11-26.`,
    }),
  ) as unknown as z.ZodType<string | undefined>;

/** The schema of one list's filters, from the address's query or the filter form. */
function buildListFilterSchema<Kind extends ListKindName>(kind: Kind) {
  const spec: ListKind = LIST_KINDS[kind];
  const none = (what: string) => (typed: string) => `There is no ${what} “${shown(typed)}” here.`;
  const nothing = (field: string) =>
    optional(z.string().refine(() => false, { error: () => `This list has no ${field} to filter by.` }));
  return z
    .object({
      status: spec.statuses.length
        ? choice(
            spec.statuses,
            (typed) =>
              `${none("status")(typed)} Choose ${listOf(spec.statuses.map(tabLabel))}, or all of them.`,
          )
        : nothing("status"),
      grade: spec.grades
        ? choice(
            GRADES,
            (typed) => `${none("grade")(typed)} Choose one of the school's grades, or all of them.`,
          )
        : nothing("grade"),
      role: spec.roles
        ? choice(ROLES, (typed) => `${none("role")(typed)} Choose ${listOf([...ROLES])}, or both.`)
        : nothing("role"),
      from: date("first"),
      to: date("last"),
      q: optional(
        z
          .string()
          .trim()
          .max(MAX_LIST_SEARCH, { error: `Please search with at most ${MAX_LIST_SEARCH} characters.` }),
      ) as unknown as z.ZodType<string | undefined>,
      sort: choice(Object.keys(LIST_SORTS) as ListSort[], () => "Sort newest first or oldest first."),
    })
    .superRefine((filter, context) => {
      if (filter.from && filter.to && filter.from > filter.to)
        context.addIssue({
          code: "custom",
          path: ["to"],
          message: `The last date (${filter.to}) is before the first (${filter.from}). Please swap them.`,
        });
    })
    .transform((filter): ListFilter<StatusOf<Kind>> => ({
      status: (filter.status ?? null) as StatusOf<Kind> | null,
      grade: (filter.grade ?? null) as Grade | null,
      role: (filter.role ?? null) as Role | null,
      from: filter.from ?? null,
      to: filter.to ?? null,
      q: filter.q ?? "",
      sort: filter.sort ?? "newest",
    }));
}

type ListFilterSchema<Kind extends ListKindName> = ReturnType<typeof buildListFilterSchema<Kind>>;
const listFilterSchemas = new Map<ListKindName, ListFilterSchema<ListKindName>>();

/**
 * Built once per list: zod compiles a schema on its first parse, which a schema made per request
 * repeated on every admin list page (3-4% of /admin/applications' render in a CPU profile).
 */
function listFilterSchema<Kind extends ListKindName>(kind: Kind): ListFilterSchema<Kind> {
  let schema = listFilterSchemas.get(kind);
  if (!schema) {
    schema = buildListFilterSchema(kind);
    listFilterSchemas.set(kind, schema);
  }
  return schema;
}

/** The filter form's values as typed (strings), to show them again beside a message. */
export type ListValues = Record<ListField, string>;

/** The filter form of a list as the loader read it: what was typed, and why any of it was refused. */
export type ListFilters = { values: ListValues; errors: Partial<Record<ListField, string>> };

/** A list's filters read from an address: the typed filter, or a message per refused field. */
export type ParsedList<Status extends string> =
  | { ok: true; filter: ListFilter<Status>; values: ListValues }
  | { ok: false; errors: Partial<Record<ListField, string>>; values: ListValues };

export function parseListFilter<Kind extends ListKindName>(
  kind: Kind,
  params: URLSearchParams,
): ParsedList<StatusOf<Kind>> {
  const values = Object.fromEntries(
    LIST_FIELDS.map((field) => [field, (params.get(field) ?? "").slice(0, MAX_LIST_SEARCH * 2)]),
  ) as ListValues;
  const parsed = listFilterSchema(kind).safeParse(values);
  if (parsed.success) return { ok: true, filter: parsed.data, values };
  const errors: Partial<Record<ListField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ListField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors, values };
}

/** The address's query for a filter (empty and default values left out), e.g. "?status=PENDING&from=2026-11-01". */
export function listSearch(
  filter: Partial<Record<ListField | "page" | "view", string | number | null>>,
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value === null || value === undefined || value === "") continue;
    if (name === "sort" && value === "newest") continue;
    if (name === "page" && Number(value) <= 1) continue;
    params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The query parameters an admin list's address may carry (a status change comes back to them). */
export const LIST_PARAMS: readonly string[] = [...LIST_FIELDS, "page", "view"];
