import { Form } from "@remix-run/react";
import { WhenCell } from "~/components/admin/cells";
import { DataTable } from "~/components/admin/data-table";
import { Button } from "~/components/ui/button";
import { useFormState } from "~/utils/forms";
import { code } from "./order-facts";
import type { PaymentEventView } from "./order-types";

/** "Check with Razorpay": a plain form post, so it works without JavaScript. */
export function CheckWithGateway() {
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

/** Where each report came from, in words. */
const SOURCE_NAMES: Record<string, string> = {
  gateway: "Gateway's answer",
  callback: "Checkout callback",
  webhook: "Razorpay webhook",
  reconcile: "Automatic check",
  admin: "Staff check",
};

export function EventList({ events }: { events: PaymentEventView[] }) {
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
