import type { ComponentProps } from "react";
import { EnquirySource, type EnquirySourceView } from "~/components/admin/enquiry-source";
import { AdminPageHeading } from "~/components/admin/page-heading";
import { RecordHistory } from "~/components/admin/record-history";
import { BackToList } from "~/components/admin/record-pages";
import { StatusBadge } from "~/components/admin/status-badge";
import { formatPaise } from "~/domain/format";
import { RecordMessages, type MessageRow, type UpdateChoicesView } from "../messages";
import { OrderFacts } from "./order-facts";
import { CheckWithGateway, EventList } from "./order-payments";
import { RefundForm, RefundList } from "./order-refunds";
import type { OrderRefundView, PaymentEventView, StaffOrderView } from "./order-types";

/**
 * One order's admin page: its facts, "Check with Razorpay" while unpaid, the refund form while
 * money is left to give back, its refunds, its history and notes, and what the gateway reported.
 */
export function OrderDetails({
  order,
  events,
  refunds,
  requestKey,
  changes,
  messages,
  choices,
}: {
  order: StaffOrderView & EnquirySourceView;
  events: PaymentEventView[];
  refunds: OrderRefundView[];
  /** The refund form's one-time key for this rendering. */
  requestKey: string;
  changes: ComponentProps<typeof RecordHistory>["events"];
  messages: MessageRow[];
  choices: UpdateChoicesView;
}) {
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
        <OrderFacts order={order} choices={choices} />
        <EnquirySource record={order} />
        {checkable ? <CheckWithGateway /> : null}
        {refundable ? <RefundForm order={order} refunds={refunds} requestKey={requestKey} /> : null}
        {order.paidAt || refunds.length > 0 ? <RefundList refunds={refunds} /> : null}
        <RecordMessages rows={messages} />
        <RecordHistory events={changes} kind="orders" />
        <EventList events={events} />
      </div>
    </>
  );
}
