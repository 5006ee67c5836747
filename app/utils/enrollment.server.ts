import type { AppLoadContext } from "@remix-run/node";
import { FORMS } from "~/domain/forms";
import { MESSAGES } from "~/domain/messages";
import { parseForm } from "~/services/validation";
import { checkPublicForm, formValues, redirectWithFlash, submissionFailed } from "./forms.server";

/**
 * The action of every page that offers enrollment (home, fee structure): the orders service
 * prices the grade and refuses an `amount` that differs from the fee the visitor saw. Success
 * goes back to `returnTo` (the page without `?enroll`) carrying the details its confirmation
 * dialog shows; a failure keeps the form open with the values and the server's message.
 */
export async function enrollmentAction(request: Request, context: AppLoadContext, returnTo: string) {
  const values = formValues(await request.formData());
  try {
    checkPublicForm(context, values, "enrollment");
    const order = await context.services.orders.createOrder(parseForm(FORMS.enrollment, values));
    if (!order.transactionId) {
      // Only a gateway that confirms at once is wired in; one that sends the parent to pay
      // elsewhere first needs its own payment step before anything may be called confirmed.
      throw new Error(`Order ${order.id} is ${order.status} without a transaction id`);
    }
    return redirectWithFlash(context, returnTo, {
      kind: "success",
      message: `Thank you, ${order.parentName}! The enrollment in ${order.grade} is confirmed.`,
      enrollment: { parentName: order.parentName, transactionId: order.transactionId, grade: order.grade },
    });
  } catch (error) {
    return submissionFailed(context, error, values, MESSAGES.enrollment.failed);
  }
}
