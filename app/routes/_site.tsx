import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { SiteErrorMessage } from "~/components/site-error";
import type { loader as rootLoader } from "~/root";
import type { PublicDataHandle } from "~/services/public-data.server";

export async function loader({ context }: LoaderFunctionArgs) {
  // The footer's details are never worth failing a page for (spec: the failure is silent).
  const details = await context.services.details.get().catch(() => null);
  return { details };
}

/** What this page shows of the public data: a stored copy goes when one of these changes. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

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
  return (
    <SiteFrame>
      <SiteErrorMessage />
    </SiteFrame>
  );
}
