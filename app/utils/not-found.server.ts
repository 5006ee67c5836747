import { data } from "@remix-run/node";
import { isAppError } from "~/services/errors";

/**
 * Reads one record for a page. "No such record" (a malformed id in the URL, or an id nobody has)
 * becomes the page's 404 carrying the service's message, which the route's ErrorBoundary
 * shows inside the site layout; any other failure stays an error.
 */
export async function foundOr404<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(error.message, { status: 404 });
    throw error;
  }
}
