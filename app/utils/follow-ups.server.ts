import { data, type AppLoadContext } from "@remix-run/node";
import { FOLLOW_UP_INTENTS, type FollowUpIntent, type FollowUpPanelData } from "~/components/admin/follow-up";
import type { FollowUpRecordType } from "~/domain/follow-ups";
import { formatLongDay } from "~/domain/format";
import { isAppError } from "~/services/errors";
import { formValues, redirectWithFlash, submissionFailed } from "./forms.server";

const FOLLOW_UP_FAILED = "Failed to change the follow-up. Please try again.";
const INTENT_VALUES: readonly string[] = Object.values(FOLLOW_UP_INTENTS);

/** The record page's Follow-up section: its open follow-up and the days a new one may take. */
export async function followUpPanelData(
  context: AppLoadContext,
  recordType: FollowUpRecordType,
  record: { id: number; anonymisedAt: Date | null },
): Promise<FollowUpPanelData> {
  const found = await context.services.followUps.forRecord(recordType, record.id);
  return { ...found, anonymised: record.anonymisedAt !== null };
}

/** Whether a record page's post is one of the Follow-up section's forms. */
export const isFollowUpIntent = (intent: unknown): intent is FollowUpIntent =>
  typeof intent === "string" && INTENT_VALUES.includes(intent);

/**
 * One of the Follow-up section's forms posted to a record's page: the follow-ups service does it
 * and the page comes back with what was done (Post/Redirect/Get); a refusal (a day out of range, a
 * note too long, one already open) shows the page again with the message, its status and the
 * values as typed. The record is the page's, whatever the form says.
 */
export async function followUpAction(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  { recordType, recordId, actorId }: { recordType: FollowUpRecordType; recordId: number; actorId: number },
) {
  const values = formValues(form);
  const { followUps } = context.services;
  let done: string;
  try {
    switch (values.intent as FollowUpIntent) {
      case FOLLOW_UP_INTENTS.set: {
        const row = await followUps.set(recordType, recordId, values, actorId);
        done = `Follow-up set: call back by ${formatLongDay(row.dueOn)}.`;
        break;
      }
      case FOLLOW_UP_INTENTS.move: {
        const row = await followUps.move(recordType, recordId, values, actorId);
        done = `Follow-up moved to ${formatLongDay(row.dueOn)}.`;
        break;
      }
      case FOLLOW_UP_INTENTS.done:
        await followUps.done(recordType, recordId, actorId);
        done = "Follow-up marked done.";
        break;
    }
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(error.message, { status: 404 });
    return submissionFailed(context, error, values, FOLLOW_UP_FAILED);
  }
  return redirectWithFlash(context, new URL(request.url).pathname, { kind: "success", message: done });
}
