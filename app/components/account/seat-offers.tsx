import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import { formatDateTime } from "~/domain/format";
import { isOpenOffer, type OfferView, type WaitlistPlace } from "~/domain/offers";
import { gradeLabel } from "~/domain/texts/grades";
import { OFFER_TEXTS } from "~/domain/texts/offers";
import { familyStatusLabel } from "~/domain/texts/statuses";
import { useLanguage, useTexts } from "~/utils/language";

/** The profile's forms of an open offer (its action tells them from its other forms by these). */
export const ACCEPT_OFFER = "acceptOffer";
export const DECLINE_OFFER = "declineOffer";

/** The family's offers and waitlist places as the profile's loader sends them (dates as ISO text once serialised). */
export type FamilySeatOffers = { offers: OfferView<Date | string>[]; waitlist: WaitlistPlace[] };

/** A card of the section: the child (as the family wrote the name) and the status on top, then what it means. */
function SeatCard({
  heading,
  status,
  highlighted = false,
  children,
}: {
  heading: ReactNode;
  status: string;
  highlighted?: boolean;
  children: ReactNode;
}) {
  const language = useLanguage();
  return (
    <li
      className={`rounded-3xl border-2 p-4 sm:p-5 ${highlighted ? "border-sun bg-sun-50" : "border-navy/10"}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 break-words text-lg" translate="no">
          {heading}
        </h3>
        <StatusBadge status={status} label={familyStatusLabel(status, language)} />
      </div>
      <div className="mt-2 space-y-2">{children}</div>
    </li>
  );
}

/**
 * An open offer's two forms: "Accept and pay" (to the order's payment page) and "Decline", which
 * asks once more in a disclosure first (a declined seat goes to the next family for good). Both
 * are plain posts to the profile's action, so they work without JavaScript.
 */
function OpenOfferActions({ offer }: { offer: OfferView<Date | string> }) {
  const t = useTexts(OFFER_TEXTS);
  const language = useLanguage();
  const navigation = useNavigation();
  // This offer's form under way (another child's offer may be on the page too).
  const sending = (intent: string) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData.get("offerId") === String(offer.id);
  const accepting = sending(ACCEPT_OFFER);
  const declining = sending(DECLINE_OFFER);
  const named = (action: string) =>
    t("open.actionFor", { action, student: offer.studentName, grade: gradeLabel(offer.grade, language) });
  return (
    <div className="flex flex-wrap items-start gap-3 pt-2">
      <Form method="post">
        <input type="hidden" name="intent" value={ACCEPT_OFFER} />
        <input type="hidden" name="offerId" value={offer.id} />
        <Button
          type="submit"
          pending={accepting}
          pendingText={t("open.accepting")}
          aria-label={named(t("open.accept"))}
          // As tall as "Decline" beside it, whose outline is a border.
          className="border-2 border-transparent"
        >
          {t("open.accept")}
        </Button>
      </Form>
      <details className="min-w-0 max-w-md">
        <summary
          className={buttonClasses({
            variant: "outline",
            className: "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
          })}
          aria-label={named(t("open.decline"))}
        >
          {t("open.decline")}
        </summary>
        <Form method="post" className="mt-3 space-y-3 rounded-2xl border-2 border-coral/30 bg-white p-4">
          <input type="hidden" name="intent" value={DECLINE_OFFER} />
          <input type="hidden" name="offerId" value={offer.id} />
          <p className="text-ink">{t("open.declineWarning")}</p>
          <Button
            type="submit"
            variant="danger"
            size="sm"
            pending={declining}
            pendingText={t("open.declining")}
            aria-label={named(t("open.declineConfirm"))}
          >
            {t("open.declineConfirm")}
          </Button>
        </Form>
      </details>
    </div>
  );
}

function OfferCard({ offer }: { offer: OfferView<Date | string> }) {
  const t = useTexts(OFFER_TEXTS);
  const language = useLanguage();
  const open = isOpenOffer(offer);
  // An offer past its end is over for the family, even before the job has marked it so.
  const status = offer.status === "OFFERED" && !open ? "EXPIRED" : offer.status;
  const words = {
    student: offer.studentName,
    grade: gradeLabel(offer.grade, language),
    time: formatDateTime(offer.expiresAt, language),
    school: SCHOOL.name,
  };
  const said: Record<string, string> = {
    ACCEPTED: t("accepted", words),
    DECLINED: t("declined", words),
    EXPIRED: t("expired", words),
    WITHDRAWN: t("withdrawn", words),
  };
  return (
    <SeatCard heading={offer.studentName} status={status} highlighted={open}>
      {open ? (
        <>
          <p className="font-bold text-ink">{t("open.held", words)}</p>
          <p className="text-ink-soft">{t("open.keep")}</p>
          <OpenOfferActions offer={offer} />
        </>
      ) : (
        <p className="text-ink">{said[status]}</p>
      )}
    </SeatCard>
  );
}

/**
 * The profile's "Seat offers" (issue 38): each offer to the family's applications, newest first,
 * an open one with "Accept and pay" and "Decline", and each place on a waitlist with its number.
 * Shown only when there is one of either.
 */
export function SeatOffersSection({
  seatOffers,
  applications,
}: {
  seatOffers: FamilySeatOffers;
  /** The family's applications the profile lists: a waitlist place is named by its child. */
  applications: readonly { id: number; studentName: string }[];
}) {
  const t = useTexts(OFFER_TEXTS);
  const language = useLanguage();
  if (seatOffers.offers.length === 0 && seatOffers.waitlist.length === 0) return null;
  const studentOf = (id: number) =>
    applications.find((application) => application.id === id)?.studentName ??
    t("waiting.application", { id });
  return (
    <section aria-labelledby="seat-offers-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-10">
      <h2 id="seat-offers-title" className="text-2xl">
        {t("title")}
      </h2>
      <p className="mt-2 text-ink-soft">{t("intro")}</p>
      <ul className="mt-6 space-y-4">
        {seatOffers.offers.map((offer) => (
          <OfferCard key={offer.id} offer={offer} />
        ))}
        {seatOffers.waitlist.map((place) => (
          <SeatCard
            key={`waiting-${place.applicationId}`}
            heading={studentOf(place.applicationId)}
            status="WAITING"
          >
            <p className="font-bold text-ink">
              {t("waiting.position", { position: place.position, grade: gradeLabel(place.grade, language) })}
            </p>
            <p className="text-ink-soft">{t("waiting.moves")}</p>
          </SeatCard>
        ))}
      </ul>
    </section>
  );
}
