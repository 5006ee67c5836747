import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeading } from "~/components/admin/page-heading";
import { AdminRouteError } from "~/components/admin/route-error";
import { EmptyState, ErrorState } from "~/components/admin/states";
import { StatusBadge } from "~/components/admin/status-badge";
import type { SearchGroup, SearchOutcome } from "~/services/admin-search.server";
import { loadOrExplain, type Loaded } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/auth.server";

const SEARCH_FAILED = "Failed to search. Please try again.";

/**
 * The header box's search: `?q=` goes to the service as typed (it parses and explains what it
 * cannot search for). Text it refuses answers 400; no text at all is the empty page, 200. The
 * answer carries `q` back, so the box can tell which of its requests an answer is for.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const q = new URL(request.url).searchParams.get("q");
  const loaded: Loaded<SearchOutcome> = await loadOrExplain(
    context,
    () => context.services.adminSearch.search({ q: q ?? undefined }),
    SEARCH_FAILED,
  );
  const refused = loaded.data !== null && !loaded.data.found && (q ?? "") !== "";
  return data({ q: q ?? "", loaded }, { status: refused ? 400 : 200 });
}

export default function AdminSearchPage() {
  const { q, loaded } = useLoaderData<typeof loader>();
  if (loaded.error !== null) {
    return (
      <>
        <AdminPageHeading title="Search" />
        <ErrorState message={loaded.error} />
      </>
    );
  }
  const outcome = loaded.data;
  if (!outcome.found) {
    return (
      <>
        <AdminPageHeading title="Search" />
        <p role={q === "" ? undefined : "alert"} className="rounded-3xl bg-white p-5 font-semibold text-ink">
          {outcome.message}
        </p>
        <SearchHelp />
      </>
    );
  }
  const shown = outcome.groups.filter((group) => group.total > 0);
  return (
    <>
      <AdminPageHeading
        title={<span className="break-words">Search results for “{outcome.text}”</span>}
        description={resultsSummary(outcome.total, shown)}
      />
      {shown.length === 0 ? (
        <EmptyState title="Nothing matches your search.">
          <SearchHelp />
        </EmptyState>
      ) : (
        <div className="grid gap-6">
          {shown.map((group) => (
            <ResultGroup key={group.kind} group={group} />
          ))}
        </div>
      )}
    </>
  );
}

/** "5 records found. Applications: 3, Orders: 2." */
function resultsSummary(total: number, groups: SearchGroup[]): string {
  if (total === 0) return "No records found.";
  const parts = groups.map((group) => `${group.label}: ${group.total.toLocaleString("en-IN")}`);
  return `${total.toLocaleString("en-IN")} ${total === 1 ? "record" : "records"} found. ${parts.join(", ")}.`;
}

function ResultGroup({ group }: { group: SearchGroup }) {
  const headingId = `search-group-${group.kind}`;
  const more = group.total - group.hits.length;
  return (
    <section aria-labelledby={headingId} className="rounded-4xl bg-white p-5 shadow-sm md:p-6">
      <h2 id={headingId} className="flex items-center gap-3 text-xl">
        {group.label}
        <span className="rounded-full bg-navy-50 px-2.5 py-0.5 text-base font-bold text-navy">
          {group.total.toLocaleString("en-IN")}
        </span>
      </h2>
      <ul className="mt-3 divide-y divide-navy/10">
        {group.hits.map((hit) => (
          <li key={hit.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3">
            <div className="min-w-0">
              <Link
                to={hit.href}
                className="break-words font-bold text-navy underline underline-offset-2 hover:text-coral-dark"
              >
                {hit.title}
              </Link>
              {hit.details.length > 0 ? (
                <p className="break-words text-sm text-ink-soft">{hit.details.join(" · ")}</p>
              ) : null}
            </div>
            {hit.status ? <StatusBadge status={hit.status} /> : null}
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p className="mt-3 text-ink-soft">
          Showing the newest {group.hits.length} of {group.total.toLocaleString("en-IN")}.{" "}
          <Link to={group.listHref} className="font-bold text-navy underline underline-offset-2">
            See all {group.label.toLowerCase()}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function SearchHelp() {
  return (
    <p className="mt-3 text-ink-soft">
      Search by a name, an e-mail address, a mobile number (in any format), an order or transaction id, or a
      title.
    </p>
  );
}

export const meta: MetaFunction = () =>
  adminMeta(
    "Search",
    "Applications, demo requests, orders, teacher applications, users, blog posts and courses.",
  );

export function ErrorBoundary() {
  return <AdminRouteError />;
}
