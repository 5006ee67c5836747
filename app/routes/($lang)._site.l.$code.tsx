import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { NOT_FOUND_META, NotFoundPage } from "~/components/not-found-page";

/**
 * A short link of a WhatsApp or SMS update (issue 39): `/l/<code>` redirects to the site's own
 * page it stands for (a receipt, the page to pay, the profile). An unknown code is the site's 404.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const path = await context.services.shortLinks.resolve(params.code ?? "");
  if (!path) throw new Response("Not found", { status: 404 });
  return redirect(path, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

export default function ShortLink() {
  return null;
}

export const meta: MetaFunction = () => NOT_FOUND_META;

export function ErrorBoundary() {
  return <NotFoundPage />;
}
