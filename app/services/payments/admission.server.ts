import { and, eq, inArray, sql } from "drizzle-orm";
import { openSeats, seatsTaken } from "~/domain/seats";
import type { Executor } from "../../../db/client";
import { applications, offers, type OrderRow } from "../../../db/schema";
import type { RecordHistory } from "../record-history.server";
import { lockGrade, readSeats } from "../seats.server";

/**
 * What an enrollment's payment does to its seat (issue 38, decision 0051), in the payment's own
 * transaction, after the order became PAID. A paid order holds its seat for good; an offer paid
 * for becomes ACCEPTED and its application APPROVED. The money is the family's commitment and is
 * never refused: a payment that arrives after its offer or checkout hold lapsed still admits the
 * child, and when that leaves the grade with more children than open seats its history says so,
 * for staff to raise the seats or refund. The grade's lock comes first, as for every seat write.
 */
export async function admitOnPayment(
  tx: Executor,
  order: OrderRow,
  history: Pick<RecordHistory, "add">,
): Promise<void> {
  await lockGrade(tx, order.grade);
  if (order.offerId !== null) await acceptOffer(tx, order, history);
  // Counted once the offer is accepted: until then its seat would be counted twice, offered and paid.
  const [seats] = await readSeats(tx, order.grade);
  const over = seatsTaken(seats!) - openSeats(seats!);
  if (over > 0) {
    await history.add(tx, {
      recordType: "ORDER",
      recordId: order.id,
      kind: "NOTE",
      actorId: null,
      note: `Paid after its seat's hold ran out, with no seat free: ${order.grade} now has ${over} more than its ${openSeats(seats!)} open seats. Raise the grade's seats or refund this order.`,
    });
  }
}

async function acceptOffer(tx: Executor, order: OrderRow, history: Pick<RecordHistory, "add">) {
  const [offer] = await tx.select().from(offers).where(eq(offers.id, order.offerId!)).for("update");
  if (!offer || offer.status === "ACCEPTED") return;
  await tx
    .update(offers)
    .set({ status: "ACCEPTED", decidedAt: sql`now()` })
    .where(eq(offers.id, offer.id));
  await history.add(tx, {
    recordType: "APPLICATION",
    recordId: offer.applicationId,
    kind: "OFFER",
    actorId: null,
    fromStatus: offer.status,
    toStatus: "ACCEPTED",
    note:
      offer.status === "OFFERED"
        ? `Accepted and paid: order ${order.id} (offer #${offer.id}, ${offer.grade})`
        : `Paid after the offer was ${offer.status.toLowerCase()}: order ${order.id} admits the child (offer #${offer.id}, ${offer.grade})`,
  });
  const [before] = await tx
    .select({ status: applications.status })
    .from(applications)
    .where(eq(applications.id, offer.applicationId));
  const [approved] = await tx
    .update(applications)
    .set({ status: "APPROVED" })
    .where(
      and(
        eq(applications.id, offer.applicationId),
        inArray(applications.status, ["PENDING", "CONTACTED", "REJECTED"]),
      ),
    )
    .returning({ id: applications.id });
  if (approved) {
    await history.add(tx, {
      recordType: "APPLICATION",
      recordId: offer.applicationId,
      kind: "STATUS_CHANGED",
      actorId: null,
      fromStatus: before!.status,
      toStatus: "APPROVED",
    });
  }
}
