import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import type { loader as rootLoader } from "~/root";

export async function loader({ context }: LoaderFunctionArgs) {
  // The footer's details are never worth failing a page for (spec: the failure is silent).
  const details = await context.services.details.get().catch(() => null);
  return { details };
}

/** Every public page: sticky navigation, the page, the footer. */
export default function SiteLayout() {
  const { details } = useLoaderData<typeof loader>();
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
  return (
    <>
      <SiteHeader user={user} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter details={details} />
    </>
  );
}
