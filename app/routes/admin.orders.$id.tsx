import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ContactCell, WhenCell } from "~/components/admin/cells";
import { DataTable } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeading } from "~/components/admin/page-heading";
import { NOTE_INTENT, RecordHistory } from "~/components/admin/record-history";
import { BackToList, Fact, nothing, RecordRouteError } from "~/components/admin/record-pages";
import { StatusBadge, type Tone } from "~/components/admin/status-badge";
import { Button } from "~/components/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/components/ui/field";
import { REFUND_FORM } from "~/domain/orders";
import { statusLabel } from "~/domain/statuses";
import { isAppError } from "~/services/errors";
import { requireAdmin } from "~/utils/auth.server";
import { useFormState, type FormFailure } from "~/utils/forms";
import { formValues, redirectWithFlash, submissionFailed } from "~/utils/forms.server";
import { formatPaise } from "~/utils/format";
import { foundOr404 } from "~/utils/not-found.server";
import { noteAction } from "~/utils/record-page.server";

const CHECK_FAILED = "Failed to check the order with Razorpay. Please try again.";
const REFUND_FAILED = "Failed to refund. Please try again.";
const FIELDS = REFUND_FORM.fields;

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
  const { order, events, refunds, requestKey, changes } = useLoaderData<typeof loader>();
  const checkable = (order.status === "CREATED" || order.status === "FAILED") && order.gatewayOrderId;
  const refundable = order.status === "PAID" || order.status === "PARTIALLY_REFUNDED";
  return (
    <>
      <BackToList kind="orders" />
      <AdminPageHeading
        title={`Order for ${order.studentName}`}
        description={`${order.grade}, ${formatPaise(order.amount)}`}
        actions={<StatusBadge status={order.status} />}
      />
      <div className="grid grid-cols-1 gap-8">
        <OrderFacts order={order} />
        {checkable ? <CheckWithGateway /> : null}
        {refundable ? <RefundForm order={order} refunds={refunds} requestKey={requestKey} /> : null}
        {order.paidAt || refunds.length > 0 ? <RefundList refunds={refunds} /> : null}
        <RecordHistory events={changes} kind="orders" />
        <EventList events={events} />
      </div>
    </>
  );
}

type OrderData = ReturnType<typeof useLoaderData<typeof loader>>;

const code = (value: string | null, missing = "None") =>
  value ? <code className="break-all font-mono text-sm">{value}</code> : nothing(missing);

const GATEWAY_NAMES: Record<string, string> = {
  razorpay: "Razorpay",
  test: "Test gateway (no money taken)",
};

/** Everything known about the order, as a description list. */
function OrderFacts({ order }: { order: OrderData["order"] }) {
  return (
    <section aria-labelledby="order-facts-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-8">
      <h2 id="order-facts-title" className="sr-only">
        Order
      </h2>
      <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2 xl:grid-cols-3">
        <Fact term="Amount">
          <span className="font-bold">{formatPaise(order.amount)}</span>
        </Fact>
        <Fact term="Refunded so far">
          {order.refundedAmount > 0 ? formatPaise(order.refundedAmount) : nothing("Nothing")}
        </Fact>
        <Fact term="Student">{order.studentName}</Fact>
        <Fact term="Grade">{order.grade}</Fact>
        <Fact term="Parent">{order.parentName}</Fact>
        <Fact term="Contact">
          <ContactCell mobile={order.mobile} email={order.email} />
        </Fact>
        <Fact term="Created">
          <WhenCell at={order.createdAt} />
        </Fact>
        <Fact term="Paid">{order.paidAt ? <WhenCell at={order.paidAt} /> : nothing("Not yet")}</Fact>
        <Fact term="Gateway">{GATEWAY_NAMES[order.gateway] ?? order.gateway}</Fact>
        <Fact term="Gateway order ID">{code(order.gatewayOrderId)}</Fact>
        <Fact term="Payment ID">{code(order.gatewayPaymentId)}</Fact>
        <Fact term="Transaction ID">{code(order.transactionId)}</Fact>
        <Fact term="Order number">{code(order.id)}</Fact>
        <Fact term="Parent's consent">
          {order.consentAt ? (
            <>
              <WhenCell at={order.consentAt} />
              <span className="block text-sm text-ink-soft">Privacy notice {order.noticeVersion}</span>
            </>
          ) : (
            nothing("Not recorded")
          )}
        </Fact>
        <Fact term="Failure reason" wide="sm:col-span-2 xl:col-span-3">
          {order.failureReason ? (
            <span className="whitespace-pre-wrap break-words font-semibold text-coral-dark">
              {order.failureReason}
            </span>
          ) : (
            nothing("None")
          )}
        </Fact>
      </dl>
    </section>
  );
}

/** "Check with Razorpay": a plain form post, so it works without JavaScript. */
function CheckWithGateway() {
  const form = useFormState("check");
  return (
    <section
      aria-labelledby="order-check-title"
      className="rounded-4xl border-2 border-sun/60 bg-sun-50 p-6 sm:p-8"
    >
      <h2 id="order-check-title" className="text-xl">
        Not paid yet
      </h2>
      <p className="mt-1 text-ink">
        If the parent says they paid, ask Razorpay now: a captured payment the site did not hear about marks
        the order paid and sends the receipt.
      </p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="check" />
        <Button type="submit" variant="secondary" pending={form.submitting} pendingText="Checking...">
          Check with Razorpay
        </Button>
      </Form>
    </section>
  );
}

