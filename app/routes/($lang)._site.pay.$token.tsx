import { data } from "@remix-run/node";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CheckoutSummary } from "~/components/enrollment/checkout-summary";
import { PaymentConfirmed } from "~/components/enrollment/payment-confirmed";
import { Button, ButtonLink } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import { formatPaise } from "~/domain/format";
import { GRADES, gradeSlug, type Grade } from "~/domain/grades";
import { pathIn } from "~/domain/languages";
import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";
import { gradeLabel } from "~/domain/texts/grades";
import { PAYMENT_TEXTS } from "~/domain/texts/payment";
import { translator } from "~/domain/translations";
import { isAppError } from "~/services/errors";
import { redirectWithFlash, submissionFailed } from "~/utils/forms.server";
import { useLanguage, useLocalHref, useTexts } from "~/utils/language";
import { foundOr404 } from "~/utils/not-found.server";

const PAID = new Set(["PAID", "PARTIALLY_REFUNDED", "REFUNDED"]);

/**
 * The parent's page for one order, `/pay/{link token}` (`/hi/pay/{link token}` in Hindi, where a
 * Hindi order's links lead): the way to the gateway's hosted checkout while the order is unpaid
 * (a plain form post, so it works without JavaScript), the reason when an attempt failed or was
 * cancelled, and the confirmation once paid. The token is the only key, so the page is personal
 * and never stored.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const page = await foundOr404(() => context.services.orders.paymentPage(params.token ?? ""));
  const { order } = page;
  const { language } = context;
  const t = translator(PAYMENT_TEXTS, language);
  return {
    order: {
      studentName: order.studentName,
      parentName: order.parentName,
      grade: order.grade,
      fee: formatPaise(order.amount, language),
      payLabel: t("pay", { amount: formatPaise(order.amount, language).replace(/\.00$/, "") }),
      status: order.status,
      transactionId: order.transactionId,
      failureReason: order.failureReason,
    },
    receiptPath: new URL(page.receiptUrl).pathname,
    checkout: page.checkout,
    unreachable: page.unreachable,
    seatGone: page.seatGone,
    title: t("meta.title", { school: SCHOOL.name }),
  };
}

export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  // The token is in this page's address; the checkout form's post to the gateway carries only our origin.
  "Referrer-Policy": "strict-origin",
});

/**
 * "Try again" when the gateway could not be reached: opens its side of the order, then checkout,
 * on this page in its own language. A seat no longer held for the order (409, issue 38) shows the
 * page again saying so, without a way to pay.
 */
