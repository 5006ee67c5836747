import { and, eq } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import { SCHOOL } from "~/domain/brand";
import { FORMS } from "~/domain/forms";
import type { Language } from "~/domain/languages";
import type { OrderStatus } from "~/domain/statuses";
import { formatRupees } from "~/domain/format";
import type { Grade } from "~/domain/grades";
import { MESSAGES } from "~/domain/messages";
import { CHECKOUT_HOLD_MINUTES, isOpenOffer } from "~/domain/offers";
import { offers, orders, refunds, type OrderRow } from "../../../db/schema";
import { consentGiven } from "../consent.server";
import { AppError, badRequest, conflict, notFound } from "../errors";
import type { GradesService } from "../grades.server";
import { lockedSeats } from "../seats.server";
import { schemaOf, type FormInput } from "../validation";
import type { CheckoutForm, PaymentOutcome } from "./gateway.server";
import { orderLinks } from "./order-links.server";
import { orderByToken, toPublic, type Order, type OrderParts } from "./order-rows.server";
import { PAYMENT_SERVICE_UNREACHABLE } from "./razorpay.server";
import { PAYABLE } from "./recorder.server";

export const enrollmentInput = schemaOf(FORMS.enrollment);
/** `amount` is optional: the fee the visitor saw. The server's fee decides; a different one is refused. */
export type EnrollmentInput = FormInput<typeof FORMS.enrollment>;

/** What follows an enrollment: paid already (test gateway), or the way to the gateway's checkout. */
export type PaymentStep = {
  gateway: string;
  status: OrderStatus;
  /** The parent's page for this order: checkout while unpaid, the confirmation once paid. */
  payUrl: string;
  /** The printable receipt, once paid. */
  receiptUrl: string | null;
  /** The form that opens the gateway's hosted checkout (POST these fields to `action`). */
  checkout: CheckoutForm | null;
  /** Why there is no checkout yet (the gateway could not be reached); the order is kept, payable later at payUrl. */
  message: string | null;
};

/** The parent's checkout page: the order, and the form to the gateway while it can still be paid. */
export type PaymentPage = {
  order: Order & { failureReason: string | null };
  payUrl: string;
  receiptUrl: string;
  checkout: CheckoutForm | null;
  /** True when the gateway's side of the order could not be opened yet. */
  unreachable: boolean;
  /** True when the order can no longer be paid: its seat is no longer held for it (issue 38). */
  seatGone: boolean;
};

/** When a seat taken for a checkout now stops being held. */
const holdEnds = () => new Date(Date.now() + CHECKOUT_HOLD_MINUTES * 60_000);

/** Records a synchronous gateway's answer (the test gateway: PAID at once). */
async function recordOutcome(
  { db, payments }: OrderParts,
  order: OrderRow,
  outcome: PaymentOutcome,
): Promise<OrderRow> {
  if (outcome.status === "PENDING") {
    const [opened] = await db
      .update(orders)
      .set({ gatewayOrderId: outcome.gatewayOrderId })
      .where(eq(orders.id, order.id))
      .returning();
    return opened!;
  }
  return payments.transaction((tx) =>
    outcome.status === "PAID"
      ? payments.markPaid(
          tx,
          order,
          { paymentId: outcome.transactionId, gatewayOrderId: outcome.gatewayOrderId },
          "gateway",
        )
      : payments.markFailed(tx, order, { reason: outcome.reason }, "gateway"),
  );
}

/** Opens the gateway's side of an order (once); false when the gateway cannot be reached now. */
async function openAtGateway(parts: OrderParts, order: OrderRow): Promise<OrderRow> {
  if (order.gatewayOrderId) return order;
  const outcome = await parts.gateway.startPayment({
    orderId: order.id,
    amountPaise: order.amount,
    currency: "INR",
    email: order.email,
    mobile: order.mobile,
  });
  return recordOutcome(parts, order, outcome);
}

function checkoutFor({ gateway, publicUrl }: OrderParts, order: OrderRow): CheckoutForm | null {
  if (!order.gatewayOrderId || !(PAYABLE as readonly string[]).includes(order.status)) return null;
  const links = orderLinks(publicUrl, order);
  return gateway.checkoutForm({
    gatewayOrderId: order.gatewayOrderId,
    amountPaise: order.amount,
    merchantName: SCHOOL.fullName,
    description: `Yearly fee, ${order.grade} (${SCHOOL.session})`,
    payer: { name: order.parentName, email: order.email, mobile: order.mobile },
    callbackUrl: `${links.payUrl}/callback`,
    cancelUrl: `${links.payUrl}?cancelled=1`,
  });
}

