import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportAdminList, requireAdminDownload } from "~/utils/admin.server";

/** The free demo requests as a CSV, with the list's filters from the address (issue 19). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdminDownload(request, context);
  return exportAdminList(request, "demos", (filter) => context.services.listExport.download("demos", filter));
}
