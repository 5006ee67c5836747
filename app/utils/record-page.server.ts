import { data, type AppLoadContext } from "@remix-run/node";
import { NOTE_INTENT } from "~/components/admin/record-history";
import { isAppError } from "~/services/errors";
import { changeStatus } from "./admin.server";
import { formValues, redirectWithFlash, submissionFailed } from "./forms.server";
import type { EnquiryType } from "~/services/duplicates.server";
import { duplicateAction, isDuplicateIntent } from "./duplicates.server";
import { followUpAction, isFollowUpIntent } from "./follow-ups.server";
import { isSeatIntent, seatAction } from "./seat-offers.server";

const NOTE_FAILED = "Failed to add the note. Please try again.";
const NOTE_ADDED = "Note added.";

/**
 * The action of one record's admin page (issue 19): "Add note" (intent "note") or, for the kinds
 * staff move, a status change from the page's status control, which the list's own code handles
 * (the record is the page's, whatever id the form carried); an enquiry's page also has the
 * possible duplicates' and the follow-up's forms (issue 40, `enquiry`), an application's the Seat
 * panel's (issue 38, `seats`). All come back to the page.
 */
export async function recordPageAction<Row>(
  request: Request,
  context: AppLoadContext,
  {
    addNote,
    status,
    enquiry,
    seats,
  }: {
    addNote: (values: Record<string, string>) => Promise<unknown>;
    status?: Omit<Parameters<typeof changeStatus<Row>>[2], "update"> & {
      update: (input: { status: string }) => Promise<Row>;
    };
    /** The enquiry the page shows and the staff member acting, for its duplicates and follow-up. */
    enquiry?: { recordType: EnquiryType; recordId: number; actorId: number };
    /** The application the page shows and the staff member acting, for the Seat panel's forms. */
    seats?: { applicationId: number; actorId: number };
  },
) {
  const form = await request.clone().formData();
  const intent = form.get("intent");
  if (enquiry && isDuplicateIntent(intent)) return duplicateAction(request, context, form, enquiry);
  if (enquiry && isFollowUpIntent(intent)) return followUpAction(request, context, form, enquiry);
  if (seats && isSeatIntent(intent)) return seatAction(request, context, form, seats);
  if (intent !== NOTE_INTENT) {
    if (!status) throw data("Unknown action: use Add note.", { status: 400 });
    return changeStatus(request, context, { ...status, update: (_posted, input) => status.update(input) });
  }
  return noteAction(request, context, form, addNote);
}

/**
 * "Add note" posted to a record's page: back to the page with "Note added.", or the form again
 * with the service's message and the text as typed (400), or the page's 404 for a record gone.
 */
export async function noteAction(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  addNote: (values: Record<string, string>) => Promise<unknown>,
) {
  const values = formValues(form);
  try {
    await addNote(values);
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(error.message, { status: 404 });
    return submissionFailed(context, error, values, NOTE_FAILED);
  }
  return redirectWithFlash(context, new URL(request.url).pathname, { kind: "success", message: NOTE_ADDED });
}
