import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ContactCell, WhenCell } from "~/components/admin/cells";
import type { Column } from "~/components/admin/data-table";
import { StatusBadge } from "~/components/admin/status-badge";
import type { OrderView } from "~/domain/orders";
import { formatPaise } from "~/domain/format";
import type { StaffOrderView } from "./order-types";

/** One row of the orders list. */
export type OrderListRow = Omit<StaffOrderView, "consentAt" | "noticeVersion" | "language">;
type Row = OrderListRow;

const none = <span className="text-ink-soft">None</span>;

function Code({ children }: { children: ReactNode }) {
  return <code className="break-all font-mono text-sm">{children}</code>;
}

/** The student's name links to the order's page; the grade under it. */
function StudentCell({ row }: { row: Row }) {
  return (
    <span className="flex flex-col">
      <Link
        to={`/admin/orders/${row.id}`}
        className="font-bold text-navy underline underline-offset-2 hover:text-navy-dark"
      >
        {row.studentName}
      </Link>
      <span className="text-sm text-ink-soft">{row.grade}</span>
    </span>
  );
}

/** The spec's columns for the default view; the others add the status and the gateway's ids. */
export function columnsOf(view: OrderView): Column<Row>[] {
  const amount: Column<Row> = {
    header: "Amount",
    cell: (row) => (
      <span className="flex flex-col">
        <span className="whitespace-nowrap font-bold text-ink">{formatPaise(row.amount)}</span>
        {row.refundedAmount > 0 ? (
          <span className="whitespace-nowrap text-sm text-ink-soft">
            {formatPaise(row.refundedAmount)} refunded
          </span>
        ) : null}
      </span>
    ),
  };
  if (view === "paid") {
    return [
      { header: "Date", cell: (row) => <WhenCell at={row.paidAt ?? row.createdAt} /> },
      { header: "Student", cell: (row) => <StudentCell row={row} /> },
      { header: "Parent", cell: (row) => row.parentName },
      { header: "Contact", cell: (row) => <ContactCell mobile={row.mobile} email={row.email} /> },
      amount,
      { header: "Transaction ID", cell: (row) => <Code>{row.transactionId}</Code> },
    ];
  }
  return [
    view === "refunded"
      ? { header: "Paid", cell: (row) => <WhenCell at={row.paidAt ?? row.createdAt} /> }
      : { header: "Created", cell: (row) => <WhenCell at={row.createdAt} /> },
    { header: "Student", cell: (row) => <StudentCell row={row} /> },
    {
      // Parent and contact in one column here, to leave room for the status and the gateway's ids.
      header: "Parent",
      cell: (row) => (
        <span className="flex flex-col gap-0.5">
          <span>{row.parentName}</span>
          <ContactCell mobile={row.mobile} email={row.email} />
        </span>
      ),
    },
    amount,
    {
      header: "Status",
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <StatusBadge status={row.status} />
          {view === "failed" && row.failureReason ? (
            <span className="line-clamp-3 break-words text-sm text-coral-dark">{row.failureReason}</span>
          ) : null}
        </span>
      ),
    },
    {
      header: "Gateway IDs",
      cell: (row) => (
        <dl className="grid gap-1 text-sm">
          <div>
            <dt className="inline font-semibold text-ink-soft">Order: </dt>
            <dd className="inline">{row.gatewayOrderId ? <Code>{row.gatewayOrderId}</Code> : none}</dd>
          </div>
          <div>
            <dt className="inline font-semibold text-ink-soft">Payment: </dt>
            <dd className="inline">{row.gatewayPaymentId ? <Code>{row.gatewayPaymentId}</Code> : none}</dd>
          </div>
        </dl>
      ),
    },
  ];
}
