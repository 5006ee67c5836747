import { redirect, type AppLoadContext } from "@remix-run/node";
import { ACCEPT_OFFER, DECLINE_OFFER } from "~/components/account/seat-offers";
import { pathIn } from "~/domain/languages";
import { OFFER_TEXTS } from "~/domain/texts/offers";
import { gradeLabel } from "~/domain/texts/grades";
import { translator } from "~/domain/translations";
import { isAppError, notFound } from "~/services/errors";
import { inPageLanguage } from "./account.server";
import { redirectWithFlash } from "./forms.server";
import { RECORD_ID } from "./route-input.server";

/** Whether a profile post is "Accept and pay" or "Decline" of a seat offer. */
export const isFamilyOfferIntent = (intent: unknown) => intent === ACCEPT_OFFER || intent === DECLINE_OFFER;

/**
 * "Accept and pay" or "Decline" of the family's own seat offer, posted to the profile (issue 38).
 * Accepting makes (once) the order for the grade's fee and goes to its payment page in the page's
 * language, the gateway's checkout opening by itself there as after enrolling; declining comes
 * back to the profile, saying so. An offer no longer open (or not the family's) comes back to the
 * profile with a message in the page's language, which then shows the offer as it is.
 */
export async function familyOfferAction(
  context: AppLoadContext,
  userId: number,
  values: Record<string, string>,
) {
  const { language } = context;
  const t = translator(OFFER_TEXTS, language);
  const profile = inPageLanguage(context, "/profile");
  try {
    const owner = await context.services.offers.ownerOf(userId);
    if (!owner) throw notFound();
    const offerId = RECORD_ID.offer(values.offerId);
    if (values.intent === ACCEPT_OFFER) {
      const { payment } = await context.services.offers.accept(offerId, { owner, language });
      const payPath = pathIn(language, new URL(payment.payUrl).pathname);
      return redirect(`${payPath}${payment.checkout ? "?start=1" : ""}`, 303);
    }
    const declined = await context.services.offers.decline(offerId, { owner });
    return await redirectWithFlash(context, profile, {
      kind: "success",
      message: t("flash.declined", {
        student: declined.studentName,
        grade: gradeLabel(declined.grade, language),
      }),
    });
  } catch (error) {
    // Anything unexpected is the error page's (a 503 while the database is away).
    if (!isAppError(error) || error.status >= 500) throw error;
    const key =
      error.status === 409 ? "error.notOpen" : error.status === 404 ? "error.notFound" : "error.failed";
    return redirectWithFlash(context, profile, { kind: "error", message: t(key) });
  }
}
