import type { MetaFunction } from "@remix-run/node";
import { NOT_FOUND_META, NotFoundPage } from "~/components/not-found-page";

export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export const meta: MetaFunction = () => NOT_FOUND_META;

/** Unknown addresses get a friendly page inside the site's own navigation. */
export function ErrorBoundary() {
  return <NotFoundPage />;
}
