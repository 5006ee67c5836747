import { ContactCell, WhenCell } from "~/components/admin/cells";
import { ConsentFact, LanguageFact } from "~/components/admin/record-details";
import { UpdateChoicesFact, type UpdateChoicesView } from "../messages";
import { Fact, nothing } from "~/components/admin/record-pages";
import { formatPaise } from "~/domain/format";
import type { StaffOrderView } from "./order-types";

/** A gateway's id in monospace, or what stands for a missing one. */
export const code = (value: string | null, missing = "None") =>
  value ? <code className="break-all font-mono text-sm">{value}</code> : nothing(missing);

const GATEWAY_NAMES: Record<string, string> = {
  razorpay: "Razorpay",
  test: "Test gateway (no money taken)",
};

/** Everything known about the order, as a description list. */
export function OrderFacts({ order, choices }: { order: StaffOrderView; choices: UpdateChoicesView }) {
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
        <ConsentFact
          consentAt={order.consentAt}
          noticeVersion={order.noticeVersion}
          term="Parent's consent"
        />
        <LanguageFact language={order.language} />
        <Fact term="Failure reason" wide="sm:col-span-2 xl:col-span-3">
          {order.failureReason ? (
            <span className="whitespace-pre-wrap break-words font-semibold text-coral-dark">
              {order.failureReason}
            </span>
          ) : (
            nothing("None")
          )}
        </Fact>
        <UpdateChoicesFact choices={choices} />
      </dl>
    </section>
  );
}
