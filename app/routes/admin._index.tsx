import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { WhenCell } from "~/components/admin/cells";
import { FollowUpsDue } from "~/components/admin/follow-ups-due";
import { ApplicationsIcon, ArrowIcon, CoursesIcon, UsersIcon } from "~/components/admin/icons";
import { KIND_ACCENTS, KIND_ICONS } from "~/components/admin/kind-icons";
import { countOf } from "~/components/admin/list-page";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeading } from "~/components/admin/page-heading";
import { AdminRouteError } from "~/components/admin/route-error";
import { EmptyState, ErrorState } from "~/components/admin/states";
import { StatusBadge } from "~/components/admin/status-badge";
import { kindsCountedIn, RECORD_KINDS, type DashboardFigure } from "~/domain/record-kinds";
import type { ActivityItem, DashboardFigures } from "~/services/dashboard.server";
import { loadOrExplain } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatPaise } from "~/domain/format";
import { formatWait } from "~/domain/insights";
import { AdmissionsAtAGlance } from "~/components/admin/insights";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const [overview, headline] = await Promise.all([
    loadOrExplain(
      context,
      () => context.services.dashboard.overview(),
      "The dashboard figures could not be loaded. Please try again in a moment.",
    ),
    loadOrExplain(
      context,
      () => context.services.insights.headline(),
      "The admissions figures could not be worked out. Please try again in a moment.",
    ),
  ]);
  return { ...overview, headline };
}

type FigureProps = {
  label: string;
  value: number;
  explanation: ReactNode;
  /** Where the counted records are listed. */
  links: { to: string; text: string }[];
  icon: ReactNode;
  accent: string;
};

function Figure({ label, value, explanation, links, icon, accent }: FigureProps) {
  return (
    <section aria-label={label} className="flex flex-col rounded-4xl bg-white p-6 shadow-soft">
      <div className="flex items-start justify-between gap-4">
        <h2 className="text-base font-bold text-ink-soft">{label}</h2>
        <span className={`flex h-12 w-12 flex-none items-center justify-center rounded-2xl ${accent}`}>
          {icon}
        </span>
      </div>
      <p className="mt-2 text-4xl font-black text-navy" data-figure={label}>
        {value.toLocaleString("en-IN")}
      </p>
      <p className="mt-2 flex-1 text-sm text-ink-soft">{explanation}</p>
      <p className="mt-4 flex flex-wrap gap-x-5 gap-y-1">
        {links.map((link) => (
          <Link
            key={link.to}
            to={link.to}
            className="inline-flex items-center gap-1.5 font-bold text-navy underline-offset-4 hover:underline"
          >
            {link.text}
            <ArrowIcon className="h-4 w-4" />
          </Link>
        ))}
      </p>
    </section>
  );
}

function Activity({ item }: { item: ActivityItem }) {
  const { adminPath: to, dashboard } = RECORD_KINDS[item.kind];
  const Icon = KIND_ICONS[item.kind];
  const accent = KIND_ACCENTS[item.kind];
  return (
    <li className="flex items-start gap-4 py-4">
      <span className={`flex h-10 w-10 flex-none items-center justify-center rounded-2xl ${accent}`}>
        <Icon className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-bold text-ink">
          <Link to={to} className="underline-offset-4 hover:text-navy hover:underline">
            {dashboard.activity}
          </Link>
          : {item.studentName}, {item.grade}
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-soft">
          <WhenCell at={item.at} />
          {item.amount !== null ? (
            <span className="font-bold text-ink">{formatPaise(item.amount)}</span>
          ) : (
            <StatusBadge status={item.status} />
          )}
        </p>
      </div>
    </li>
  );
}

/** Where the records counted into a figure are listed. */
const linksOf = (figure: DashboardFigure) =>
  kindsCountedIn(figure).map((kind) => ({
    to: RECORD_KINDS[kind].adminPath,
    text: RECORD_KINDS[kind].dashboard.linkText,
  }));

/** "3 applications and 1 demo request": each kind's share of a figure. */
function sharesOf(figure: DashboardFigure, figures: DashboardFigures): string {
  const shares = kindsCountedIn(figure).map((kind) => {
    const { one, many } = RECORD_KINDS[kind];
    return countOf(figures.counted[kind], one.toLowerCase(), many.toLowerCase());
  });
  return new Intl.ListFormat("en-IN", { type: "conjunction" }).format(shares);
}

/** The three figures, each with what it counts written under it and where those records are. */
function figuresOf(figures: DashboardFigures): FigureProps[] {
  return [
    {
      label: "Total students",
      value: figures.students,
      explanation: "Students whose fee has been paid: one for every successful (paid) order.",
      links: linksOf("students"),
      icon: <UsersIcon />,
      accent: "bg-leaf-50 text-teal",
    },
    {
      label: "Courses offered",
      value: figures.courses,
      explanation: "Courses in the catalogue that parents see on the Courses page.",
      links: [{ to: "/admin/courses", text: "Courses" }],
      icon: <CoursesIcon />,
      accent: "bg-sky-50 text-navy",
    },
    {
      label: "New enquiries",
      value: figures.newEnquiries,
      explanation: `Still pending: ${sharesOf("newEnquiries", figures)}.`,
      links: linksOf("newEnquiries"),
      icon: <ApplicationsIcon />,
      accent: "bg-sun-100 text-ink",
    },
  ];
}

export default function Dashboard() {
  const { data: overview, error, headline } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminPageHeading
        title="Dashboard"
        description="How the school is doing today, counted from the live records."
      />
      {overview ? (
        <>
          <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {figuresOf(overview.figures).map((figure) => (
              <Figure key={figure.label} {...figure} />
            ))}
          </div>
          {headline.data ? (
            <AdmissionsAtAGlance
              totals={headline.data.totals}
              trendSvg={headline.data.trend.svg}
              median={formatWait(headline.data.medianFirstContactSeconds)}
            />
          ) : (
            <div className="mt-8">
              <ErrorState message={headline.error} />
            </div>
          )}
          <FollowUpsDue due={overview.followUps} />
          <section
            aria-labelledby="recent-title"
            className="mt-8 rounded-4xl bg-white p-6 shadow-soft sm:p-8"
          >
            <h2 id="recent-title" className="text-xl">
              Recent activity
            </h2>
            <p className="mt-1 text-sm text-ink-soft">
              The latest applications, demo requests and paid orders, newest first.
            </p>
            {overview.recent.length > 0 ? (
              <ul className="mt-2 divide-y divide-navy/10">
                {overview.recent.map((item) => (
                  <Activity key={item.id} item={item} />
                ))}
              </ul>
            ) : (
              <div className="mt-6">
                <EmptyState title="Nothing has happened yet">
                  New applications, demo requests and paid orders will show up here.
                </EmptyState>
              </div>
            )}
          </section>
        </>
      ) : (
        <ErrorState message={error} />
      )}
    </>
  );
}

export const meta: MetaFunction = () =>
  adminMeta("Dashboard", "Students, courses and new enquiries at a glance, with the latest activity.");

export function ErrorBoundary() {
  return <AdminRouteError />;
}