/** "Refund": how much (rupees, the rest by default) and why; the hidden key makes a double submit one refund. */
function RefundForm({
  order,
  refunds,
  requestKey,
}: {
  order: OrderData["order"];
  refunds: OrderData["refunds"];
  requestKey: string;
}) {
  const state = useFormState("refund");
  // A refused note is the note form's to show.
  const form =
    state.failure?.values?.intent === NOTE_INTENT
      ? {
          ...state,
          failure: undefined,
          errorsFor: () => undefined,
          valueOf: (_field: string, fallback = "") => fallback,
        }
      : state;
  // As the service counts it: refunds asked for but not yet confirmed are spoken for.
  const waiting = refunds
    .filter((refund) => refund.status === "REQUESTED")
    .reduce((sum, refund) => sum + refund.amount, 0);
  const left = Math.max(0, order.amount - order.refundedAmount - waiting);
  return (
    <section aria-labelledby="order-refund-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-8">
      <h2 id="order-refund-title" className="text-xl">
        Refund
      </h2>
      <p className="mt-1 text-ink">
        Left to refund: <strong>{formatPaise(left)}</strong>
        {waiting > 0 ? ` (${formatPaise(waiting)} more is requested and not confirmed by Razorpay yet)` : ""}.
        The money goes back to the parent&apos;s way of paying; this cannot be undone.
      </p>
      <Form method="post" className="mt-5 grid max-w-xl gap-5" key={form.resetKey}>
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name={FIELDS.requestKey} value={form.valueOf(FIELDS.requestKey, requestKey)} />
        <FormAlert message={form.failure?.message} />
        <TextField
          name={FIELDS.amount}
          idPrefix="refund"
          label="Amount to refund (₹)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          required
          hint={`At most ${formatPaise(left)}.`}
          defaultValue={form.valueOf(FIELDS.amount, (left / 100).toFixed(2))}
          errors={form.errorsFor(FIELDS.amount)}
          className="max-w-xs"
        />
        <TextAreaField
          name={FIELDS.reason}
          idPrefix="refund"
          label="Reason"
          required
          maxLength={REFUND_FORM.reasonMax}
          hint="Kept with the refund and sent to Razorpay."
          defaultValue={form.valueOf(FIELDS.reason)}
          errors={form.errorsFor(FIELDS.reason)}
        />
        <div>
          <Button type="submit" pending={form.submitting} pendingText="Refunding...">
            Refund
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** Refund statuses are the service's own words, coloured as waiting, done and refused. */
const REFUND_TONE: Record<string, Tone> = { REQUESTED: "yellow", PROCESSED: "green", FAILED: "red" };

function RefundList({ refunds }: { refunds: OrderData["refunds"] }) {
  return (
    <section aria-labelledby="order-refunds-title">
      <h2 id="order-refunds-title" className="mb-3 text-xl">
        Refunds
      </h2>
      <DataTable
        caption="Refunds of this order"
        rows={refunds}
        rowKey={(refund) => refund.id}
        empty={<p className="rounded-3xl bg-white p-5 text-ink-soft shadow-soft">No refunds.</p>}
        columns={[
          { header: "Requested", cell: (refund) => <WhenCell at={refund.createdAt} /> },
          {
            header: "Amount",
            cell: (refund) => (
              <span className="whitespace-nowrap font-bold">{formatPaise(refund.amount)}</span>
            ),
          },
          {
            header: "Status",
            cell: (refund) => (
              <span className="flex flex-col items-start gap-1">
                <StatusBadge
                  status={refund.status}
                  label={statusLabel(refund.status)}
                  tone={REFUND_TONE[refund.status] ?? "gray"}
                />
                {refund.failureReason ? (
                  <span className="break-words text-sm text-coral-dark">{refund.failureReason}</span>
                ) : null}
              </span>
            ),
          },
          {
            header: "Reason",
            className: "lg:min-w-[12rem]",
            cell: (refund) => <span className="whitespace-pre-wrap break-words">{refund.reason}</span>,
          },
          { header: "Refund ID", cell: (refund) => code(refund.gatewayRefundId, "Not yet") },
          {
            header: "Processed",
            cell: (refund) =>
              refund.processedAt ? <WhenCell at={refund.processedAt} /> : nothing("Not yet"),
          },
        ]}
      />
    </section>
  );
}

/** Where each report came from, in words. */
const SOURCE_NAMES: Record<string, string> = {
  gateway: "Gateway's answer",
  callback: "Checkout callback",
  webhook: "Razorpay webhook",
  reconcile: "Automatic check",
  admin: "Staff check",
};

function EventList({ events }: { events: OrderData["events"] }) {
  return (
    <section aria-labelledby="order-events-title">
      <h2 id="order-events-title" className="mb-1 text-xl">
        Payment history
      </h2>
      <p className="mb-3 text-ink-soft">What the payment gateway reported about this order, newest first.</p>
      <DataTable
        caption="Payment history of this order"
        rows={events}
        rowKey={(event) => event.id}
        empty={<p className="rounded-3xl bg-white p-5 text-ink-soft shadow-soft">Nothing reported yet.</p>}
        columns={[
          { header: "When", cell: (event) => <WhenCell at={event.createdAt} /> },
          { header: "Source", cell: (event) => SOURCE_NAMES[event.source] ?? event.source },
          { header: "Event", cell: (event) => code(event.type) },
          { header: "Payment ID", cell: (event) => code(event.gatewayPaymentId) },
        ]}
      />
    </section>
  );
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
