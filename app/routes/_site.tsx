import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Outlet,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { ButtonLink } from "~/components/ui/button";
import type { loader as rootLoader } from "~/root";

export async function loader({ context }: LoaderFunctionArgs) {
  // The footer's details are never worth failing a page for (spec: the failure is silent).
  const details = await context.services.details.get().catch(() => null);
  return { details };
}

function SiteFrame({ children }: { children: React.ReactNode }) {
  const details = useRouteLoaderData<typeof loader>("routes/_site")?.details ?? null;
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

/** A public page that failed still shows the site around a friendly message (never details). */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <SiteFrame>
      <section className="container-page flex flex-col items-center py-20 text-center">
        <h1 className="text-3xl sm:text-4xl">
          {notFound ? "We couldn't find that page" : "Something went wrong"}
        </h1>
        <p className="mt-3 max-w-md text-ink-soft">
          {notFound
            ? "The page may have moved, or the link may be mistyped."
            : "Sorry, we couldn't show this page just now. Please try again in a moment, or contact the school."}
        </p>
        <ButtonLink to="/" className="mt-8">
          Go to the home page
        </ButtonLink>
      </section>
    </SiteFrame>
  );
}
