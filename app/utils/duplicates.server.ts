import { data, type AppLoadContext } from "@remix-run/node";
import { DUPLICATE_INTENTS, type DuplicateIntent } from "~/components/admin/possible-duplicates";
import { recordPath } from "~/domain/record-kinds";
import { badRequest, isAppError } from "~/services/errors";
import type { EnquiryType } from "~/services/duplicates.server";
import { formValues, redirectWithFlash, submissionFailed } from "./forms.server";

const DECISION_FAILED = "Failed to decide about the possible duplicate. Please try again.";
const INTENT_VALUES: readonly string[] = Object.values(DUPLICATE_INTENTS);
const KINDS = { APPLICATION: "applications", DEMO_REQUEST: "demos" } as const;

/** Whether a record page's post is one of the "Possible duplicate" section's forms. */
export const isDuplicateIntent = (intent: unknown): intent is DuplicateIntent =>
  typeof intent === "string" && INTENT_VALUES.includes(intent);

/** A whole positive number from a form's hidden field; anything else is no record's. */
function idOf(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw badRequest("Choose one of the possible duplicates listed.");
  return id;
}

/**
 * "Merge" or "Not the same family" posted to an application's or demo request's page (issue 40
 * point 4): the duplicates service decides, and staff land on the record kept (the page's own one
 * unless it was merged away) with what was done; a refusal shows the page again with the
 * service's message in the section (400, 409).
 */
export async function duplicateAction(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  { recordType, recordId, actorId }: { recordType: EnquiryType; recordId: number; actorId: number },
) {
  const values = formValues(form);
  const { duplicates } = context.services;
  const kind = KINDS[recordType];
  let done: string;
  let to = new URL(request.url).pathname;
  try {
    const pairId = idOf(values.pairId);
    if (values.intent === DUPLICATE_INTENTS.merge) {
      const { keptId, mergedId } = await duplicates.merge(
        recordType,
        { pairId, keepId: idOf(values.keepId) },
        actorId,
      );
      done = `#${mergedId} merged into #${keptId}: its history, notes and follow-ups are here now.`;
      if (keptId !== recordId) to = recordPath(kind, keptId);
    } else {
      await duplicates.markDistinct(recordType, pairId, actorId);
      done = "Marked as not the same family.";
    }
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(error.message, { status: 404 });
    return submissionFailed(context, error, values, DECISION_FAILED);
  }
  return redirectWithFlash(context, to, { kind: "success", message: done });
}
