import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseInsightsQuery } from "~/domain/insights";
import { csvResponse, refusedDownload, requireAdminDownload } from "~/utils/admin.server";

/** The insights of a range as CSV (issue 40 point 2): one line per week, grade and source. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdminDownload(request, context);
  const { insights } = context.services;
  const parsed = parseInsightsQuery(new URL(request.url).searchParams, insights.today());
  if (!parsed.ok) return refusedDownload(Object.values(parsed.errors).join("\n"));
  return csvResponse(await insights.csv(parsed.filter));
}
