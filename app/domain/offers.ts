import type { Grade } from "./grades";
import type { OfferStatus } from "./statuses";

/**
 * Seat offers and the waitlist (issue 38, decision 0051): the rules both the services and the
 * pages read. Plain data, no database: the admin form's default expiry and the profile's words
 * come from here too.
 */

/** How long an offer holds its seat unless staff choose otherwise. */
export const OFFER_DAYS = 7;

/** The longest staff may hold a seat for one family: a season's decision, not a typing slip. */
export const MAX_OFFER_DAYS = 60;

/**
 * How long an enrollment from the fee page holds a seat while the parent pays (taken with the
 * order); an offer being paid is held this long past its expiry too, so a payment begun in time
 * is not overtaken by the expiry job.
 */
export const CHECKOUT_HOLD_MINUTES = 30;

/** How long before an open offer lapses its family is reminded on WhatsApp or by SMS (issue 39). */
export const OFFER_REMINDER_HOURS = 24;

/** How often each instance looks for lapsed offers and seats a waitlist can take (issue 38 point 5: within a minute). */
export const OFFER_JOB_EVERY_MS = 30_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an offer made at `now` expires by default. */
export const defaultOfferExpiry = (now = new Date()) => new Date(now.getTime() + OFFER_DAYS * DAY_MS);

/** The latest expiry staff may set for an offer made at `now`. */
export const latestOfferExpiry = (now = new Date()) => new Date(now.getTime() + MAX_OFFER_DAYS * DAY_MS);

/** One offer as staff, the family and `GET /api/offers` see it. `When` is a Date on the server, ISO text once serialised. */
export type OfferView<When = Date> = {
  id: number;
  applicationId: number;
  grade: Grade;
  status: OfferStatus;
  expiresAt: When;
  createdAt: When;
  /** When it stopped holding its seat as an offer (accepted, declined, expired, withdrawn). */
  decidedAt: When | null;
  studentName: string;
  /** The order "Accept and pay" made, once made. */
  orderId: string | null;
};

/** An application's place on its grade's waitlist. */
export type WaitlistPlace = { applicationId: number; grade: Grade; position: number };

/** Whether an offer can still be accepted or declined at `now`. */
export const isOpenOffer = (offer: { status: OfferStatus; expiresAt: Date | string }, now = new Date()) =>
  offer.status === "OFFERED" && new Date(offer.expiresAt).getTime() > now.getTime();
