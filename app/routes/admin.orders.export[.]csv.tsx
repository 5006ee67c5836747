import type { LoaderFunctionArgs } from "@remix-run/node";
import { isOrderView, ORDER_VIEWS } from "~/domain/orders";
import { exportAdminList, refusedDownload, requireAdminDownload } from "~/utils/admin.server";

/**
 * One view of the orders (`?view=`, successful by default) as a CSV, with the list's filters
 * from the address (issue 19).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdminDownload(request, context);
  const view = new URL(request.url).searchParams.get("view") || "paid";
  if (!isOrderView(view))
    return refusedDownload(
      `There is no such view of the orders. Choose ${Object.keys(ORDER_VIEWS).join(", ")}.`,
    );
  return exportAdminList(request, "orders", (filter) =>
    context.services.listExport.download("orders", { ...filter, status: view }, view),
  );
}
