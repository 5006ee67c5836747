import { redirect, type AppLoadContext } from "@remix-run/node";
import { formatRupees } from "~/domain/format";
import { FORMS } from "~/domain/forms";
import { GRADES, type Grade } from "~/domain/grades";
import { pathIn } from "~/domain/languages";
import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";
import { gradeLabel } from "~/domain/texts/grades";
import { translator } from "~/domain/translations";
import { parseForm } from "~/services/validation";
import {
  checkPublicForm,
  formValues,
  redirectWithFlash,
  submissionFailed,
  type InputAnswers,
} from "./forms.server";

/**
 * The action of every page that offers enrollment (home, fee structure): the orders service
 * prices the grade and refuses an `amount` that differs from the fee the visitor saw. Success
 * goes back to `returnTo` (the page without `?enroll`, in the page's language) carrying the
 * details its confirmation dialog shows, or, with a hosted checkout, to the order's payment page;
 * a failure keeps the form open with the values and the server's message, in the page's language.
 * The order keeps the page's language, for its mails.
 */
export async function enrollmentAction(request: Request, context: AppLoadContext, returnTo: string) {
  const values = formValues(await request.formData());
  const { language } = context;
  const t = translator(ENROLLMENT_TEXTS, language);
  try {
    await checkPublicForm(context, values, "enrollment");
    const { order, payment } = await context.services.orders.createOrder(
      parseForm(FORMS.enrollment, values),
      {
        userId: context.user?.id,
        language,
      },
    );
    if (!order.transactionId) {
      // A hosted checkout (Razorpay): the parent pays on the gateway's page, reached from the
      // order's own page, which also says so when the gateway could not be reached.
      return redirect(`${new URL(payment.payUrl).pathname}${payment.checkout ? "?start=1" : ""}`, 303);
    }
    return redirectWithFlash(context, pathIn(language, returnTo), {
      kind: "success",
      message: t("confirmed.flash", { parent: order.parentName, grade: gradeLabel(order.grade, language) }),
      // The grade as stored (the enum): the dialog names it in the page's language.
      enrollment: { parentName: order.parentName, transactionId: order.transactionId, grade: order.grade },
    });
  } catch (error) {
    // The fee the grade has now, for the answer that says it changed since the page was shown.
    const grade = (GRADES as readonly string[]).includes(values.grade ?? "") ? (values.grade as Grade) : null;
    const fee = grade ? await context.services.grades.feeFor(grade).catch(() => null) : null;
    return submissionFailed(context, error, values, t("failed"), { answers: enrollmentAnswers(fee) });
  }
}

/**
 * The enrollment's own answers, which the shared field texts do not know: the fee changed meanwhile
 * (it names the grade and the fee), an amount that is no number, a payment the gateway declined,
 * a grade with no free seat (issue 38: it names the grade).
 */
function enrollmentAnswers(fee: number | null): InputAnswers {
  return (values, language) => {
    const t = translator(ENROLLMENT_TEXTS, language);
    const grade = values.grade ?? "";
    const amount = !/^\d+$/.test((values.amount ?? "").trim())
      ? t("error.amount.number")
      : fee !== null
        ? t("error.amount.changed", { grade: gradeLabel(grade, language), fee: formatRupees(fee, language) })
        : undefined;
    return {
      amount,
      form: [t("error.form.paymentFailed"), t("error.form.noSeat", { grade: gradeLabel(grade, language) })],
    };
  };
}
