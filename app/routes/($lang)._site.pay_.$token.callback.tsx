import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import { pathIn } from "~/domain/languages";
import { PAYMENT_TEXTS } from "~/domain/texts/payment";
import { translator } from "~/domain/translations";
import { isAppError } from "~/services/errors";
import { formValues } from "~/utils/forms.server";
import { useTexts } from "~/utils/language";
import { foundOr404 } from "~/utils/not-found.server";

/** What Razorpay posts after a failed attempt: `error[metadata]` is JSON naming the payment. */
function failedPaymentId(metadata: string | undefined): string | null {
  try {
    const parsed: unknown = JSON.parse(metadata ?? "");
    const id = (parsed as { payment_id?: unknown }).payment_id;
    return typeof id === "string" && id.length <= 100 ? id : null;
  } catch {
    return null;
  }
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const t = translator(PAYMENT_TEXTS, context.language);
  return {
    payPath: pathIn(context.language, `/pay/${params.token ?? ""}`),
    title: t("callback.meta.title", { school: SCHOOL.name }),
  };
}

/**
 * `callback_url` of Razorpay's hosted checkout: a cross-site POST (no session cookie comes with
 * it, and none is needed). A success carries `razorpay_payment_id`, `razorpay_order_id` and
 * `razorpay_signature`, which must be the HMAC of our stored gateway order id and the payment id;
 * a failure carries `error[...]` fields, which only record a failed attempt. Either way the
 * parent lands on the order's page, in this address's language (a Hindi order's callback_url is
 * under /hi). A bad or missing signature is refused (400) and changes nothing.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const values = formValues(await request.formData());
  const payPath = pathIn(context.language, `/pay/${token}`);
  const paymentId = values.razorpay_payment_id ?? "";
  try {
    if (paymentId || values.razorpay_signature) {
      await foundOr404(() =>
        context.services.orders.confirmPayment(token, {
          paymentId: paymentId.slice(0, 100),
          gatewayOrderId: (values.razorpay_order_id ?? "").slice(0, 100),
          signature: (values.razorpay_signature ?? "").slice(0, 200),
        }),
      );
      return redirect(payPath, 303);
    }
    const reason = values["error[description]"];
    if (reason) {
      await foundOr404(() =>
        context.services.orders.recordFailedAttempt(token, {
          reason: reason.slice(0, 500),
          paymentId: failedPaymentId(values["error[metadata]"]),
        }),
      );
      return redirect(`${payPath}`, 303);
    }
  } catch (error) {
    if (!isAppError(error) || error.status !== 400) throw error;
  }
  context.reportError(
    new Error(`Payment callback refused for order link ${token.slice(0, 8)}…: bad or missing signature`),
  );
  return data({ message: translator(PAYMENT_TEXTS, context.language)("notVerified") }, { status: 400 });
}

export default function PaymentCallbackPage() {
  const { payPath } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const t = useTexts(PAYMENT_TEXTS);
  return (
    <div className="container-page max-w-lg py-16 text-center">
      <h1 className="text-3xl">{refused ? t("callback.refused") : t("callback.title")}</h1>
      <p role={refused ? "alert" : undefined} className="mt-4 text-ink">
        {refused?.message ?? t("callback.text")}
      </p>
      <ButtonLink to={payPath} size="lg" className="mt-6">
        {t("callback.button")}
      </ButtonLink>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...(data ? [{ title: data.title }] : []),
  { name: "robots", content: "noindex" },
];
