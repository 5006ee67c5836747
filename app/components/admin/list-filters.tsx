import { Form, Link, useLocation } from "@remix-run/react";
import { GRADES } from "~/domain/grades";
import {
  LIST_KINDS,
  LIST_SORTS,
  listSearch,
  tabLabel,
  type ListKind,
  type ListField,
  type ListFilters,
  type ListKindName,
  type ListValues,
} from "~/domain/list-query";
import { ROLES } from "~/domain/statuses";
import { FormAlert, SelectField, TextField } from "../ui/field";

const pill =
  "inline-flex items-center gap-2 rounded-full border-2 px-3 py-1 text-sm font-bold transition-colors sm:px-4 sm:py-1.5 sm:text-base";
const pillState = (active: boolean) =>
  active
    ? "border-navy bg-navy text-white"
    : "border-navy/15 bg-white text-navy hover:border-navy hover:bg-navy-50";

/** The filters only some lists have (ListKind's `grades`, `roles`), with "all" first. */
const OPTIONAL_SELECTS = [
  {
    field: "grade",
    shownWhen: "grades",
    label: "Grade",
    options: [{ value: "", label: "All grades" }, ...GRADES],
  },
  {
    field: "role",
    shownWhen: "roles",
    label: "Role",
    options: [{ value: "", label: "All roles" }, ...ROLES],
  },
] as const satisfies { field: ListField; shownWhen: "grades" | "roles"; label: string; options: unknown[] }[];

/** The date range's two ends, as the form names them and as their labels end ("Received from"). */
const DATE_BOUNDS = ["from", "to"] as const;

/** The filters a list's address carries, minus those refused (a link never carries a refused value on). */
function usable({ values, errors }: ListFilters): Partial<ListValues> {
  return Object.fromEntries(Object.entries(values).filter(([field]) => !(field in errors)));
}

/** One tab of a list (a status, or an orders' view): a plain link, its count beside its name. */
export function TabLink({
  to,
  active,
  label,
  count,
}: {
  to: string;
  active: boolean;
  label: string;
  count: number | null;
}) {
  return (
    <Link to={to} aria-current={active ? "page" : undefined} className={`${pill} ${pillState(active)}`}>
      {label}
      {count !== null ? (
        <span
          className={`rounded-full px-2 text-sm ${active ? "bg-white text-navy" : "bg-navy-50 text-navy"}`}
        >
          {count.toLocaleString("en-IN")}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * The status tabs (issue 19): "All" and each status with how many rows it has under the other
 * filters; each a plain link keeping those filters (and going back to page 1).
 */
export function StatusTabs({
  kind,
  filters,
  counts,
}: {
  kind: ListKindName;
  filters: ListFilters;
  counts: Record<string, number> | null;
}) {
  const spec: ListKind = LIST_KINDS[kind];
  const kept = usable(filters);
  const current = filters.errors.status ? null : filters.values.status;
  const total = counts ? Object.values(counts).reduce((sum, each) => sum + each, 0) : null;
  const tabs: { status: string; label: string; count: number | null }[] = [
    { status: "", label: "All", count: total },
    ...spec.statuses.map((status) => ({ status, label: tabLabel(status), count: counts?.[status] ?? null })),
  ];
  return (
    <nav aria-label="Filter by status" className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => {
          const active = tab.status === (current ?? "");
          return (
            <li key={tab.status || "all"}>
              <TabLink
                to={`${spec.path}${listSearch({ ...kept, status: tab.status })}`}
                active={active}
                label={tab.label}
                count={tab.count}
              />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The filter form of an admin list: a plain GET form (works without JavaScript; Remix's Form
 * with it), so the filters live in the address: the back button, a shared link and a reload all
 * show the same list. Refused values come back with their reason beside the field. "Export CSV"
 * downloads the list as filtered.
 */
export function ListFilterForm({
  kind,
  filters,
  hidden = {},
}: {
  kind: ListKindName;
  filters: ListFilters;
  /** Parameters the form keeps as they are (the status tab, the orders' view). */
  hidden?: Record<string, string>;
}) {
  const spec: ListKind = LIST_KINDS[kind];
  const { values, errors } = filters;
  const location = useLocation();
  const refused = Object.keys(errors).length > 0;
  const exportHref = `${spec.path}/export.csv${listSearch({ ...usable(filters), ...hidden })}`;
  const keptStatus = errors.status ? "" : values.status;
  const hiddenFields = { ...(keptStatus && spec.statuses.length ? { status: keptStatus } : {}), ...hidden };
  const error = (field: keyof ListValues) => (errors[field] ? [errors[field]] : undefined);
  return (
    <section aria-label="Filters" className="mb-6 rounded-3xl bg-white p-4 shadow-soft sm:p-5">
      {refused ? (
        <div className="mb-4">
          <FormAlert message="Some filters could not be used. Please correct them:" />
          <ul className="mt-2 list-disc pl-6 text-sm font-semibold text-coral-dark">
            {Object.entries(errors).map(([field, message]) => (
              <li key={field}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {/* Keyed by the address, so going back shows the fields as that address has them. */}
      <Form
        key={location.search}
        method="get"
        action={spec.path}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        {Object.entries(hiddenFields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <TextField
          name="q"
          idPrefix="filter"
          label="Find in this list"
          type="search"
          defaultValue={values.q}
          hint={spec.searchHint}
          errors={error("q")}
          className="sm:col-span-2"
        />
        {OPTIONAL_SELECTS.filter(({ shownWhen }) => spec[shownWhen]).map(({ field, label, options }) => (
          <SelectField
            key={field}
            name={field}
            idPrefix="filter"
            label={label}
            defaultValue={errors[field] ? "" : values[field]}
            options={options}
            errors={error(field)}
          />
        ))}
        <SelectField
          name="sort"
          idPrefix="filter"
          label="Order"
          defaultValue={errors.sort ? "newest" : values.sort || "newest"}
          options={Object.entries(LIST_SORTS).map(([value, label]) => ({ value, label }))}
          errors={error("sort")}
        />
        {DATE_BOUNDS.map((bound) => (
          <TextField
            key={bound}
            name={bound}
            idPrefix="filter"
            label={`${spec.dateLabel} ${bound}`}
            type="date"
            defaultValue={values[bound]}
            errors={error(bound)}
          />
        ))}
        <div className="flex flex-wrap items-end gap-3 sm:col-span-2">
          <button
            type="submit"
            className="rounded-full bg-navy px-5 py-2.5 font-bold text-white hover:bg-navy-dark focus-visible:outline-[3px] focus-visible:outline-offset-2 focus-visible:outline-coral"
          >
            Apply filters
          </button>
          <Link
            to={`${spec.path}${listSearch(hidden)}`}
            className="rounded-full px-3 py-2.5 font-bold text-navy underline underline-offset-2 hover:text-navy-dark"
          >
            Clear filters
          </Link>
          {refused ? null : (
            <a
              href={exportHref}
              download
              className="ml-auto rounded-full border-2 border-navy/15 px-4 py-2 font-bold text-navy hover:border-navy hover:bg-navy-50"
            >
              Export CSV
            </a>
          )}
        </div>
      </Form>
    </section>
  );
}
