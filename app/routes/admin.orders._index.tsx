import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/meta";
import { DEFAULT_VIEW, OrdersList } from "~/components/admin/orders/order-list";
import { AdminRouteError } from "~/components/admin/route-error";
import { MESSAGES } from "~/domain/messages";
import { isOrderView } from "~/domain/orders";
import { loadAdminList } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const { orders } = context.services;
  const simulatedPayments = orders.simulatedPayments;
  const requested = new URL(request.url).searchParams.get("view") ?? DEFAULT_VIEW;
  // An unknown view answers 400 inside the page (tabs to the real views, and why), rather than
  // quietly showing another list than the one the address names.
  if (!isOrderView(requested)) {
    const shown = requested.length > 40 ? `${requested.slice(0, 40)}…` : requested;
    return data(
      {
        view: null,
        filters: null,
        loaded: {
          data: null,
          error: `There is no “${shown}” view of the orders. Choose Successful, Pending, Failed or Refunded.`,
        },
        simulatedPayments,
      },
      { status: 400 },
    );
  }
  const view = requested;
  // The page of this view under the filters, with every view's count under them for the tabs.
  const answer = await loadAdminList(
    request,
    context,
    "orders",
    (query) => orders.listPage(view, query),
    MESSAGES.orders.listFailed,
  );
  return data({ view, ...answer.data, simulatedPayments }, answer.init ?? undefined);
}

export default function OrdersPage() {
  const page = useLoaderData<typeof loader>();
  return <OrdersList {...page} />;
}

export const meta: MetaFunction = () =>
  adminMeta(
    "Orders",
    "Fee payments: successful, pending, failed and refunded orders, who enrolled, in which grade, and for how much.",
  );

export function ErrorBoundary() {
  return <AdminRouteError />;
}
