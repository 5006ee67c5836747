import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/meta";
import { OrderDetails } from "~/components/admin/orders/order-details";
import { NOTE_INTENT } from "~/components/admin/record-history";
import { RecordRouteError } from "~/components/admin/record-pages";
import { isAppError } from "~/services/errors";
import { requireAdmin } from "~/utils/auth.server";
import type { FormFailure } from "~/utils/forms";
import { formValues, redirectWithFlash, submissionFailed } from "~/utils/forms.server";
import { formatPaise } from "~/domain/format";
import { foundOr404 } from "~/utils/not-found.server";
import { noteAction } from "~/utils/record-page.server";

const CHECK_FAILED = "Failed to check the order with Razorpay. Please try again.";
const REFUND_FAILED = "Failed to refund. Please try again.";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const { orders } = context.services;
  // The service checks the id: a malformed one is "Order not found." like an unknown one.
  const order = await foundOr404(() => orders.get(params.id ?? ""));
  const history = await orders.history(order.id);
  return {
    order,
    // Status changes with who made them, and staff's notes (issue 19).
    changes: await context.services.recordDetails.orderHistory(order.id),
    // Its WhatsApp and SMS updates and the family's choices about them (issue 39).
    ...(await context.services.recordDetails.orderUpdates(order)),
    // What staff need of each report, never its raw body.
    events: history.events.map(({ id, source, type, gatewayPaymentId, createdAt }) => ({
      id,
      source,
      type,
      gatewayPaymentId,
      createdAt,
    })),
    refunds: history.refunds.map(
      ({ id, amount, reason, status, gatewayRefundId, failureReason, createdAt, processedAt }) => ({
        id,
        amount,
        reason,
        status,
        gatewayRefundId,
        failureReason,
        createdAt,
        processedAt,
      }),
    ),
    // One key per rendering of the refund form: a double submit is the same refund.
    requestKey: crypto.randomUUID().replaceAll("-", ""),
  };
}

/**
 * "Check with Razorpay" (intent=check), "Refund" (intent=refund) and "Add note" (intent=note);
 * all come back to this page.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = requireAdmin(request, context);
  const { orders, payments } = context.services;
  const order = await foundOr404(() => orders.get(params.id ?? ""));
  const back = `/admin/orders/${order.id}`;
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === NOTE_INTENT) {
    return noteAction(request, context, formData, (values) =>
      context.services.recordDetails.addNote("ORDER", order.id, values, user.id),
    );
  }

  if (intent === "check") {
    try {
      const checked = await orders.checkWithGateway(order.id);
      return redirectWithFlash(
        context,
        back,
        checked.status === "PAID"
          ? { kind: "success", message: "Razorpay reports this order paid." }
          : { kind: "error", message: "Razorpay has no captured payment for this order yet." },
      );
    } catch (error) {
      // The gateway's own words for "unreachable" are written for people; anything else is ours to log.
      if (!isAppError(error) || error.status >= 500) context.reportError(error);
      const message = isAppError(error) ? error.message : CHECK_FAILED;
      return redirectWithFlash(context, back, { kind: "error", message });
    }
  }

  if (intent === "refund") {
    const values = formValues(formData, ["intent"]);
    try {
      const refund = await payments.refund(order.id, values, user.id);
      const amount = formatPaise(refund.amount);
      if (refund.status === "PROCESSED") {
        return redirectWithFlash(context, back, { kind: "success", message: `Refunded ${amount}.` });
      }
      // The same form sent twice answers the refund the first one made.
      return redirectWithFlash(
        context,
        back,
        refund.status === "FAILED"
          ? {
              kind: "error",
              message: `The refund of ${amount} was refused: ${refund.failureReason ?? "no reason given"}.`,
            }
          : { kind: "success", message: `Refund of ${amount} requested; Razorpay has not confirmed it yet.` },
      );
    } catch (error) {
      if (isAppError(error) && error.status >= 500) {
        // Razorpay could not be reached: its message, the form kept (same key, so trying again is one refund).
        context.reportError(error);
        const failure: FormFailure = {
          id: crypto.randomUUID(),
          message: error.message,
          errors: error.errors ?? {},
          values,
        };
        return data(failure, { status: error.status });
      }
      return submissionFailed(context, error, values, REFUND_FAILED);
    }
  }

  throw data("Unknown action: use Check with Razorpay or Refund.", { status: 400 });
}

export default function OrderPage() {
  const page = useLoaderData<typeof loader>();
  return <OrderDetails {...page} />;
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  adminMeta(
    loaded ? `Order: ${loaded.order.studentName}` : "Order",
    "One fee order: its payment, what the gateway reported, and its refunds.",
  );

/** An order that does not exist (or a malformed id): its own 404 inside the admin frame. */
export function ErrorBoundary() {
  return <RecordRouteError kind="orders" />;
}
