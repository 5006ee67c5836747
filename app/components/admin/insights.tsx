import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatDate } from "~/domain/format";
import { GRADES } from "~/domain/grades";
import {
  conversion,
  FUNNEL_STEPS,
  STEP_TEXTS,
  type FunnelCounts,
  type FunnelStep,
  type InsightsField,
  type InsightsFilter,
  type InsightsValues,
} from "~/domain/insights";
import { listSearch } from "~/domain/list-query";
import { SelectField, TextField } from "../ui/field";

const count = (value: number) => value.toLocaleString("en-IN");
const cell = "px-3 py-2 text-right tabular-nums";
const headCell = "px-3 py-2 text-right text-sm font-bold text-ink-soft";

/** The range, grade and source of the insights: a GET form, so the address says what is shown. */
export function InsightsFilters({
  values,
  errors,
  sources,
  csvHref,
  shown,
}: {
  /** The range shown (the default one when the address names none). */
  shown: InsightsFilter | null;
  values: InsightsValues;
  errors: Partial<Record<InsightsField, string>>;
  sources: string[];
  csvHref: string | null;
}) {
  const location = useLocation();
  const error = (field: InsightsField) => (errors[field] ? [errors[field]] : undefined);
  const sourceChoices = [
    ...new Set([...sources, ...(values.source && !errors.source ? [values.source] : [])]),
  ];
  return (
    <section aria-labelledby="insights-filters" className="mb-8 rounded-4xl bg-white p-5 shadow-soft sm:p-6">
      <h2 id="insights-filters" className="sr-only">
        Range and filters
      </h2>
      <Form
        key={location.search}
        method="get"
        action="/admin/insights"
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <TextField
          name="from"
          idPrefix="insights"
          label="Received from"
          type="date"
          defaultValue={values.from || shown?.from}
          errors={error("from")}
        />
        <TextField
          name="to"
          idPrefix="insights"
          label="Received to"
          type="date"
          defaultValue={values.to || shown?.to}
          errors={error("to")}
        />
        <SelectField
          name="grade"
          idPrefix="insights"
          label="Grade"
          defaultValue={errors.grade ? "" : values.grade}
          options={[{ value: "", label: "All grades" }, ...GRADES]}
          errors={error("grade")}
        />
        <SelectField
          name="source"
          idPrefix="insights"
          label="Source"
          defaultValue={errors.source ? "" : values.source}
          options={[{ value: "", label: "All sources" }, ...sourceChoices]}
          errors={error("source")}
        />
        <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-4">
          <button
            type="submit"
            className="rounded-full bg-navy px-5 py-2.5 font-bold text-white hover:bg-navy-dark focus-visible:outline-[3px] focus-visible:outline-offset-2 focus-visible:outline-coral"
          >
            Show
          </button>
          <Link
            to="/admin/insights"
            className="rounded-full px-3 py-2.5 font-bold text-navy underline underline-offset-2 hover:text-navy-dark"
          >
            Last twelve weeks
          </Link>
          {csvHref ? (
            <a
              href={csvHref}
              download
              className="ml-auto rounded-full border-2 border-navy/15 px-4 py-2 font-bold text-navy hover:border-navy hover:bg-navy-50"
            >
              Download CSV
            </a>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

/** Where the records a step counts are listed, under the same range and grade. */
function listHref(step: FunnelStep, filter: InsightsFilter, kind: "applications" | "demos" = "applications") {
  const search = listSearch({ from: filter.from, to: filter.to, grade: filter.grade });
  return step === "enquiries" && kind === "demos" ? `/admin/demos${search}` : `/admin/applications${search}`;
}

/** The headline figures: each step's count, and the share of the step before it it kept. */
export function FunnelFigures({
  totals,
  filter,
  median,
  notContacted,
}: {
  totals: FunnelCounts;
  filter: InsightsFilter;
  median: string;
  notContacted: number;
}) {
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-6">
      {FUNNEL_STEPS.map((step, index) => (
        <div key={step} className="rounded-3xl bg-white p-4 shadow-soft">
          <dt className="text-sm font-bold text-ink-soft">{STEP_TEXTS[step].label}</dt>
          <dd className="mt-1 text-3xl font-black text-navy" data-figure={step}>
            {count(totals[step])}
          </dd>
          <dd className="mt-1 text-sm text-ink-soft">
            {index === 0
              ? `${count(totals.applications)} applications, ${count(totals.demoRequests)} demo requests`
              : `${conversion(totals[step], totals[FUNNEL_STEPS[index - 1]!])} of ${STEP_TEXTS[
                  FUNNEL_STEPS[index - 1]!
                ].label.toLowerCase()}`}
          </dd>
        </div>
      ))}
      <div className="rounded-3xl bg-white p-4 shadow-soft">
        <dt className="text-sm font-bold text-ink-soft">First contact</dt>
        <dd className="mt-1 text-3xl font-black text-navy" data-figure="median-first-contact">
          {median}
        </dd>
        <dd className="mt-1 text-sm text-ink-soft">
          median wait; {count(notContacted)} still waiting.{" "}
          <Link
            className="font-bold text-navy underline underline-offset-2"
            to={`/admin/applications${listSearch({ status: "PENDING", from: filter.from, to: filter.to, grade: filter.grade })}`}
          >
            Pending
          </Link>
        </dd>
      </div>
    </dl>
  );
}

/** A chart drawn on the server and the table of its numbers beside it. */
export function ChartSection({
  id,
  title,
  intro,
  svg,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  svg: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8 rounded-4xl bg-white p-5 shadow-soft sm:p-8">
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{intro}</p>
      <div className="mt-4 space-y-6">
        {/* Drawn by Observable Plot on the server from numbers and escaped names (insights-charts.server.ts). */}
        <div className="chart max-w-3xl" dangerouslySetInnerHTML={{ __html: svg }} />
        {/* Focusable, so a keyboard can scroll a table wider than a phone (axe: scrollable-region-focusable). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a named region that scrolls */}
        <div className="overflow-x-auto" role="region" aria-label={`${title}, in numbers`} tabIndex={0}>
          {children}
        </div>
      </div>
    </section>
  );
}

/** The funnel's numbers: each step, its families, the share it kept, and where they are listed. */
export function FunnelTable({ totals, filter }: { totals: FunnelCounts; filter: InsightsFilter }) {
  return (
    <table className="w-full text-left">
      <caption className="sr-only">The admissions funnel in numbers</caption>
      <thead>
        <tr className="border-b-2 border-navy/10">
          <th scope="col" className="px-3 py-2 text-sm font-bold text-ink-soft">
            Step
          </th>
          <th scope="col" className={headCell}>
            Families
          </th>
          <th scope="col" className={headCell}>
            Of the step before
          </th>
        </tr>
      </thead>
      <tbody>
        {FUNNEL_STEPS.map((step, index) => (
          <tr key={step} className="border-b border-navy/10">
            <th scope="row" className="px-3 py-2 font-bold">
              <Link to={listHref(step, filter)} className="text-navy underline-offset-4 hover:underline">
                {STEP_TEXTS[step].label}
              </Link>
              <span className="block text-sm font-normal text-ink-soft">{STEP_TEXTS[step].counts}</span>
            </th>
            <td className={cell}>{count(totals[step])}</td>
            <td className={cell}>
              {index === 0 ? "" : conversion(totals[step], totals[FUNNEL_STEPS[index - 1]!])}
            </td>
          </tr>
        ))}
        <tr>
          <th scope="row" className="px-3 py-2 font-bold">
            Paid without an application
            <span className="block text-sm font-normal text-ink-soft">
              Enrollments paid from the fee page; not a step of the funnel.
            </span>
          </th>
          <td className={cell}>{count(totals.paidWithoutApplication)}</td>
          <td className={cell} />
        </tr>
      </tbody>
    </table>
  );
}

/** One line per week, source or grade: its steps, and the share of its enquiries admitted. */
export function BreakdownTable({
  caption,
  heading,
  rows,
}: {
  caption: string;
  heading: string;
  rows: { key: string; name: string; counts: FunnelCounts }[];
}) {
  return (
    <table className="w-full min-w-[36rem] text-left">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b-2 border-navy/10">
          <th scope="col" className="px-3 py-2 text-sm font-bold text-ink-soft">
            {heading}
          </th>
          {FUNNEL_STEPS.map((step) => (
            <th key={step} scope="col" className={headCell}>
              {STEP_TEXTS[step].label}
            </th>
          ))}
          <th scope="col" className={headCell}>
            Admitted of enquiries
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, name, counts }) => (
          <tr key={key} className="border-b border-navy/10 last:border-0">
            <th scope="row" className="break-words px-3 py-2 font-bold">
              {name}
            </th>
            {FUNNEL_STEPS.map((step) => (
              <td key={step} className={cell}>
                {count(counts[step])}
              </td>
            ))}
            <td className={cell}>{conversion(counts.admitted, counts.enquiries)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A week by its Monday, short enough for a phone's table: "3 Nov 2026". */
export const weekName = (week: string) => formatDate(`${week}T12:00:00Z`);

/** The dashboard's admissions card: the last twelve weeks' steps, the trend, the way to the insights. */
export function AdmissionsAtAGlance({
  totals,
  trendSvg,
  median,
}: {
  totals: FunnelCounts;
  trendSvg: string;
  median: string;
}) {
  return (
    <section aria-labelledby="admissions-title" className="mt-8 rounded-4xl bg-white p-6 shadow-soft sm:p-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="admissions-title" className="text-xl">
            Admissions, last twelve weeks
          </h2>
          <p className="mt-1 text-sm text-ink-soft">
            Enquiries that arrived, and how far they got. Median wait for a first contact: {median}.
          </p>
        </div>
        <div className="chart w-60 max-w-full" dangerouslySetInnerHTML={{ __html: trendSvg }} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-5">
        {FUNNEL_STEPS.map((step, index) => (
          <div key={step}>
            <dt className="text-sm font-bold text-ink-soft">{STEP_TEXTS[step].label}</dt>
            <dd className="text-2xl font-black text-navy" data-figure={`admissions-${step}`}>
              {count(totals[step])}
            </dd>
            {index > 0 ? (
              <dd className="text-sm text-ink-soft">
                {conversion(totals[step], totals[FUNNEL_STEPS[index - 1]!])} of the step before
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
      <p className="mt-4">
        <Link to="/admin/insights" className="font-bold text-navy underline-offset-4 hover:underline">
          See where families come from and where they drop out
        </Link>
      </p>
    </section>
  );
}
