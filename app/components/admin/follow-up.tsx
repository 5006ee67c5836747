import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/field";
import {
  dayAfter,
  FOLLOW_UP_FIELDS,
  FOLLOW_UP_MAX_DAYS_AHEAD,
  FOLLOW_UP_NOTE_MAX,
  followUpDue,
} from "~/domain/follow-ups";
import { formatLongDay } from "~/domain/format";
import { useFormState } from "~/utils/forms";
import { WhenCell } from "./cells";
import { StatusBadge } from "./status-badge";

/** The Follow-up section's forms, each a POST to the record page's action with its intent. */
export const FOLLOW_UP_INTENTS = {
  set: "followUpSet",
  move: "followUpMove",
  done: "followUpDone",
} as const;
export type FollowUpIntent = (typeof FOLLOW_UP_INTENTS)[keyof typeof FOLLOW_UP_INTENTS];
const INTENT_VALUES: readonly string[] = Object.values(FOLLOW_UP_INTENTS);

/** What the record page's loader hands the section (dates as ISO text once serialised). */
export type FollowUpPanelData = {
  open: {
    dueOn: string;
    note: string;
    setBy: number | null;
    setByName: string | null;
    createdAt: Date | string;
  } | null;
  /** Today in India, and the last day a follow-up may take. */
  today: string;
  latest: string;
  /** Its personal details were removed: no new day is set (an open one can still be closed). */
  anonymised: boolean;
};

/** "Overdue" or "Due today" beside a day; nothing for a later day. */
export function DueMarker({ dueOn, today }: { dueOn: string; today: string }) {
  const due = followUpDue(dueOn, today);
  if (due === "later") return null;
  return due === "overdue" ? (
    <StatusBadge status="OVERDUE" label="Overdue" tone="red" />
  ) : (
    <StatusBadge status="DUE_TODAY" label="Due today" tone="yellow" />
  );
}

/** The day and note fields, with what was typed before a refusal. */
function DayAndNote({
  intent,
  day,
  panel,
  noteHint,
}: {
  intent: FollowUpIntent;
  day: string;
  panel: FollowUpPanelData;
  noteHint: string;
}) {
  const { failure } = useFormState();
  const mine = failure?.values?.intent === intent ? failure : undefined;
  return (
    <div className="grid w-full gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
      <TextField
        name={FOLLOW_UP_FIELDS.dueOn}
        idPrefix={intent}
        type="date"
        required
        label="Call back by"
        hint={`Today or a day within ${FOLLOW_UP_MAX_DAYS_AHEAD} days.`}
        defaultValue={mine?.values[FOLLOW_UP_FIELDS.dueOn] ?? day}
        min={panel.today}
        max={panel.latest}
        errors={mine?.errors[FOLLOW_UP_FIELDS.dueOn]}
      />
      <TextField
        name={FOLLOW_UP_FIELDS.note}
        idPrefix={intent}
        label="Note"
        hint={noteHint}
        maxLength={FOLLOW_UP_NOTE_MAX}
        defaultValue={mine?.values[FOLLOW_UP_FIELDS.note] ?? ""}
        errors={mine?.errors[FOLLOW_UP_FIELDS.note]}
      />
    </div>
  );
}

/** A form posting one intent, its button after its fields. */
function IntentForm({
  intent,
  label,
  pendingText,
  variant = "secondary",
  children,
}: {
  intent: FollowUpIntent;
  label: string;
  pendingText: string;
  variant?: "secondary" | "outline";
  children?: ReactNode;
}) {
  const state = useFormState(intent);
  const mine = state.failure?.values?.intent === intent;
  return (
    <Form
      method="post"
      preventScrollReset
      // A refusal remounts only its own form, with the values the server kept.
      key={mine ? state.failure?.id : state.resetKey}
      // A form with fields takes the width its note needs; a lone button only its own.
      className={`flex flex-col items-start gap-3 ${children ? "w-full max-w-2xl" : ""}`}
      aria-label={label}
    >
      <input type="hidden" name="intent" value={intent} />
      {children}
      <Button type="submit" variant={variant} pending={state.submitting} pendingText={pendingText}>
        {label}
      </Button>
    </Form>
  );
}

/**
 * The Follow-up section of an application's or demo request's page (issue 40 point 3): the open
 * follow-up (its day, overdue or due today, its note, who set it) with forms to move it or mark it
 * done, or a form to set one. Plain forms: without JavaScript each posts and the page comes back.
 */
export function FollowUpPanel({ panel }: { panel: FollowUpPanelData }) {
  const { failure } = useFormState();
  const message = INTENT_VALUES.includes(failure?.values?.intent ?? "") ? failure?.message : undefined;
  const { open } = panel;
  return (
    <section aria-labelledby="follow-up-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-8">
      <h2 id="follow-up-title" className="text-xl">
        Follow-up
      </h2>
      <div className="mt-4 space-y-5">
        <FormAlert message={message} />
        {open ? (
          <>
            <div className="space-y-1" data-testid="open-follow-up">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                <span>Call back by {formatLongDay(open.dueOn)}</span>
                <DueMarker dueOn={open.dueOn} today={panel.today} />
              </p>
              {open.note ? <p className="break-words text-ink">{open.note}</p> : null}
              <p className="text-sm text-ink-soft">
                Set by {open.setByName ?? (open.setBy ? "a removed account" : "the site")},{" "}
                <WhenCell at={open.createdAt} />
              </p>
            </div>
            <div className="flex flex-col gap-6 border-t border-navy/10 pt-5 lg:flex-row lg:items-end lg:justify-between">
              {panel.anonymised ? (
                <p className="text-ink-soft">
                  Its personal details were removed: there is no one left to call back.
                </p>
              ) : (
                <IntentForm intent={FOLLOW_UP_INTENTS.move} label="Move follow-up" pendingText="Moving...">
                  <DayAndNote
                    intent={FOLLOW_UP_INTENTS.move}
                    day={open.dueOn < panel.today ? panel.today : open.dueOn}
                    panel={panel}
                    noteHint="Leave empty to keep the note."
                  />
                </IntentForm>
              )}
              <IntentForm
                intent={FOLLOW_UP_INTENTS.done}
                label="Mark done"
                pendingText="Marking..."
                variant="outline"
              />
            </div>
          </>
        ) : panel.anonymised ? (
          <p className="text-ink-soft">
            No follow-up. Its personal details were removed: there is no one left to call back.
          </p>
        ) : (
          <>
            <p className="text-ink-soft">
              No follow-up set. Choose a day to call back by; it shows on the{" "}
              <Link to="/admin" className="font-semibold text-navy underline underline-offset-4">
                dashboard
              </Link>{" "}
              and in the morning mail to staff when it is due.
            </p>
            <IntentForm intent={FOLLOW_UP_INTENTS.set} label="Set follow-up" pendingText="Setting...">
              <DayAndNote
                intent={FOLLOW_UP_INTENTS.set}
                day={dayAfter(panel.today, 1)}
                panel={panel}
                noteHint={`Optional, at most ${FOLLOW_UP_NOTE_MAX} characters.`}
              />
            </IntentForm>
          </>
        )}
      </div>
    </section>
  );
}
