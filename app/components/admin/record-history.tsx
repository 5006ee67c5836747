import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { FormAlert, TextAreaField } from "~/components/ui/field";
import { formatLongDay } from "~/domain/format";
import { LIMITS } from "~/domain/limits";
import { RECORD_KINDS, type RecordKindName } from "~/domain/record-kinds";
import type { RecordEventKind, RecordEventView } from "~/domain/statuses";
import { useFormState } from "~/utils/forms";
import { WhenCell } from "./cells";
import { StatusBadge } from "./status-badge";

/** The note form's intent and field, as the detail pages' actions read them. */
export const NOTE_INTENT = "note";
const NOTE_FIELD = "note";

/** One event as a detail page's loader hands it over (dates as JSON strings). */
export type HistoryEvent = RecordEventView<Date | string>;

/** Who did it, as /admin/history says it: the staff member, an account since removed, or the site. */
function actorOf(event: HistoryEvent): string {
  if (event.actorName) return event.actorName;
  if (event.actorId) return "A removed account";
  return event.kind === "ERASED" ? "The account's owner" : "The site";
}

/** What happened, in words; a note's text is shown as typed (React escapes it: HTML stays text). */
function WhatHappened({ event }: { event: HistoryEvent }) {
  if (event.kind === "STATUS_CHANGED") {
    return (
      <span className="flex flex-wrap items-center gap-2">
        <span>Status</span>
        {event.fromStatus ? <StatusBadge status={event.fromStatus} /> : <span>new</span>}
        <span aria-hidden="true">→</span>
        <span className="sr-only">to</span>
        {event.toStatus ? <StatusBadge status={event.toStatus} /> : null}
      </span>
    );
  }
  if (event.kind === "NOTE") {
    return <p className="whitespace-pre-wrap break-words text-ink">{event.note}</p>;
  }
  if (event.kind === "OFFER" || event.kind === "WAITLIST") {
    return (
      <span className="flex flex-col items-start gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span>{event.kind === "OFFER" ? "Seat offer" : "Waitlist"}</span>
          {event.fromStatus ? <StatusBadge status={event.fromStatus} /> : <span>new</span>}
          <span aria-hidden="true">→</span>
          <span className="sr-only">to</span>
          {event.toStatus ? <StatusBadge status={event.toStatus} /> : null}
        </span>
        {event.note ? <span className="text-sm text-ink-soft">{event.note}</span> : null}
      </span>
    );
  }
  if (event.kind === "FOLLOW_UP_SET" || event.kind === "FOLLOW_UP_MOVED" || event.kind === "FOLLOW_UP_DONE") {
    return (
      <span className="flex flex-col items-start gap-1">
        <span>
          {KIND_NAMES[event.kind]}
          {event.fromStatus ? ` from ${formatLongDay(event.fromStatus)}` : ""}
          {event.toStatus ? ` ${event.fromStatus ? "to" : "for"} ${formatLongDay(event.toStatus)}` : ""}
        </span>
        {event.note ? (
          <span className="whitespace-pre-wrap break-words text-sm text-ink-soft">{event.note}</span>
        ) : null}
      </span>
    );
  }
  if (
    event.kind === "SEATS_CHANGED" ||
    event.kind === "MESSAGE_RESENT" ||
    event.kind === "MERGED" ||
    event.kind === "MARKED_DISTINCT"
  ) {
    return <span>{event.note}</span>;
  }
  return (
    <span>
      {event.kind === "ANONYMISED" ? "Personal details removed" : "Erased"}
      {event.note ? <span className="block text-sm text-ink-soft">{event.note}</span> : null}
    </span>
  );
}

const KIND_NAMES: Record<RecordEventKind, string> = {
  STATUS_CHANGED: "Status changed",
  NOTE: "Note",
  ANONYMISED: "Anonymised",
  ERASED: "Erased",
  SEATS_CHANGED: "Seats changed",
  OFFER: "Seat offer",
  WAITLIST: "Waitlist",
  MESSAGE_RESENT: "Message sent again",
  FOLLOW_UP_SET: "Follow-up set",
  FOLLOW_UP_MOVED: "Follow-up moved",
  FOLLOW_UP_DONE: "Follow-up done",
  MERGED: "Merged",
  MARKED_DISTINCT: "Marked distinct",
};

/**
 * A record's history and the form for a note (issue 19): every status change with who made it,
 * every note, newest first, as on /admin/history. The form is a plain POST to the page's action
 * (intent "note"), so it works without JavaScript; a refused note comes back with its text.
 */
export function RecordHistory({ events, kind }: { events: HistoryEvent[]; kind: RecordKindName }) {
  return (
    <section aria-labelledby="record-history-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-8">
      <h2 id="record-history-title" className="text-xl">
        History and notes
      </h2>
      <p className="mt-1 text-ink-soft">
        Every status change of this {RECORD_KINDS[kind].one.toLowerCase()} and every note, newest first, with
        who made it.
      </p>
      <NoteForm />
      {events.length === 0 ? (
        <p className="mt-6 text-ink-soft">Nothing yet: no status change and no note.</p>
      ) : (
        <ol className="mt-6 divide-y divide-navy/10 border-t border-navy/10" aria-label="History">
          {events.map((event) => (
            <li key={event.id} className="grid gap-1 py-4 sm:grid-cols-[12rem_1fr] sm:gap-6">
              <div className="text-sm text-ink-soft">
                <WhenCell at={event.createdAt} />
                <span className="block font-semibold text-ink">{actorOf(event)}</span>
              </div>
              <div className="min-w-0">
                <span className="sr-only">{KIND_NAMES[event.kind]}: </span>
                <WhatHappened event={event} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** "Add a note": the failures of the page's other forms (marked by their own intent) are not shown here. */
function NoteForm() {
  const state = useFormState(NOTE_INTENT);
  const mine = state.failure?.values?.intent === NOTE_INTENT;
  return (
    <Form method="post" className="mt-5 grid max-w-2xl gap-4" key={state.resetKey}>
      <input type="hidden" name="intent" value={NOTE_INTENT} />
      <FormAlert message={mine ? state.failure?.message : undefined} />
      <TextAreaField
        name={NOTE_FIELD}
        idPrefix="record"
        label="Add a note"
        required
        maxLength={LIMITS.note}
        hint={`Seen by staff only. Up to ${LIMITS.note.toLocaleString("en-IN")} characters.`}
        defaultValue={mine ? state.valueOf(NOTE_FIELD) : ""}
        errors={mine ? state.errorsFor(NOTE_FIELD) : undefined}
      />
      <div>
        <Button type="submit" variant="secondary" pending={state.submitting} pendingText="Adding...">
          Add note
        </Button>
      </div>
    </Form>
  );
}
