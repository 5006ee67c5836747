import type { LoaderFunctionArgs } from "@remix-run/node";
import { shareAssetResponse } from "~/utils/share-asset.server";

/** The picture link previews show for a page without one of its own (decision 0031). */
export async function loader({ context }: LoaderFunctionArgs) {
  return shareAssetResponse(context, "card");
}
