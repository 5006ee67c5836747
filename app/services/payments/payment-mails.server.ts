import { formatPaise } from "~/domain/format";
import { gradeLabel } from "~/domain/texts/grades";
import { MAIL_TEXTS } from "~/domain/texts/mail";
import type { OrderRow } from "../../../db/schema";
import type { MailRequest } from "../mail/outbox.server";
import type { UpdateRequest } from "../updates/outbox.server";
import { orderLinks } from "./order-links.server";

/**
 * The mails that follow an order's move, queued in the move's transaction: the receipt to the
 * parent and the news to staff once PAID, the link to try again once FAILED. The parent's are in
 * the order's language (the page it was placed from), read from the moved row.
 */
export function paymentMails(publicUrl: string, order: OrderRow, staff: string): MailRequest[] {
  const about = `order:${order.id}`;
  const links = orderLinks(publicUrl, order);
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
          receiptUrl: links.receiptUrl,
          language: order.language,
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
          reason: order.failureReason ?? MAIL_TEXTS.en["paymentFailed.notCompleted"],
          retryUrl: links.payUrl,
          language: order.language,
        },
      },
    ];
  }
  return [];
}

/**
 * The WhatsApp or SMS update that follows the same move (issue 39): the receipt's link once PAID,
 * the link to try again once FAILED; in the order's language, by the family's choice on it.
 */
export function paymentUpdates(publicUrl: string, order: OrderRow): UpdateRequest[] {
  const links = orderLinks(publicUrl, order);
  const common = {
    mobile: order.mobile,
    language: order.language,
    whatsappUpdatesAt: order.whatsappUpdatesAt,
    about: `order:${order.id}`,
  };
  const parameters = {
    parentName: order.parentName,
    // "Rs" in English: one ₹ makes an English SMS Unicode (70 letters a part, not 160).
    amount:
      order.language === "en"
        ? formatPaise(order.amount, "en").replace("₹", "Rs ")
        : formatPaise(order.amount, order.language),
    grade: gradeLabel(order.grade, order.language),
  };
  if (order.status === "PAID" && order.transactionId)
    return [{ ...common, kind: "paymentReceived", parameters: { ...parameters, link: links.receiptUrl } }];
  if (order.status === "FAILED")
    return [{ ...common, kind: "paymentFailed", parameters: { ...parameters, link: links.payUrl } }];
  return [];
}