export async function action({ params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const t = translator(PAYMENT_TEXTS, context.language);
  try {
    const step = await foundOr404(() => context.services.orders.openPayment(token));
    const payPath = pathIn(context.language, new URL(step.payUrl).pathname);
    return redirectWithFlash(context, `${payPath}${step.checkout ? "?start=1" : ""}`, {
      kind: "success",
      message: t("opened"),
    });
  } catch (error) {
    if (isAppError(error) && error.status === 409) return data({ seatGone: true }, { status: 409 });
    return submissionFailed(context, error, {}, t("unreachable"));
  }
}

export default function PayPage() {
  const { order, receiptPath, checkout, unreachable, ...loaded } = useLoaderData<typeof loader>();
  const t = useTexts(PAYMENT_TEXTS);
  const enrollment = useTexts(ENROLLMENT_TEXTS);
  const local = useLocalHref();
  // Only "Try again" posts here; its failure message replaces the standing one.
  const failure = useActionData<typeof action>();
  const seatGone = loaded.seatGone || (failure !== undefined && "seatGone" in failure);

  if (PAID.has(order.status) && order.transactionId) {
    return (
      <PayLayout title={enrollment("confirmed.title")}>
        <PaymentConfirmed
          parentName={order.parentName}
          grade={order.grade}
          transactionId={order.transactionId}
          receiptPath={receiptPath}
        />
      </PayLayout>
    );
  }

  return (
    <PayLayout title={t("title")}>
      <CheckoutSummary order={order} />
      {seatGone ? (
        <SeatGone grade={order.grade} />
      ) : (
        <PayForms
          order={order}
          checkout={checkout}
          unreachable={unreachable}
          failure={failure && "message" in failure ? failure.message : undefined}
        />
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={local("/fee-structure")} className="font-bold text-navy underline underline-offset-4">
          {t("backToFees")}
        </Link>
      </p>
    </PayLayout>
  );
}

/** The order's seat is no longer held for it (issue 38): no way to pay, the way onto the waitlist instead. */
function SeatGone({ grade }: { grade: string }) {
  const t = useTexts(PAYMENT_TEXTS);
  const local = useLocalHref();
  const language = useLanguage();
  const slug = (GRADES as readonly string[]).includes(grade) ? gradeSlug(grade as Grade) : null;
  return (
    <div role="alert" className="mt-6 rounded-2xl border-2 border-coral/50 bg-coral-50 p-4 text-ink">
      <p>{t("seatGone", { grade: gradeLabel(grade, language) })}</p>
      <ButtonLink
        to={local(slug ? `/apply?grade=${slug}` : "/apply")}
        variant="outline"
        size="sm"
        className="mt-3"
      >
        {t("seatGoneApply")}
      </ButtonLink>
    </div>
  );
}

/** While the order can be paid: the gateway's checkout, or "Try again" while the gateway could not be reached. */
function PayForms({
  order,
  checkout,
  unreachable,
  failure,
}: Pick<ReturnType<typeof useLoaderData<typeof loader>>, "order" | "checkout" | "unreachable"> & {
  failure: string | undefined;
}) {
  const t = useTexts(PAYMENT_TEXTS);
  const language = useLanguage();
  // The gateway's reason is in its own words (English), like staff-written content.
  const gatewayLanguage = language === "en" ? undefined : "en";
  const [params] = useSearchParams();
  const trying = useNavigation().state === "submitting";
  const checkoutForm = useRef<HTMLFormElement>(null);
  const start = params.get("start") === "1" && order.status === "CREATED";
  useEffect(() => {
    // Straight from "Confirm Enrollment": with JavaScript the checkout opens by itself, once
    // (coming back to this page later does not open it again).
    if (!start || !checkoutForm.current) return;
    window.history.replaceState(window.history.state, "", window.location.pathname);
    checkoutForm.current.submit();
  }, [start]);
  return (
    <>
      {params.get("cancelled") === "1" && order.status === "CREATED" ? (
        <p role="status" className="mt-6 rounded-2xl bg-sun-50 p-4 text-ink">
          {t("cancelled")}
        </p>
      ) : null}
      {order.status === "FAILED" ? (
        <p role="alert" className="mt-6 rounded-2xl border-2 border-coral/50 bg-coral-50 p-4 text-ink">
          <strong>{t("failed")}</strong>{" "}
          {order.failureReason ? (
            <>
              <span lang={gatewayLanguage}>{order.failureReason}</span>{" "}
            </>
          ) : null}
          {t("noMoneyTaken")}
        </p>
      ) : null}
      {checkout ? (
        // A plain form to the gateway's page: no JavaScript needed, and the key secret never leaves the server.
        <form ref={checkoutForm} method="post" action={checkout.action} className="mt-6">
          {Object.entries(checkout.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" size="lg" className="w-full">
            {order.status === "FAILED" ? t("tryAgain") : order.payLabel}
          </Button>
          <p className="mt-3 text-center text-sm text-ink-soft">{t("securedBy")}</p>
        </form>
      ) : unreachable ? (
        <Form method="post" replace className="mt-6">
          <p role="alert" className="rounded-2xl border-2 border-coral/50 bg-coral-50 p-4 text-ink">
            {failure ?? t("unreachable")}
          </p>
          <Button type="submit" size="lg" className="mt-4 w-full" pending={trying} pendingText={t("trying")}>
            {t("tryAgain")}
          </Button>
        </Form>
      ) : null}
    </>
  );
}

function PayLayout({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-sky-50 to-sun-50 py-12 sm:py-20">
      <div className="container-page max-w-lg">
        <div className="rounded-4xl bg-white p-6 shadow-soft sm:p-10">
          <h1 className="text-3xl">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...(data ? [{ title: data.title }] : []),
  { name: "robots", content: "noindex" },
];
