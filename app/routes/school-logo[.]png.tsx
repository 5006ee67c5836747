import type { LoaderFunctionArgs } from "@remix-run/node";
import { shareAssetResponse } from "~/utils/share-asset.server";

/** The school's logo as a raster, for search engines (the structured data's `logo`, decision 0031). */
export async function loader({ context }: LoaderFunctionArgs) {
  return shareAssetResponse(context, "logo");
}
