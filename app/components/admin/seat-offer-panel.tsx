import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/field";
import { FORMS } from "~/domain/forms";
import { isOpenOffer, MAX_OFFER_DAYS, OFFER_DAYS, type OfferView, type WaitlistPlace } from "~/domain/offers";
import { openSeats, type GradeSeats } from "~/domain/seats";
import type { ApplicationStatus } from "~/domain/statuses";
import { useFormState } from "~/utils/forms";
import { WhenCell } from "./cells";
import { StatusBadge } from "./status-badge";

/** The Seat panel's forms, each a POST to the record page's action with its intent. */
export const SEAT_INTENTS = {
  offer: "offerSeat",
  waitlist: "joinWaitlist",
  withdraw: "withdrawOffer",
  leaveWaitlist: "leaveWaitlist",
} as const;
export type SeatIntent = (typeof SEAT_INTENTS)[keyof typeof SEAT_INTENTS];

/** The days the offer form's date input offers (India's calendar, worked out by the loader). */
type OfferDays = { suggested: string; earliest: string; latest: string };

/** What the record page's loader hands the panel (dates as ISO text once serialised). */
export type SeatPanelData = {
  /** The application's grade's seats this moment; null when the grade has no row (never in practice). */
  seats: GradeSeats | null;
  offers: OfferView<Date | string>[];
  waitlist: WaitlistPlace | null;
  days: OfferDays;
};

const SEAT_INTENT_VALUES: readonly string[] = Object.values(SEAT_INTENTS);

/** "Grade 2: 3 of 30 open seats free (25 enrolled, 2 offered, 4 waiting)". */
function seatsLine(seats: GradeSeats): string {
  const taken = [
    `${seats.admitted} enrolled`,
    `${seats.offered} offered`,
    ...(seats.held > 0 ? [`${seats.held} being paid at the fee page`] : []),
    `${seats.waitlisted} waiting`,
  ];
  const reserved = seats.reserved > 0 ? `, ${seats.reserved} more reserved under the RTE Act` : "";
  return `${seats.grade}: ${seats.available} of ${openSeats(seats)} open seats free${reserved} (${taken.join(", ")}).`;
}

/** One offer: its status, until when it holds (or held) the seat, and its order once "Accept and pay" made one. */
function OfferItem({ offer }: { offer: OfferView<Date | string> }) {
  const open = isOpenOffer(offer);
  const lapsed = offer.status === "OFFERED" && !open;
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-4">
      <StatusBadge status={offer.status} />
      <span className="font-semibold text-ink">Offer #{offer.id}</span>
      <span className="text-ink-soft">
        {offer.status === "OFFERED" ? (lapsed ? "Ended " : "Holds the seat until ") : "Was open until "}
        <WhenCell at={offer.expiresAt} />
        {lapsed ? ": the seat is let go at the next run of the offers job (within a minute)" : null}
      </span>
      {offer.decidedAt ? (
        <span className="text-ink-soft">
          {`${offer.status === "ACCEPTED" ? "Paid" : "Closed"} `}
          <WhenCell at={offer.decidedAt} />
        </span>
      ) : null}
      {offer.orderId ? (
        <Link
          to={`/admin/orders/${offer.orderId}`}
          className="font-semibold text-navy underline underline-offset-4"
          aria-label={`Order of offer #${offer.id}`}
        >
          Its order
        </Link>
      ) : null}
    </li>
  );
}

/** A form of one button, posting its intent to the page's action. */
function IntentForm({
  intent,
  label,
  pendingText,
  variant = "outline",
  aligned = false,
  children,
}: {
  intent: SeatIntent;
  label: string;
  pendingText: string;
  variant?: "secondary" | "outline" | "danger";
  /** Beside the offer's form: the button lines up with its date input, not with its label. */
  aligned?: boolean;
  /** A field before the button (the offer's day). */
  children?: ReactNode;
}) {
  const { submitting } = useFormState(intent);
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-start gap-3">
      <input type="hidden" name="intent" value={intent} />
      {children}
      <Button
        type="submit"
        variant={variant}
        pending={submitting}
        pendingText={pendingText}
        // Filled buttons get the outline's border too, in their own colour: every button as tall as the input.
        className={`${children || aligned ? "sm:mt-6" : ""} ${variant === "outline" ? "" : "border-2 border-transparent"}`}
      >
        {label}
      </Button>
    </Form>
  );
}

