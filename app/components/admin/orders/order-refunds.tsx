import { Form } from "@remix-run/react";
import { WhenCell } from "~/components/admin/cells";
import { DataTable } from "~/components/admin/data-table";
import { NOTE_INTENT } from "~/components/admin/record-history";
import { nothing } from "~/components/admin/record-pages";
import { StatusBadge, type Tone } from "~/components/admin/status-badge";
import { Button } from "~/components/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/components/ui/field";
import { REFUND_FORM } from "~/domain/orders";
import { statusLabel } from "~/domain/statuses";
import { useFormState } from "~/utils/forms";
import { formatPaise } from "~/domain/format";
import { code } from "./order-facts";
import type { OrderRefundView, StaffOrderView } from "./order-types";

const FIELDS = REFUND_FORM.fields;

/** "Refund": how much (rupees, the rest by default) and why; the hidden key makes a double submit one refund. */
export function RefundForm({
  order,
  refunds,
  requestKey,
}: {
  order: StaffOrderView;
  refunds: OrderRefundView[];
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

export function RefundList({ refunds }: { refunds: OrderRefundView[] }) {
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
