import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useLoaderData } from "@remix-run/react";
import {
  BreakdownTable,
  ChartSection,
  FunnelFigures,
  FunnelTable,
  InsightsFilters,
  weekName,
} from "~/components/admin/insights";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeading } from "~/components/admin/page-heading";
import { AdminRouteError } from "~/components/admin/route-error";
import { ErrorState } from "~/components/admin/states";
import { formatLongDay } from "~/domain/format";
import { formatWait, insightsSearch, parseInsightsQuery } from "~/domain/insights";
import type { InsightsPage } from "~/services/insights.server";
import { loadOrExplain, type Loaded } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/auth.server";

const FAILED = "The insights could not be worked out. Please try again in a moment.";
const REFUSED = "These filters cannot be used. Please correct them above and try again.";

/**
 * The admissions funnel of a range (issue 40 point 2): its figures, its charts (SVG drawn on the
 * server) with their numbers beside them, and the same data as CSV. Filters it cannot use answer
 * 400 with the reason beside each field, and no figures.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const { insights } = context.services;
  const parsed = parseInsightsQuery(new URL(request.url).searchParams, insights.today());
  if (!parsed.ok) {
    const loaded: Loaded<InsightsPage> = { data: null, error: REFUSED };
    return data({ loaded, values: parsed.values, errors: parsed.errors }, { status: 400 });
  }
  const loaded = await loadOrExplain(context, () => insights.page(parsed.filter), FAILED);
  return data({ loaded, values: parsed.values, errors: {} }, { status: 200 });
}

export default function InsightsRoute() {
  const { loaded, values, errors } = useLoaderData<typeof loader>();
  const page = loaded.data;
  return (
    <>
      <AdminPageHeading
        title="Insights"
        description={
          page
            ? `Families who arrived from ${formatLongDay(page.filter.from)} to ${formatLongDay(page.filter.to)}, and how far they got.`
            : "Where families come from, where they drop out, and how soon they hear from us."
        }
      />
      <InsightsFilters
        values={values}
        errors={errors}
        shown={page?.filter ?? null}
        sources={page?.bySource.map(({ source }) => source) ?? []}
        csvHref={page ? `/admin/insights.csv${insightsSearch(page.filter)}` : null}
      />
      {page ? <InsightsBody page={page} /> : <ErrorState message={loaded.error} />}
    </>
  );
}

function InsightsBody({ page }: { page: InsightsPage }) {
  const { totals, filter, charts } = page;
  return (
    <>
      <FunnelFigures
        totals={totals}
        filter={filter}
        median={formatWait(page.medianFirstContactSeconds)}
        notContacted={page.notContacted}
      />
      <ChartSection
        id="funnel"
        title="Funnel"
        intro="Each step counts the enquiries of the range that have got that far, whenever they did."
        svg={charts.funnel.svg}
      >
        <FunnelTable totals={totals} filter={filter} />
      </ChartSection>
      <ChartSection
        id="by-week"
        title="By week"
        intro="Enquiries by the week they arrived (weeks start on Monday), and how many of them were admitted."
        svg={charts.weekly.svg}
      >
        <BreakdownTable
          caption="The funnel by week"
          heading="Week of"
          rows={page.weeks.map(({ week, counts }) => ({ key: week, name: weekName(week), counts }))}
        />
      </ChartSection>
      <ChartSection
        id="by-source"
        title="By source"
        intro="The campaign of the address a family arrived on (utm_source), else the site that sent them, else direct."
        svg={charts.sources.svg}
      >
        <BreakdownTable
          caption="The funnel by source"
          heading="Source"
          rows={page.bySource.map(({ source, counts }) => ({ key: source, name: source, counts }))}
        />
      </ChartSection>
      <ChartSection
        id="by-grade"
        title="By grade"
        intro="The grade each enquiry was for."
        svg={charts.grades.svg}
      >
        <BreakdownTable
          caption="The funnel by grade"
          heading="Grade"
          rows={page.byGrade.map(({ grade, counts }) => ({ key: grade, name: grade, counts }))}
        />
      </ChartSection>
    </>
  );
}

export const meta: MetaFunction = () =>
  adminMeta("Insights", "The admissions funnel by week, grade and source, with its charts and CSV.");

export function ErrorBoundary() {
  return <AdminRouteError />;
}
