import { data, type AppLoadContext } from "@remix-run/node";
import { SEAT_INTENTS, type SeatIntent, type SeatPanelData } from "~/components/admin/seat-offer-panel";
import { formatDateTime, isoDateInIndia } from "~/domain/format";
import type { Grade } from "~/domain/grades";
import { defaultOfferExpiry, latestOfferExpiry } from "~/domain/offers";
import { conflict, isAppError } from "~/services/errors";
import { formValues, redirectWithFlash, submissionFailed } from "./forms.server";

const SEAT_FAILED = "Failed to change the seat. Please try again.";

/** The record page's Seat panel (issue 38): the grade's seats now, the application's offers and waitlist place. */
export async function seatPanelData(
  context: AppLoadContext,
  application: { id: number; grade: Grade },
): Promise<SeatPanelData> {
  const [grades, own] = await Promise.all([
    context.services.seats.current(),
    context.services.offers.ofApplication(application.id),
  ]);
  const now = new Date();
  return {
    seats: grades.find((row) => row.grade === application.grade) ?? null,
    offers: own.offers,
    waitlist: own.waitlist,
    days: {
      suggested: isoDateInIndia(defaultOfferExpiry(now)),
      earliest: isoDateInIndia(now),
      latest: isoDateInIndia(latestOfferExpiry(now)),
    },
  };
}

const SEAT_INTENT_VALUES: readonly string[] = Object.values(SEAT_INTENTS);

/** Whether a record page's post is one of the Seat panel's forms. */
export const isSeatIntent = (intent: unknown): intent is SeatIntent =>
  typeof intent === "string" && SEAT_INTENT_VALUES.includes(intent);

/**
 * One of the Seat panel's forms posted to an application's page: the offers service does it, and
 * the page comes back with what was done (Post/Redirect/Get); a refusal (no free seat, a day out
 * of range, an offer no longer open) shows the page again with the service's message in the panel,
 * its status (400, 409) and the day as typed. The application is the page's, whatever the form says.
 */
export async function seatAction(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  { applicationId, actorId }: { applicationId: number; actorId: number },
) {
  const values = formValues(form);
  const { offers } = context.services;
  let done: string;
  try {
    switch (values.intent as SeatIntent) {
      case SEAT_INTENTS.offer: {
        const offer = await offers.offer(applicationId, { expiresAt: values.expiresAt }, actorId);
        done = `Seat in ${offer.grade} offered to ${offer.studentName} until ${formatDateTime(offer.expiresAt)}. The family is told by e-mail.`;
        break;
      }
      case SEAT_INTENTS.waitlist: {
        const place = await offers.waitlist(applicationId, actorId);
        done = `Number ${place.position} on the ${place.grade} waitlist. The family is told by e-mail.`;
        break;
      }
      case SEAT_INTENTS.withdraw: {
        const open = (await offers.ofApplication(applicationId)).offers.find(
          (offer) => offer.status === "OFFERED",
        );
        if (!open) throw conflict("This application has no open offer to withdraw.");
        const withdrawn = await offers.withdraw(open.id, actorId);
        done = `Offer #${withdrawn.id} withdrawn: its seat in ${withdrawn.grade} is free again. The family is told by e-mail.`;
        break;
      }
      case SEAT_INTENTS.leaveWaitlist:
        await offers.leaveWaitlist(applicationId, actorId);
        done = "Taken off the waitlist.";
        break;
    }
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(error.message, { status: 404 });
    return submissionFailed(context, error, values, SEAT_FAILED);
  }
  return redirectWithFlash(context, new URL(request.url).pathname, { kind: "success", message: done });
}
