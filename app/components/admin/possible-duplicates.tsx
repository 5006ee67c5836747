import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import type { DuplicateRule } from "~/domain/duplicates";
import { RECORD_KINDS, recordPath } from "~/domain/record-kinds";
import { useFormState } from "~/utils/forms";
import { WhenCell } from "./cells";
import { StatusBadge } from "./status-badge";

/** The section's forms, each a POST to the record page's action with its intent. */
export const DUPLICATE_INTENTS = { merge: "duplicate-merge", distinct: "duplicate-distinct" } as const;
export type DuplicateIntent = (typeof DUPLICATE_INTENTS)[keyof typeof DUPLICATE_INTENTS];

/** Why the two look like one family, as staff read it. */
const RULE_LABELS: Record<DuplicateRule, string> = {
  MOBILE: "same mobile number",
  EMAIL: "same e-mail address",
  CHILD: "same child and date of birth",
};

/** One undecided match as the page's loader hands it over (dates as JSON strings). */
export type DuplicateMatch = {
  pairId: number;
  otherId: number;
  rule: DuplicateRule;
  otherStudentName: string;
  otherCreatedAt: Date | string;
};

type EnquiryKind = "applications" | "demos";

/** The small badge of a list's row with an undecided match. */
export function PossibleDuplicateBadge() {
  return <StatusBadge status="POSSIBLE_DUPLICATE" label="Possible duplicate" tone="yellow" />;
}

/** A form of one button: the pair, and for a merge the record kept. */
function DecisionForm({
  intent,
  pairId,
  keepId,
  label,
  pendingText,
  variant,
}: {
  intent: DuplicateIntent;
  pairId: number;
  keepId?: number;
  label: string;
  pendingText: string;
  variant: "secondary" | "outline";
}) {
  const { submitting } = useFormState(intent);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="pairId" value={pairId} />
      {keepId !== undefined ? <input type="hidden" name="keepId" value={keepId} /> : null}
      <Button type="submit" variant={variant} size="sm" pending={submitting} pendingText={pendingText}>
        {label}
      </Button>
    </Form>
  );
}

/**
 * "Possible duplicate" on an application's or demo request's page (issue 40 point 4): each earlier
 * or later record of its kind that looks like the same family, why, and staff's two choices:
 * merge (one kept: this one, or the other) or "not the same family". Nothing is merged without a
 * person. A record merged away says where it went instead. Plain forms: they work without
 * JavaScript; a refusal (a seat or a payment on the one to merge away) comes back here.
 */
export function PossibleDuplicates({
  kind,
  recordId,
  mergedIntoId,
  matches,
}: {
  kind: EnquiryKind;
  recordId: number;
  mergedIntoId: number | null;
  matches: DuplicateMatch[];
}) {
  const { failure } = useFormState();
  const intents: readonly string[] = Object.values(DUPLICATE_INTENTS);
  const message = intents.includes(failure?.values?.intent ?? "") ? failure?.message : undefined;
  const one = RECORD_KINDS[kind].one.toLowerCase();
  if (mergedIntoId === null && matches.length === 0 && !message) return null;
  return (
    <section aria-labelledby="duplicates-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-8">
      <h2 id="duplicates-title" className="text-xl">
        {mergedIntoId === null ? "Possible duplicate" : "Merged"}
      </h2>
      <div className="mt-4 space-y-4">
        <FormAlert message={message} />
        {mergedIntoId !== null ? (
          <p className="text-ink">
            This {one} was merged into{" "}
            <Link
              to={recordPath(kind, mergedIntoId)}
              className="font-semibold text-navy underline underline-offset-4"
            >
              {one} #{mergedIntoId}
            </Link>
            : its history, notes and follow-ups are there. It is kept here for the record, and no longer
            listed or counted.
          </p>
        ) : (
          <>
            <p className="text-ink-soft">
              These look like the same family. Merge them into one {one}, or say they are not the same family.
            </p>
            <ul aria-label="Possible duplicates" className="divide-y divide-navy/10 border-y border-navy/10">
              {matches.map((match) => (
                <li key={match.pairId} className="flex flex-col gap-3 py-4">
                  <p className="flex flex-wrap items-center gap-2">
                    <PossibleDuplicateBadge />
                    <Link
                      to={recordPath(kind, match.otherId)}
                      className="font-semibold text-navy underline underline-offset-4"
                    >
                      #{match.otherId} {match.otherStudentName}
                    </Link>
                    <span className="text-ink-soft">
                      ({RULE_LABELS[match.rule]}, received <WhenCell at={match.otherCreatedAt} />)
                    </span>
                  </p>
                  <div className="flex flex-wrap gap-3">
                    <DecisionForm
                      intent={DUPLICATE_INTENTS.merge}
                      pairId={match.pairId}
                      keepId={match.otherId}
                      label={`Merge into #${match.otherId}`}
                      pendingText="Merging…"
                      variant="secondary"
                    />
                    <DecisionForm
                      intent={DUPLICATE_INTENTS.merge}
                      pairId={match.pairId}
                      keepId={recordId}
                      label={`Keep this one, merge #${match.otherId} into it`}
                      pendingText="Merging…"
                      variant="outline"
                    />
                    <DecisionForm
                      intent={DUPLICATE_INTENTS.distinct}
                      pairId={match.pairId}
                      label="Not the same family"
                      pendingText="Saving…"
                      variant="outline"
                    />
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