export function paymentStep(parts: OrderParts, order: OrderRow, message: string | null = null): PaymentStep {
  const links = orderLinks(parts.publicUrl, order);
  return {
    gateway: order.gateway,
    status: order.status,
    payUrl: links.payUrl,
    receiptUrl: order.paidAt ? links.receiptUrl : null,
    checkout: checkoutFor(parts, order),
    message,
  };
}

/**
 * The parent's side of an order: enrolling (the order, then the gateway's side of it), the
 * checkout page and its callback, and the receipt. Every page is found by the order's link token.
 */
export function createCheckout(parts: OrderParts & { grades: GradesService }) {
  const { db, gateway, grades, payments, publicUrl } = parts;
  const byToken = (token: string) => orderByToken(db, token);

  /**
   * An enrollment from the fee page (issue 38 point 6): the order takes one of its grade's free
   * seats for CHECKOUT_HOLD_MINUTES in its own transaction, under the grade's lock; none free,
   * nothing is stored and the parent is told the grade has a waitlist (409).
   */
  async function withFreeSeat(row: PgInsertValue<typeof orders> & { grade: Grade }): Promise<OrderRow> {
    return db.transaction(async (tx) => {
      const seats = await lockedSeats(tx, row.grade);
      if (seats.available <= 0) throw conflict(MESSAGES.enrollment.noSeat(row.grade));
      const [created] = await tx
        .insert(orders)
        .values({ ...row, seatHeldUntil: holdEnds() })
        .returning();
      return created!;
    });
  }

  /** The order that pays for an offer: made once ("Accept and pay" twice pays the same order). */
  async function forOffer(row: PgInsertValue<typeof orders>, offerId: number): Promise<OrderRow> {
    const [created] = await db
      .insert(orders)
      .values({ ...row, offerId })
      .onConflictDoNothing({ target: orders.offerId })
      .returning();
    if (created) return created;
    const [existing] = await db.select().from(orders).where(eq(orders.offerId, offerId));
    return existing!;
  }

  /**
   * Whether an unpaid order may go to the gateway's checkout now: an offer's while the offer is
   * open; a fee page's while it holds its seat, or can take a free one again (a parent back after
   * the hold ran out). False: the seat is no longer the family's, and the page says so.
   */
  async function seatStillHeld(order: OrderRow): Promise<boolean> {
    if (!(PAYABLE as readonly string[]).includes(order.status)) return true;
    if (order.offerId !== null) {
      const [offer] = await db
        .select({ status: offers.status, expiresAt: offers.expiresAt })
        .from(offers)
        .where(eq(offers.id, order.offerId));
      return offer !== undefined && isOpenOffer(offer);
    }
    if (order.seatHeldUntil && order.seatHeldUntil.getTime() > Date.now()) return true;
    return db.transaction(async (tx) => {
      const seats = await lockedSeats(tx, order.grade);
      if (seats.available <= 0) return false;
      await tx.update(orders).set({ seatHeldUntil: holdEnds() }).where(eq(orders.id, order.id));
      return true;
    });
  }

  return {
    /**
     * Enrolls a student in a grade: the amount comes from the grade's fee, never from the client.
     * The order is stored before the gateway is asked, so no payment can exist without its order;
     * if the gateway cannot be reached, the order stays, payable later at its pay link. `userId`
     * is the account signed in when it was made, if any: its profile then shows it.
     */
    async createOrder(
      values: EnrollmentInput,
      {
        userId = null,
        language = "en",
        offerId = null,
        whatsappUpdatesAt,
      }: {
        userId?: number | null;
        language?: Language;
        offerId?: number | null;
        /** The family's WhatsApp choice when it was given elsewhere (an offer's: its application's). */
        whatsappUpdatesAt?: Date | null;
      } = {},
    ): Promise<{ order: Order; payment: PaymentStep }> {
      const fee = await grades.feeFor(values.grade);
      if (values.amount !== undefined && values.amount !== fee) {
        const message = MESSAGES.enrollment.feeChanged(values.grade, formatRupees(fee));
        throw badRequest(message, { amount: [message] });
      }
      const row = {
        studentName: values.studentName,
        parentName: values.parentName,
        grade: values.grade,
        email: values.email,
        mobile: values.mobile,
        amount: fee * 100,
        gateway: gateway.name,
        userId,
        language,
        whatsappUpdatesAt: whatsappUpdatesAt ?? (values.whatsappUpdates ? new Date() : null),
        ...consentGiven(values),
        // Where the family came from (issue 40), as the form or the API gave it.
        utmSource: values.utmSource,
        utmMedium: values.utmMedium,
        utmCampaign: values.utmCampaign,
        referrerHost: values.referrerHost,
        heardAbout: values.heardAbout,
        heardAboutOther: values.heardAboutOther,
      };
      let order = offerId === null ? await withFreeSeat(row) : await forOffer(row, offerId);
      if (order.status !== "CREATED") return { order: toPublic(order), payment: paymentStep(parts, order) };
      try {
        order = await openAtGateway(parts, order);
      } catch (error) {
        if (error instanceof AppError && error.status >= 500) {
          return { order: toPublic(order), payment: paymentStep(parts, order, PAYMENT_SERVICE_UNREACHABLE) };
        }
        await recordOutcome(parts, order, {
          status: "FAILED",
          reason: error instanceof Error ? error.message : String(error),
        });
        throw error;
      }
      if (order.status === "FAILED") {
        throw new AppError(402, MESSAGES.enrollment.paymentFailed);
      }
      return { order: toPublic(order), payment: paymentStep(parts, order) };
    },

    /**
     * The parent's checkout page for an order, by its link token. No checkout once the order's
     * seat is no longer held for it (`seatGone`): an offer declined or expired, a full grade.
     */
    async paymentPage(token: string): Promise<PaymentPage> {
      const order = await byToken(token);
      const links = orderLinks(publicUrl, order);
      const held = await seatStillHeld(order);
      return {
        order: { ...toPublic(order), failureReason: order.failureReason },
        ...links,
        checkout: held ? checkoutFor(parts, order) : null,
        unreachable: held && !order.gatewayOrderId && (PAYABLE as readonly string[]).includes(order.status),
        seatGone: !held,
      };
    },

    /** Tries again to open the gateway's side of an order whose first attempt could not reach it. */
    async openPayment(token: string): Promise<PaymentStep> {
      const found = await byToken(token);
      if (!(await seatStillHeld(found))) throw conflict(MESSAGES.enrollment.seatGone(found.grade));
      const order = await openAtGateway(parts, found);
      return paymentStep(parts, order);
    },

    /**
     * Razorpay's callback after a successful payment: the signature must be the HMAC of OUR stored
     * gateway order id and the payment id; anything else is refused (400) and changes nothing.
     */
    async confirmPayment(
      token: string,
      reported: { paymentId: string; gatewayOrderId: string; signature: string },
    ): Promise<Order> {
      const order = await byToken(token);
      const valid =
        order.gatewayOrderId !== null &&
        reported.gatewayOrderId === order.gatewayOrderId &&
        gateway.verifyPaymentSignature(order.gatewayOrderId, reported.paymentId, reported.signature);
      if (!valid) {
        throw badRequest(
          "We could not verify this payment. If money was taken, it will be confirmed shortly.",
        );
      }
      const recorded = await payments.transaction(async (tx) => {
        const locked = await payments.lockOrder(tx.tx, eq(orders.id, order.id));
        return payments.markPaid(
          tx,
          locked!,
          { paymentId: reported.paymentId, gatewayOrderId: order.gatewayOrderId! },
          "callback",
        );
      });
      return toPublic(recorded);
    },

    /** Razorpay's callback after a failed attempt: recorded; the order stays payable. */
    async recordFailedAttempt(
      token: string,
      failure: { reason: string; paymentId: string | null },
    ): Promise<Order> {
      const order = await byToken(token);
      const recorded = await payments.transaction(async (tx) => {
        const locked = await payments.lockOrder(tx.tx, eq(orders.id, order.id));
        return payments.markFailed(tx, locked!, failure, "callback");
      });
      return toPublic(recorded);
    },

    /** A paid order's receipt, by the parent's link token, in the order's language; 404 for an unpaid one. */
    async receipt(token: string) {
      const row = await byToken(token);
      if (!row.paidAt || !row.transactionId) throw notFound("Order not found.");
      const given = await db
        .select({
          amount: refunds.amount,
          processedAt: refunds.processedAt,
          gatewayRefundId: refunds.gatewayRefundId,
        })
        .from(refunds)
        .where(and(eq(refunds.orderId, row.id), eq(refunds.status, "PROCESSED")));
      return {
        order: {
          ...toPublic(row),
          gatewayOrderId: row.gatewayOrderId,
          refundedAmount: row.refundedAmount,
          language: row.language,
        },
        refunds: given,
      };
    },
  };
}
