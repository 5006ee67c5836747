import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { NOT_FOUND_META, NotFoundPage } from "~/components/not-found-page";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { SiteErrorMessage, useRouteFailure } from "~/components/site-error";
import { hasHindi } from "~/domain/public-pages";
import type { loader as rootLoader } from "~/root";
import type { PublicDataHandle } from "~/services/public-data.server";

export async function loader({ context, params, request }: LoaderFunctionArgs) {
  // English is at today's addresses, Hindi under /hi, and only for a page that has its Hindi
  // (decision 0047): any other first segment is no page of this site.
  if (params.lang !== undefined && (params.lang !== "hi" || !hasHindi(new URL(request.url).pathname)))
    throw new Response("Not Found", { status: 404 });
  // The footer's details are never worth failing a page for (spec: the failure is silent).
  const details = await context.services.details.get().catch(() => null);
  return { details };
}

/** What this page shows of the public data: a stored copy goes when one of these changes. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

function SiteFrame({ children }: { children: React.ReactNode }) {
  const details = useRouteLoaderData<typeof loader>("routes/($lang)._site")?.details ?? null;
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
  return (
    <>
      <SiteHeader user={user} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter details={details} />
    </>
  );
}

/** Every public page: sticky navigation, the page, the footer. */
export default function SiteLayout() {
  useLoaderData<typeof loader>();
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

/** An address this layout refused (no such language, no Hindi yet) is named as the unknown page is. */
export const meta: MetaFunction = ({ error, matches }) =>
  isRouteErrorResponse(error) && error.status === 404
    ? NOT_FOUND_META
    : (matches.find((match) => match.id === "root")?.meta ?? []);

/**
 * A public page that failed still shows the site around a friendly message (never details); an
 * address this layout refused is the unknown page.
 */
export function ErrorBoundary() {
  const { notFound } = useRouteFailure();
  return <SiteFrame>{notFound ? <NotFoundPage /> : <SiteErrorMessage />}</SiteFrame>;
}
