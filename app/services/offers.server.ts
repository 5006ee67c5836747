import { and, asc, desc, eq, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import { FORMS } from "~/domain/forms";
import { formatDateTime } from "~/domain/format";
import { pathIn, type Language } from "~/domain/languages";
import { gradeLabel } from "~/domain/texts/grades";
import {
  CHECKOUT_HOLD_MINUTES,
  defaultOfferExpiry,
  isOpenOffer,
  OFFER_JOB_EVERY_MS,
  OFFER_REMINDER_HOURS,
  type OfferView,
  type WaitlistPlace,
} from "~/domain/offers";
import { OFFER_STATUSES, type OfferStatus } from "~/domain/statuses";
import { GRADES, type Grade } from "~/domain/grades";
import { z } from "zod";
import { queryRows, type Database, type Executor } from "../../db/client";
import { applications, offers, orders, waitlistEntries, type ApplicationRow } from "../../db/schema";
import { conflict, notFound, NOT_FOUND } from "./errors";
import type { MailOutbox, MailRequest } from "./mail/outbox.server";
import type { PaymentStep } from "./payments/checkout.server";
import type { Order } from "./payments/order-rows.server";
import type { RecordHistory } from "./record-history.server";
import type { RecordOwner } from "./record-kinds/index.server";
import { ownedBy, preparedOwnerOf, preparedPerOwner } from "./record-kinds/ownership.server";
import { startRepeatingJob, type RepeatingJob } from "./repeating-job.server";
import { lockedSeats, lockGrade } from "./seats.server";
import type { UpdateRequest, UpdatesOutbox } from "./updates/outbox.server";
import { parseForm, schemaOf } from "./validation";

/** What `POST /api/applications/{id}/offer` takes (the record page's form posts the same field). */
export const offerInput = schemaOf(FORMS.offer);

/** `GET /api/offers?status=&grade=` for staff. */
export const offerListQuery = z.object({
  status: z.enum(OFFER_STATUSES, { error: `Choose a status: ${OFFER_STATUSES.join(", ")}.` }).optional(),
  grade: z.enum(GRADES, { error: "No such grade. Grades run from Nursery to Grade 8." }).optional(),
});

type MailWriter = Awaited<ReturnType<MailOutbox["prepare"]>>;

/**
 * The offer's fields as a client sent them: the API's route has parsed its body once already
 * (its end then a Date), and the service checks every caller's input itself.
 */
function asGiven(input: unknown): unknown {
  const fields = (input ?? {}) as { expiresAt?: unknown };
  return fields.expiresAt instanceof Date ? { ...fields, expiresAt: fields.expiresAt.toISOString() } : fields;
}

/** Applications whose family may still be offered a seat or wait for one: nobody has decided them. */
const UNDECIDED = ["PENDING", "CONTACTED"] as const;

export const OFFER_MESSAGES = {
  notFound: NOT_FOUND.offer,
  applicationNotFound: NOT_FOUND.application,
  noSeat: (grade: Grade, taken: string) =>
    `No seat is free in ${grade} (${taken}). Put the application on the waitlist, or raise the grade's seats.`,
  alreadyOffered: (expires: string) =>
    `This application already has an open offer, until ${expires}: withdraw it first to make another.`,
  decided: (status: string) =>
    `This application is ${status.toLowerCase()}: only an application still pending or contacted can be offered a seat or wait for one.`,
  anonymised: "This application's personal details were removed: it can no longer be offered a seat.",
  merged: (into: number) =>
    `This application was merged into application #${into}: offer the seat, or the waitlist, there.`,
  notOpen: (status: OfferStatus) =>
    status === "OFFERED"
      ? "This offer has expired: its seat is no longer held."
      : `This offer is no longer open: it was ${status.toLowerCase()}.`,
  offeredNotWaiting: "This application has an open offer: it holds a seat, so it does not wait for one.",
} as const;

/** What the offer, the history and the mails read of an application. */
type Applicant = Pick<
  ApplicationRow,
  | "id"
  | "grade"
  | "status"
  | "studentName"
  | "parentName"
  | "email"
  | "mobile"
  | "whatsappUpdatesAt"
  | "language"
  | "anonymisedAt"
  | "mergedIntoId"
>;

const applicantColumns = {
  id: applications.id,
  grade: applications.grade,
  status: applications.status,
  studentName: applications.studentName,
  parentName: applications.parentName,
  email: applications.email,
  mobile: applications.mobile,
  whatsappUpdatesAt: applications.whatsappUpdatesAt,
  language: applications.language,
  anonymisedAt: applications.anonymisedAt,
  mergedIntoId: applications.mergedIntoId,
};

const offerColumns = {
  id: offers.id,
  applicationId: offers.applicationId,
  grade: offers.grade,
  status: offers.status,
  expiresAt: offers.expiresAt,
  createdAt: offers.createdAt,
  decidedAt: offers.decidedAt,
  studentName: applications.studentName,
  orderId: orders.id,
};

/** "4 Dec 2026, 11:59 pm" in India: how the history and the messages name an offer's end. */
const inIndia = (moment: Date) =>
  moment.toLocaleString("en-IN", {
    timeZone: "Asia/Kolkata",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/**
 * Each application's position on its grade's waitlist, counted at this moment (never stored: it
 * cannot skip or repeat). The outer row is named in full: Drizzle writes a one-table query's
 * columns unqualified, which inside this sub-select would mean the sub-select's own rows.
 */
const positionOf = sql<number>`(
  select count(*)::int from waitlist_entries as ahead
  where ahead.grade = waitlist_entries.grade and ahead.status = 'WAITING'
    and (ahead.joined_at, ahead.id) <= (waitlist_entries.joined_at, waitlist_entries.id)
)`;

export type OfferDependencies = {
  db: Database;
  outbox: MailOutbox;
  /** WhatsApp and SMS updates (issue 39): an offer, and a reminder before it lapses. */
  updates: UpdatesOutbox;
  history: Pick<RecordHistory, "add">;
  publicUrl: string;
  /** Makes (once) the order that pays for an offer: the checkout's `createOrder` with the offer's id. */
  orderFor: (
    offer: { id: number; grade: Grade },
    applicant: ApplicationRow,
    options: { userId: number | null; language: Language },
  ) => Promise<{ order: Order; payment: PaymentStep }>;
};

/**
 * Seat offers and the waitlist (issue 38, decision 0051). An offer holds one of its grade's open
 * seats for an application until it expires; the family accepts it by paying the fee (the order
 * it makes is linked to it, and the payment admits the child: payments/admission.server.ts) or
 * declines it; staff withdraw it. An application that finds no free seat waits on its grade's
 * waitlist; the job (`runJob`, every instance, and `npm run offers:expire`) expires lapsed offers,
 * lets go of lapsed checkout holds and offers each freed seat to the first waiting application.
 * Every write that takes a seat counts the grade's seats under the grade's row lock first.
 */
export function createOffersService({
  db,
  outbox,
  updates,
  history,
  publicUrl,
  orderFor,
}: OfferDependencies) {
  const profileUrl = (language: Language) => new URL(pathIn(language, "/profile"), publicUrl).toString();

  const who = (applicant: Applicant) => ({
    parentName: applicant.parentName,
    studentName: applicant.studentName,
    grade: applicant.grade,
    applicationId: applicant.id,
    language: applicant.language,
  });

  /** An offer's WhatsApp or SMS update (issue 39): made, or about to lapse. */
  function offerUpdate(
    kind: "offerMade" | "offerLapsing",
    applicant: Applicant,
    expiresAt: Date,
  ): UpdateRequest {
    return {
      kind,
      mobile: applicant.mobile,
      language: applicant.language,
      whatsappUpdatesAt: applicant.whatsappUpdatesAt,
      about: `application:${applicant.id}`,
      parameters: {
        parentName: applicant.parentName,
        studentName: applicant.studentName,
        grade: gradeLabel(applicant.grade, applicant.language),
        expires: formatDateTime(expiresAt, applicant.language),
        link: profileUrl(applicant.language),
      },
    };
  }

  /**
   * Reminds each family whose open offer lapses within OFFER_REMINDER_HOURS, once (the row's
   * `reminded_at`, set by the statement that picks it): an offer made for less than that long is
   * reminded of by its own message.
   */
  async function remindLapsing(): Promise<number> {
    return db.transaction(async (tx) => {
      const due = await tx
        .update(offers)
        .set({ remindedAt: sql`now()` })
        .where(
          and(
            eq(offers.status, "OFFERED"),
            isNull(offers.remindedAt),
            sql`${offers.expiresAt} > now()`,
            sql`${offers.expiresAt} <= now() + ${OFFER_REMINDER_HOURS} * interval '1 hour'`,
            sql`${offers.expiresAt} - ${offers.createdAt} > ${OFFER_REMINDER_HOURS} * interval '1 hour'`,
          ),
        )
        .returning({ applicationId: offers.applicationId, expiresAt: offers.expiresAt });
      for (const offer of due) {
        const applicant = await applicantOf(tx, offer.applicationId);
        if (!applicant.anonymisedAt)
          await updates.queue(tx, offerUpdate("offerLapsing", applicant, offer.expiresAt));
      }
      return due.length;
    });
  }

  async function applicantOf(executor: Executor, id: number, lock = false): Promise<Applicant> {
    const query = executor.select(applicantColumns).from(applications).where(eq(applications.id, id));
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw notFound(OFFER_MESSAGES.applicationNotFound);
    return row;
  }

  function refuseUndecidable(applicant: Applicant) {
    if (applicant.anonymisedAt) throw conflict(OFFER_MESSAGES.anonymised);
    // Staff merged it into another (issue 40): the family's one application is that one.
    if (applicant.mergedIntoId !== null) throw conflict(OFFER_MESSAGES.merged(applicant.mergedIntoId));
    if (!(UNDECIDED as readonly string[]).includes(applicant.status))
      throw conflict(OFFER_MESSAGES.decided(applicant.status));
  }

  async function openOfferOf(tx: Executor, applicationId: number) {
    const [open] = await tx
      .select({ id: offers.id, expiresAt: offers.expiresAt })
      .from(offers)
      .where(and(eq(offers.applicationId, applicationId), eq(offers.status, "OFFERED")));
    return open;
  }

  /**
   * Offers a seat of the application's grade, under the grade's lock: refused (409) when none is
   * free. The offer, its history, the application leaving the waitlist and the family's mail are
   * one transaction. `actorId` null: the site (the waitlist's promotion).
   */
  async function offerInTransaction(
    tx: Executor,
    mail: MailWriter,
    applicant: Applicant,
    expiresAt: Date,
    actorId: number | null,
    fromWaitlist: boolean,
  ) {
    const [created] = await tx
      .insert(offers)
      .values({ applicationId: applicant.id, grade: applicant.grade, expiresAt, offeredBy: actorId })
      .returning();
    const left = await tx
      .update(waitlistEntries)
      .set({ status: "PROMOTED", leftAt: sql`now()` })
      .where(and(eq(waitlistEntries.applicationId, applicant.id), eq(waitlistEntries.status, "WAITING")))
      .returning({ id: waitlistEntries.id });
    if (left.length > 0) {
      await history.add(tx, {
        recordType: "APPLICATION",
        recordId: applicant.id,
        kind: "WAITLIST",
        actorId,
        fromStatus: "WAITING",
        toStatus: "PROMOTED",
        note: `Off the ${applicant.grade} waitlist: offered a seat`,
      });
    }
    await history.add(tx, {
      recordType: "APPLICATION",
      recordId: applicant.id,
      kind: "OFFER",
      actorId,
      fromStatus: null,
      toStatus: "OFFERED",
      note: `Seat in ${applicant.grade} offered until ${inIndia(expiresAt)} (offer #${created!.id})`,
    });
    await mail.queue(tx, {
      kind: "offerMade",
      to: applicant.email,
      about: `application:${applicant.id}`,
      data: { ...who(applicant), expiresAt, profileUrl: profileUrl(applicant.language), fromWaitlist },
    });
    await updates.queue(tx, offerUpdate("offerMade", applicant, expiresAt));
    return created!;
  }

  /** Moves an open offer to `to` (once: a conditional UPDATE), with its history. Null when it was not open. */
  async function closeOffer(
    tx: Executor,
    offerId: number,
    to: Exclude<OfferStatus, "OFFERED" | "ACCEPTED">,
    actorId: number | null,
    note: string,
  ) {
    const [closed] = await tx
      .update(offers)
      .set({ status: to, decidedAt: sql`now()` })
      .where(and(eq(offers.id, offerId), eq(offers.status, "OFFERED")))
      .returning();
    if (!closed) return null;
    await history.add(tx, {
      recordType: "APPLICATION",
      recordId: closed.applicationId,
      kind: "OFFER",
      actorId,
      fromStatus: "OFFERED",
      toStatus: to,
      note: `${note} (offer #${closed.id}, ${closed.grade})`,
    });
    return closed;
  }

  /** Offers with their application and order as staff and families see them (awaited: the rows). */
  function offerView(executor: Executor, where: SQL | undefined) {
    return executor
      .select(offerColumns)
      .from(offers)
      .innerJoin(applications, eq(applications.id, offers.applicationId))
      .leftJoin(orders, eq(orders.offerId, offers.id))
      .where(where)
      .orderBy(desc(offers.createdAt), desc(offers.id));
  }

  // The parent's profile reads these on every visit: prepared once (issue 41).
  const ownOffers = preparedPerOwner("own_offers", (owned) => offerView(db, owned(applications)));
  const ownWaitlistPlaces = preparedPerOwner("own_waitlist_places", (owned) =>
    db
      .select({
        applicationId: waitlistEntries.applicationId,
        grade: waitlistEntries.grade,
        position: positionOf,
      })
      .from(waitlistEntries)
      .innerJoin(applications, eq(applications.id, waitlistEntries.applicationId))
      .where(and(eq(waitlistEntries.status, "WAITING"), owned(applications)))
      .orderBy(asc(waitlistEntries.joinedAt)),
  );

  async function oneOffer(executor: Executor, id: number): Promise<OfferView> {
    const [offer] = await offerView(executor, eq(offers.id, id));
    if (!offer) throw notFound(OFFER_MESSAGES.notFound);
    return offer;
  }

  /** The offer, if the account owns its application (decision 0028); else 404, as for no offer at all. */
  async function ownOffer(id: number, owner: RecordOwner): Promise<OfferView> {
    const [offer] = await offerView(db, and(eq(offers.id, id), ownedBy(applications, owner)));
    if (!offer) throw notFound(OFFER_MESSAGES.notFound);
    return offer;
  }

  async function placeOf(executor: Executor, applicationId: number): Promise<WaitlistPlace | null> {
    const [place] = await executor
      .select({
        applicationId: waitlistEntries.applicationId,
        grade: waitlistEntries.grade,
        position: positionOf,
      })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.applicationId, applicationId), eq(waitlistEntries.status, "WAITING")));
    return place ?? null;
  }

  const ownerOf: (userId: number) => Promise<RecordOwner | null> = preparedOwnerOf(db);

  /** Offers whose seat is no longer held: past their end, and not being paid right now. */
  async function expireLapsed(): Promise<number> {
    const mail = await outbox.prepare();
    return db.transaction(async (tx) => {
      // An offer whose order was opened in the last CHECKOUT_HOLD_MINUTES is being paid: a
      // payment begun in time is not overtaken by the clock (decision 0051).
      const lapsed = await tx
        .update(offers)
        .set({ status: "EXPIRED", decidedAt: sql`now()` })
        .where(
          and(
            eq(offers.status, "OFFERED"),
            lte(offers.expiresAt, sql`now()`),
            sql`not exists (select 1 from ${orders} where ${orders.offerId} = ${offers.id}
              and ${orders.createdAt} > now() - make_interval(mins => ${CHECKOUT_HOLD_MINUTES}))`,
          ),
        )
        .returning();
      for (const offer of lapsed) {
        await history.add(tx, {
          recordType: "APPLICATION",
          recordId: offer.applicationId,
          kind: "OFFER",
          actorId: null,
          fromStatus: "OFFERED",
          toStatus: "EXPIRED",
          note: `Not paid by ${inIndia(offer.expiresAt)}: the seat is free again (offer #${offer.id}, ${offer.grade})`,
        });
        const applicant = await applicantOf(tx, offer.applicationId);
        if (!applicant.anonymisedAt)
          await mail.queue(tx, {
            kind: "offerExpired",
            to: applicant.email,
            about: `application:${applicant.id}`,
            data: { ...who(applicant), grade: offer.grade, expiresAt: offer.expiresAt },
          });
      }
      return lapsed.length;
    });
  }

  /** Unpaid enrollments from the fee page whose checkout hold has run out: their seats go back. */
  async function releaseLapsedHolds(): Promise<number> {
    const released = await db
      .update(orders)
      .set({ seatHeldUntil: null })
      .where(
        and(
          sql`${orders.seatHeldUntil} <= now()`,
          sql`${orders.offerId} is null`,
          inArray(orders.status, ["CREATED", "FAILED"]),
        ),
      )
      .returning({ id: orders.id });
    return released.length;
  }

  /**
   * Offers each grade's free seats to its waitlist, first come first served, under the grade's
   * lock (so two instances running the job at once offer each seat once). An application decided
   * meanwhile (approved, rejected, anonymised) leaves the list without an offer.
   */
  async function promoteWaiting(): Promise<number> {
    const waiting = await queryRows<{ grade: Grade }>(
      db,
      sql`select distinct ${waitlistEntries.grade} as grade from ${waitlistEntries} where ${waitlistEntries.status} = 'WAITING'`,
    );
    let promoted = 0;
    for (const { grade } of waiting) {
      const mail = await outbox.prepare();
      promoted += await db.transaction(async (tx) => {
        const seats = await lockedSeats(tx, grade);
        let free = seats.available;
        let offered = 0;
        while (free > 0) {
          const [next] = await tx
            .select({ applicationId: waitlistEntries.applicationId })
            .from(waitlistEntries)
            .where(and(eq(waitlistEntries.grade, grade), eq(waitlistEntries.status, "WAITING")))
            .orderBy(asc(waitlistEntries.joinedAt), asc(waitlistEntries.id))
            .limit(1);
          if (!next) break;
          const applicant = await applicantOf(tx, next.applicationId, true);
          const undecided =
            !applicant.anonymisedAt && (UNDECIDED as readonly string[]).includes(applicant.status);
          if (!undecided || applicant.grade !== grade || (await openOfferOf(tx, applicant.id))) {
            await tx
              .update(waitlistEntries)
              .set({ status: "REMOVED", leftAt: sql`now()` })
              .where(eq(waitlistEntries.applicationId, applicant.id));
            await history.add(tx, {
              recordType: "APPLICATION",
              recordId: applicant.id,
              kind: "WAITLIST",
              actorId: null,
              fromStatus: "WAITING",
              toStatus: "REMOVED",
              note: `Off the ${grade} waitlist: the application was decided otherwise`,
            });
            continue;
          }
          await offerInTransaction(tx, mail, applicant, defaultOfferExpiry(), null, true);
          free -= 1;
          offered += 1;
        }
        return offered;
      });
    }
    return promoted;
  }

  return {
    /**
     * Offers a seat to an application (`POST /api/applications/{id}/offer`, the record page):
     * 201 with the offer; 409 when no seat of its grade is free, when it already has an open
     * offer, or when it is decided. `expiresAt` defaults to OFFER_DAYS from now.
     */
    async offer(applicationId: number, input: unknown, actorId: number): Promise<OfferView> {
      const { expiresAt } = parseForm(FORMS.offer, asGiven(input));
      const { grade } = await applicantOf(db, applicationId);
      const mail = await outbox.prepare();
      const id = await db.transaction(async (tx) => {
        // The grade's lock first, as every seat-taking write takes it (no waiting in a circle).
        const seats = await lockedSeats(tx, grade);
        const applicant = await applicantOf(tx, applicationId, true);
        refuseUndecidable(applicant);
        const open = await openOfferOf(tx, applicationId);
        if (open) throw conflict(OFFER_MESSAGES.alreadyOffered(inIndia(open.expiresAt)));
        if (seats.available <= 0)
          throw conflict(
            OFFER_MESSAGES.noSeat(
              grade,
              `${seats.seats - seats.reserved} open seats: ${seats.admitted} admitted, ${seats.offered} offered, ${seats.held} being paid`,
            ),
          );
        const made = await offerInTransaction(
          tx,
          mail,
          applicant,
          expiresAt ?? defaultOfferExpiry(),
          actorId,
          false,
        );
        return made.id;
      });
      return oneOffer(db, id);
    },

    /**
     * Puts an application on its grade's waitlist (`POST /api/applications/{id}/waitlist`): its
     * position, the same one again when it is already waiting. 409 when it holds an open offer or
     * is decided. The family is told their position.
     */
    async waitlist(applicationId: number, actorId: number): Promise<WaitlistPlace> {
      const { grade } = await applicantOf(db, applicationId);
      const mail = await outbox.prepare();
      return db.transaction(async (tx) => {
        await lockGrade(tx, grade);
        const applicant = await applicantOf(tx, applicationId, true);
        const already = await placeOf(tx, applicationId);
        if (already) return already;
        refuseUndecidable(applicant);
        if (await openOfferOf(tx, applicationId)) throw conflict(OFFER_MESSAGES.offeredNotWaiting);
        await tx
          .insert(waitlistEntries)
          .values({ applicationId, grade })
          .onConflictDoUpdate({
            target: waitlistEntries.applicationId,
            set: { status: "WAITING", grade, joinedAt: sql`now()`, leftAt: null },
          });
        const place = (await placeOf(tx, applicationId))!;
        await history.add(tx, {
          recordType: "APPLICATION",
          recordId: applicationId,
          kind: "WAITLIST",
          actorId,
          fromStatus: null,
          toStatus: "WAITING",
          note: `On the ${grade} waitlist, number ${place.position}`,
        });
        await mail.queue(tx, {
          kind: "waitlisted",
          to: applicant.email,
          about: `application:${applicationId}`,
          data: { ...who(applicant), position: place.position, profileUrl: profileUrl(applicant.language) },
        });
        return place;
      });
    },

    /** Takes an application off its grade's waitlist (the record page); the ones after it move up. */
    async leaveWaitlist(applicationId: number, actorId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [left] = await tx
          .update(waitlistEntries)
          .set({ status: "REMOVED", leftAt: sql`now()` })
          .where(and(eq(waitlistEntries.applicationId, applicationId), eq(waitlistEntries.status, "WAITING")))
          .returning();
        if (!left) throw conflict("This application is not on a waitlist.");
        await history.add(tx, {
          recordType: "APPLICATION",
          recordId: applicationId,
          kind: "WAITLIST",
          actorId,
          fromStatus: "WAITING",
          toStatus: "REMOVED",
          note: `Taken off the ${left.grade} waitlist`,
        });
      });
    },

    /** Staff take an open offer back: its seat is free again, the family is told. */
    async withdraw(offerId: number, actorId: number): Promise<OfferView> {
      const current = await oneOffer(db, offerId);
      const mail = await outbox.prepare();
      await db.transaction(async (tx) => {
        const closed = await closeOffer(tx, offerId, "WITHDRAWN", actorId, "Offer withdrawn");
        if (!closed) throw conflict(OFFER_MESSAGES.notOpen(current.status));
        const applicant = await applicantOf(tx, closed.applicationId);
        if (!applicant.anonymisedAt)
          await mail.queue(tx, {
            kind: "offerWithdrawn",
            to: applicant.email,
            about: `application:${applicant.id}`,
            data: { ...who(applicant), grade: closed.grade },
          } satisfies MailRequest);
      });
      return oneOffer(db, offerId);
    },

    /**
     * The family (their own offer: `owner`) or staff (`owner` null, `actorId` theirs) decline an
     * open offer: its seat is free again for the waitlist.
     */
    async decline(offerId: number, by: { owner: RecordOwner } | { actorId: number }): Promise<OfferView> {
      const current = "owner" in by ? await ownOffer(offerId, by.owner) : await oneOffer(db, offerId);
      await db.transaction(async (tx) => {
        const closed = await closeOffer(
          tx,
          offerId,
          "DECLINED",
          "actorId" in by ? by.actorId : null,
          "owner" in by ? "Declined by the family" : "Declined for the family by staff",
        );
        if (!closed) throw conflict(OFFER_MESSAGES.notOpen(current.status));
      });
      return oneOffer(db, offerId);
    },

    /**
     * "Accept and pay" (the family's own open offer): the order for the grade's fee, made once and
     * linked to the offer, and what the client needs for the checkout (as `create-order` answers).
     * The seat stays the offer's until the payment admits the child.
     */
    async accept(
      offerId: number,
      { owner, language }: { owner: RecordOwner; language: Language },
    ): Promise<{ order: Order; payment: PaymentStep }> {
      const offer = await ownOffer(offerId, owner);
      if (!isOpenOffer(offer)) throw conflict(OFFER_MESSAGES.notOpen(offer.status));
      const [applicant] = await db
        .select()
        .from(applications)
        .where(eq(applications.id, offer.applicationId));
      return orderFor(offer, applicant!, { userId: owner.id, language });
    },

    /** Every offer, newest first (`GET /api/offers` for staff), optionally of one status or grade. */
    list(filter: { status?: OfferStatus; grade?: Grade } = {}): Promise<OfferView[]> {
      return offerView(
        db,
        and(
          filter.status ? eq(offers.status, filter.status) : undefined,
          filter.grade ? eq(offers.grade, filter.grade) : undefined,
        ),
      );
    },

    /** The account's own offers and waitlist places (`GET /api/offers` for a parent, the profile). */
    async forUser(userId: number): Promise<{ offers: OfferView[]; waitlist: WaitlistPlace[] }> {
      const owner = await ownerOf(userId);
      return owner ? this.forOwner(owner) : { offers: [], waitlist: [] };
    },

    /** `forUser` for an account already read (a page's session carries it). */
    async forOwner(owner: RecordOwner): Promise<{ offers: OfferView[]; waitlist: WaitlistPlace[] }> {
      const [offered, waiting] = await Promise.all([ownOffers(owner), ownWaitlistPlaces(owner)]);
      return { offers: offered, waitlist: waiting };
    },

    /** One application's offers (newest first) and waitlist place: its record page. */
    async ofApplication(
      applicationId: number,
    ): Promise<{ offers: OfferView[]; waitlist: WaitlistPlace | null }> {
      const [offered, place] = await Promise.all([
        offerView(db, eq(offers.applicationId, applicationId)),
        placeOf(db, applicationId),
      ]);
      return { offers: offered, waitlist: place };
    },

    /** The account behind a signed-in parent, as the ownership rule needs it. */
    ownerOf,

    /**
     * The job (issue 38 point 5), safe on every instance at once: expires lapsed offers (the
     * families told), lets go of lapsed checkout holds, then offers each grade's free seats to
     * its waitlist (each family told once, in the offer's transaction).
     */
    async runJob(): Promise<{ expired: number; released: number; promoted: number; reminded: number }> {
      const expired = await expireLapsed();
      const released = await releaseLapsedHolds();
      const promoted = await promoteWaiting();
      const reminded = await remindLapsing();
      return { expired, released, promoted, reminded };
    },
  };
}

export type OffersService = ReturnType<typeof createOffersService>;

/**
 * The offers job on this instance (issue 38 point 5): every OFFER_JOB_EVERY_MS, so a freed seat
 * is offered within a minute. Every instance runs one: expiries are conditional updates and each
 * grade's promotions happen under its row lock, so two instances never expire or offer twice.
 */
export function startOfferJob({
  offers,
  logger,
  everyMs = OFFER_JOB_EVERY_MS,
}: {
  offers: Pick<OffersService, "runJob">;
  logger: Pick<Logger, "info" | "warn">;
  everyMs?: number;
}): RepeatingJob {
  return startRepeatingJob({
    everyMs,
    logger,
    failed: "seat offers job failed; will try again",
    run: async () => {
      const done = await offers.runJob();
      if (done.expired + done.released + done.promoted > 0) logger.info(done, "seat offers moved");
    },
  });
}