/** "Offer a seat", its day chosen in a date input (the end of that day in India). */
function OfferForm({ days }: { days: OfferDays }) {
  const state = useFormState(SEAT_INTENTS.offer);
  const mine = state.failure?.values?.intent === SEAT_INTENTS.offer ? state.failure : undefined;
  const spec = FORMS.offer.expiresAt;
  return (
    <IntentForm
      key={mine?.id ?? state.resetKey}
      intent={SEAT_INTENTS.offer}
      label="Offer a seat"
      pendingText="Offering..."
      variant="secondary"
    >
      <TextField
        name={spec.name}
        type="date"
        idPrefix="offer"
        label="Hold the seat until"
        hint={`${OFFER_DAYS} days unless you choose otherwise, at most ${MAX_OFFER_DAYS}. The offer ends at 11:59 pm India time that day.`}
        defaultValue={mine?.values[spec.name] ?? days.suggested}
        min={days.earliest}
        max={days.latest}
        errors={mine?.errors[spec.name]}
        className="w-full max-w-xs"
      />
    </IntentForm>
  );
}

/**
 * The Seat panel of an application's page (issue 38): its grade's seats now, the application's
 * offers and its waitlist place, and what staff may do next: offer a seat (held until a day they
 * choose), put it on the waitlist, withdraw an open offer, take it off the waitlist. Only what
 * makes sense for its state is offered; the service refuses the rest with a message shown here,
 * with the day as typed.
 */
export function SeatOfferPanel({
  application,
  panel,
}: {
  application: { grade: string; status: ApplicationStatus; anonymisedAt: Date | string | null };
  panel: SeatPanelData;
}) {
  const { failure } = useFormState();
  const message = SEAT_INTENT_VALUES.includes(failure?.values?.intent ?? "") ? failure?.message : undefined;
  const openOffer = panel.offers.find((offer) => offer.status === "OFFERED");
  const decided = application.status === "APPROVED" || application.status === "REJECTED";
  const undecidable = decided || application.anonymisedAt !== null;
  return (
    <section aria-labelledby="seat-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-8">
      <h2 id="seat-title" className="text-xl">
        Seat
      </h2>
      <p className="mt-1 text-ink-soft">
        {panel.seats ? seatsLine(panel.seats) : `${application.grade}: its seats could not be read.`}{" "}
        <Link to="/admin/seats" className="font-semibold text-navy underline underline-offset-4">
          Seats of every grade
        </Link>
      </p>
      <div className="mt-4 space-y-4">
        <FormAlert message={message} />
        {panel.waitlist ? (
          <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
            <StatusBadge status="WAITING" />
            <span>
              Number {panel.waitlist.position} on the {panel.waitlist.grade} waitlist.
            </span>
          </p>
        ) : null}
        {panel.offers.length > 0 ? (
          <ul aria-label="Seat offers" className="divide-y divide-navy/10 border-y border-navy/10">
            {panel.offers.map((offer) => (
              <OfferItem key={offer.id} offer={offer} />
            ))}
          </ul>
        ) : panel.waitlist ? null : (
          <p className="text-ink-soft">No seat offered yet, and not on a waitlist.</p>
        )}
        {undecidable ? (
          <p className="text-ink-soft">
            {application.anonymisedAt
              ? "Its personal details were removed: it can no longer be offered a seat."
              : `This application is ${application.status.toLowerCase()}: only a pending or contacted application is offered a seat or waits for one.`}
          </p>
        ) : openOffer ? (
          <IntentForm
            intent={SEAT_INTENTS.withdraw}
            label="Withdraw offer"
            pendingText="Withdrawing..."
            variant="danger"
          />
        ) : (
          <div className="flex flex-wrap items-start gap-x-6 gap-y-4">
            <OfferForm days={panel.days} />
            {panel.waitlist ? (
              <IntentForm
                aligned
                intent={SEAT_INTENTS.leaveWaitlist}
                label="Take off the waitlist"
                pendingText="Taking off..."
              />
            ) : (
              <IntentForm
                aligned
                intent={SEAT_INTENTS.waitlist}
                label="Put on the waitlist"
                pendingText="Putting on..."
              />
            )}
          </div>
        )}
      </div>
    </section>
  );
}
