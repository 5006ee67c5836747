import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { AdminRouteError } from "~/components/admin/route-error";
import { adminMeta } from "~/components/admin/meta";
import { requireAdmin } from "~/utils/auth.server";

/** An unknown /admin address: guarded like every admin page, then a 404 inside the admin frame. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  throw new Response("Not found", { status: 404 });
}

/** Never rendered (the loader always throws); being a page makes the 404 show inside the admin frame. */
export default function AdminNotFound() {
  return null;
}

export const meta: MetaFunction = () => adminMeta("Page not found", "This admin page does not exist.");

export function ErrorBoundary() {
  return <AdminRouteError />;
}
