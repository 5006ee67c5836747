import { and, count, eq } from "drizzle-orm";
import { FORMS } from "~/domain/forms";
import { formatRupees } from "~/utils/format";
import type { Database } from "../../db/client";
import { orders, type OrderRow } from "../../db/schema";
import { AppError, badRequest, notFound } from "./errors";
import type { GradesService } from "./grades.server";
import type { MailOutbox, MailRequest } from "./mail/outbox.server";
import { byAge, pageOf, type Paged, type ReadRows } from "./paging.server";
import { TEST_GATEWAY_NAME, type PaymentGateway, type PaymentOutcome } from "./payment-gateway.server";
import { schemaOf, type FormInput } from "./validation";

export const enrollmentInput = schemaOf(FORMS.enrollment);
/** `amount` is optional: the fee the visitor saw. The server's fee decides; a different one is refused. */
export type EnrollmentInput = FormInput<typeof FORMS.enrollment>;

/** What clients see of an order: no gateway internals. */
export type Order = Pick<
  OrderRow,
  | "id"
  | "studentName"
  | "parentName"
  | "grade"
  | "email"
  | "mobile"
  | "amount"
  | "currency"
  | "status"
  | "transactionId"
  | "createdAt"
  | "paidAt"
>;

const publicOrder = {
  id: orders.id,
  studentName: orders.studentName,
  parentName: orders.parentName,
  grade: orders.grade,
  email: orders.email,
  mobile: orders.mobile,
  amount: orders.amount,
  currency: orders.currency,
  status: orders.status,
  transactionId: orders.transactionId,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
};

export type OrdersService = ReturnType<typeof createOrdersService>;

export function createOrdersService({
  db,
  grades,
  gateway,
  outbox,
  publicUrl,
}: {
  db: Database;
  grades: GradesService;
  gateway: PaymentGateway;
  outbox: MailOutbox;
  /** The site's address, for the links in the payment mails. */
  publicUrl: string;
}) {
  const paid = eq(orders.status, "PAID");

  const paidInOrder = (order: "newest" | "oldest") =>
    db
      .select(publicOrder)
      .from(orders)
      .where(paid)
      .orderBy(...byAge(order, orders.createdAt, orders.id));
  const paidByAge: ReadRows<Order> = async (order, limit, offset) =>
    paidInOrder(order).limit(limit).offset(offset);

  async function countPaid(): Promise<number> {
    const [row] = await db.select({ total: count() }).from(orders).where(paid);
    return row?.total ?? 0;
  }

  /** What a payment's outcome tells the family and the staff inbox. */
  function paymentMails(order: Order & { failureReason?: string | null }, staff: string): MailRequest[] {
    const about = `order:${order.id}`;
    const who = {
      parentName: order.parentName,
      studentName: order.studentName,
      grade: order.grade,
      amountPaise: order.amount,
      orderId: order.id,
    };
    if (order.status === "PAID" && order.transactionId) {
      return [
        {
          kind: "paymentReceived",
          to: order.email,
          about,
          data: {
            ...who,
            transactionId: order.transactionId,
            paidAt: order.paidAt ?? new Date(),
            receiptUrl: null,
          },
        },
        {
          kind: "staffPaymentReceived",
          to: staff,
          about,
          data: { ...who, transactionId: order.transactionId, email: order.email, mobile: order.mobile },
        },
      ];
    }
    if (order.status === "FAILED") {
      return [
        {
          kind: "paymentFailed",
          to: order.email,
          about,
          data: {
            ...who,
            reason: order.failureReason ?? "The payment was not completed.",
            retryUrl: `${publicUrl}/fee-structure`,
          },
        },
      ];
    }
    return [];
  }

  /** Records a gateway's answer; used at once for synchronous gateways and later by webhooks. */
  async function recordOutcome(orderId: string, outcome: PaymentOutcome): Promise<Order> {
    const changes =
      outcome.status === "PAID"
        ? {
            status: "PAID" as const,
            transactionId: outcome.transactionId,
            gatewayOrderId: outcome.gatewayOrderId,
            gatewayPaymentId: outcome.gatewayPaymentId,
            paidAt: new Date(),
          }
        : outcome.status === "FAILED"
          ? {
              status: "FAILED" as const,
              gatewayOrderId: outcome.gatewayOrderId,
              failureReason: outcome.reason,
            }
          : { gatewayOrderId: outcome.gatewayOrderId };
    const mail = await outbox.prepare();
    // Only a CREATED order moves: a late or repeated webhook cannot undo a payment, nor send its
    // mails twice (they are queued with the change, in its transaction).
    const order = await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(orders)
        .set(changes)
        .where(and(eq(orders.id, orderId), eq(orders.status, "CREATED")))
        .returning({ ...publicOrder, failureReason: orders.failureReason });
      if (moved) await mail.queue(tx, ...paymentMails(moved, mail.staff));
      return moved;
    });
    if (order) {
      const { failureReason: _reason, ...shown } = order;
      return shown;
    }
    const [current] = await db.select(publicOrder).from(orders).where(eq(orders.id, orderId));
    if (!current) throw notFound("Order not found.");
    return current;
  }

  return {
    recordOutcome,

    /** True while the test gateway marks orders PAID without taking any money. */
    simulatedPayments: gateway.name === TEST_GATEWAY_NAME,

    /**
     * Enrolls a student in a grade: the amount comes from the grade's fee, never from the client.
     * The order is stored before the gateway is asked, so no payment can exist without its order.
     */
    async createOrder(values: EnrollmentInput): Promise<Order> {
      const fee = await grades.feeFor(values.grade);
      if (values.amount !== undefined && values.amount !== fee) {
        const message = `The fee for ${values.grade} is ${formatRupees(fee)}. Please refresh the page and try again.`;
        throw badRequest(message, { amount: [message] });
      }
      const [created] = await db
        .insert(orders)
        .values({
          studentName: values.studentName,
          parentName: values.parentName,
          grade: values.grade,
          email: values.email,
          mobile: values.mobile,
          amount: fee * 100,
          gateway: gateway.name,
        })
        .returning(publicOrder);
      const order = created!;
      let outcome: PaymentOutcome;
      try {
        outcome = await gateway.startPayment({
          orderId: order.id,
          amountPaise: order.amount,
          currency: "INR",
          email: order.email,
          mobile: order.mobile,
        });
      } catch (error) {
        await recordOutcome(order.id, {
          status: "FAILED",
          reason: error instanceof Error ? error.message : String(error),
        });
        throw error;
      }
      const recorded = await recordOutcome(order.id, outcome);
      if (recorded.status === "FAILED") {
        throw new AppError(402, "The payment could not be completed. No money was taken; please try again.");
      }
      return recorded;
    },

    /** Successful (PAID) orders, newest first. */
    async listPaid(): Promise<Order[]> {
      return paidInOrder("newest");
    },

    /** A page of successful orders for the admin screen. */
    async listPaidPage(query: unknown = {}): Promise<Paged<Order>> {
      return pageOf(query, { count: countPaid, rows: paidByAge });
    },

    /** How many orders were paid: each is an enrolled student. */
    countPaid,
  };
}
