import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { BrandMark, BrandName } from "~/components/layout/brand-logo";
import { useRouteFailure } from "~/components/site-error";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import type { Language } from "~/domain/languages";
import { gradeLabel } from "~/domain/texts/grades";
import { PAYMENT_TEXTS } from "~/domain/texts/payment";
import { SITE_TEXTS } from "~/domain/texts/site";
import { translator } from "~/domain/translations";
import type { PublicDataHandle } from "~/services/public-data.server";
import { formatDate, formatDateTime, formatMobile, formatPaise } from "~/domain/format";
import { useLanguage, useLocalHref, useTexts, type RecordLanguageHandle } from "~/utils/language";
import { foundOr404 } from "~/utils/not-found.server";
import { useHydrated } from "~/utils/use-hydrated";

/*
 * The parent's printable fee receipt: `/receipt/<link token>`, linked from the payment mail. It
 * stands outside the `_site` layout: the page prints as the receipt alone (no site header, menu
 * or footer to hide), and its no-referrer policy cannot break the header's sign-out form. It has
 * one address in every language and shows itself in the order's (the language of the page the
 * order was placed from): its words, dates, amounts and `<html lang>` (its handle says so).
 */

export async function loader({ params, context }: LoaderFunctionArgs) {
  const receipt = await foundOr404(() => context.services.orders.receipt(params.token ?? ""));
  // The school's contact lines are never worth failing a paid parent's receipt for.
  const details = await context.services.details.get().catch(() => null);
  const { order } = receipt;
  const { language } = order;
  const t = translator(PAYMENT_TEXTS, language);
  // Written out here, on the server: the page then ships no formatting code of its own.
  const shown = {
    paidDate: order.paidAt ? formatDate(order.paidAt, language) : "",
    paidAt: order.paidAt ? formatDateTime(order.paidAt, language) : null,
    mobile: formatMobile(order.mobile),
    amount: formatPaise(order.amount, language),
    net: formatPaise(order.amount - order.refundedAmount, language),
    refunds: receipt.refunds.map((refund) => ({
      amount: formatPaise(refund.amount, language),
      date: refund.processedAt ? formatDate(refund.processedAt, language) : null,
    })),
  };
  const head = {
    title: t("receipt.meta.title", { school: SCHOOL.name }),
    description: t("receipt.meta.description", { school: SCHOOL.fullName }),
  };
  return { ...receipt, details, shown, head, language };
}

/**
 * The contact lines come from the company details (a stored copy goes when they change); the
 * page's language is the order's.
 */
export const handle = {
  publicData: ["details"],
  recordLanguage: (data) => (data as { language?: Language } | undefined)?.language,
} satisfies PublicDataHandle & RecordLanguageHandle;

export const headers: HeadersFunction = () => ({
  // The token in the address is the key to a family's receipt: kept by no one, never cached
  // (public-answers.server.ts keeps nothing marked private or no-store)...
  "Cache-Control": "private, no-store",
  // ...and sent to no one: the page has no form, so `Origin: null` on a post cannot bite here.
  "Referrer-Policy": "no-referrer",
});

export default function ReceiptPage() {
  const { order, refunds, details, shown } = useLoaderData<typeof loader>();
  const t = useTexts(PAYMENT_TEXTS);
  const site = useTexts(SITE_TEXTS);
  const local = useLocalHref();
  const language = useLanguage();
  // What staff wrote (the company's address) stays as written: English.
  const staffWritten = language === "en" ? undefined : "en";
  return (
    <main
      id="main"
      className="flex-1 bg-gradient-to-b from-sky-50 to-sun-50 py-6 sm:py-10 print:bg-none print:py-0"
    >
      <div className="container-page max-w-3xl print:max-w-none print:px-0">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-4 print:hidden">
          <Link
            to={local("/")}
            className="inline-flex items-center gap-2.5 rounded-xl"
            aria-label={site("homeLink")}
          >
            <BrandMark className="h-11 w-11" />
            <BrandName />
          </Link>
          <PrintButton />
        </div>

        <article
          aria-labelledby="receipt-title"
          className="rounded-4xl bg-white p-6 text-ink shadow-soft sm:p-10 print:rounded-none print:p-0 print:shadow-none"
        >
          <header className="flex flex-col gap-6 border-b-2 border-navy/10 pb-6 sm:flex-row sm:items-start sm:justify-between print:flex-row print:items-start print:justify-between">
            <div className="flex items-start gap-3">
              <BrandMark className="h-12 w-12 flex-none" />
              <div>
                <p className="text-xl font-extrabold text-navy">{SCHOOL.fullName}</p>
                {details ? (
                  <address className="mt-1 text-sm not-italic text-ink-soft">
                    <span className="block whitespace-pre-line" lang={staffWritten}>
                      {details.address}
                    </span>
                    <span className="block">
                      {details.email} · {details.phone}
                    </span>
                  </address>
                ) : null}
              </div>
            </div>
            <div className="sm:text-right print:text-right">
              <h1 id="receipt-title" className="text-2xl sm:text-3xl">
                {t("receipt.title")}
              </h1>
              <dl className="mt-2 text-sm">
                <div>
                  <dt className="inline font-semibold text-ink-soft">{t("receipt.number")}</dt>
                  <dd className="inline break-all font-mono" translate="no">
                    {order.id}
                  </dd>
                </div>
                <div>
                  <dt className="inline font-semibold text-ink-soft">{t("receipt.datePaid")}</dt>
                  <dd className="inline">
                    {order.paidAt ? (
                      <time dateTime={new Date(order.paidAt).toISOString()}>{shown.paidDate}</time>
                    ) : null}
                  </dd>
                </div>
              </dl>
            </div>
          </header>

          <dl className="grid gap-x-8 gap-y-4 border-b-2 border-navy/10 py-6 sm:grid-cols-2 print:grid-cols-2">
            <Item term={t("receipt.student")}>
              <span translate="no">{order.studentName}</span>
            </Item>
            <Item term={t("receipt.grade")}>{gradeLabel(order.grade, language)}</Item>
            <Item term={t("receipt.parent")}>
              <span translate="no">{order.parentName}</span>
            </Item>
            <Item term={t("receipt.contact")}>
              <span className="block">{shown.mobile}</span>
              <span className="block break-words" translate="no">
                {order.email}
              </span>
            </Item>
          </dl>

          <table className="mt-6 w-full text-left">
            <caption className="sr-only">{t("receipt.caption")}</caption>
            <thead>
              <tr className="border-b-2 border-navy/10 text-sm uppercase tracking-wider text-ink-soft">
                <th scope="col" className="pb-2 font-bold">
                  {t("receipt.description")}
                </th>
                <th scope="col" className="pb-2 text-right font-bold">
                  {t("receipt.amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              <tr className="border-b border-navy/10">
                <td className="py-3 pr-4">
                  {t("receipt.yearlyFee", {
                    grade: gradeLabel(order.grade, language),
                    session: SCHOOL.session,
                  })}
                </td>
                <td className="whitespace-nowrap py-3 text-right font-semibold">{shown.amount}</td>
              </tr>
              {refunds.map((refund, index) => (
                <tr key={refund.gatewayRefundId ?? index} className="border-b border-navy/10">
                  <td className="py-3 pr-4">
                    {t("receipt.refund")}
                    {shown.refunds[index]?.date ? <>, {shown.refunds[index].date}</> : null}
                    {refund.gatewayRefundId ? (
                      <span className="block break-all font-mono text-sm text-ink-soft" translate="no">
                        {refund.gatewayRefundId}
                      </span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap py-3 text-right font-semibold">
                    −{shown.refunds[index]?.amount}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className="pt-4 text-lg font-extrabold text-navy">
                  {order.refundedAmount > 0 ? t("receipt.netPaid") : t("receipt.amountPaid")}
                </th>
                <td className="whitespace-nowrap pt-4 text-right text-lg font-extrabold text-navy">
                  {shown.net}
                </td>
              </tr>
            </tfoot>
          </table>

          <dl className="mt-8 grid gap-x-8 gap-y-4 rounded-3xl bg-navy-50 p-5 text-sm sm:grid-cols-2 print:grid-cols-2 print:bg-transparent print:p-0">
            <Item term={t("receipt.paymentId")}>
              <span className="break-all font-mono" translate="no">
                {order.transactionId}
              </span>
            </Item>
            <Item term={t("receipt.gatewayOrderId")}>
              {order.gatewayOrderId ? (
                <span className="break-all font-mono" translate="no">
                  {order.gatewayOrderId}
                </span>
              ) : (
                t("receipt.none")
              )}
            </Item>
            <Item term={t("receipt.paidAt")}>{shown.paidAt}</Item>
          </dl>

          <p className="mt-8 text-sm text-ink-soft">{t("receipt.generated", { school: SCHOOL.fullName })}</p>
        </article>

        <p className="mt-6 text-center text-sm text-ink-soft print:hidden">
          {details ? t("receipt.questions", { email: details.email }) : t("receipt.questionsNoEmail")}
        </p>
      </div>
    </main>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-bold uppercase tracking-wider text-ink-soft">{term}</dt>
      <dd className="mt-0.5 font-semibold">{children}</dd>
    </div>
  );
}

/** With JavaScript, a button that opens the print dialog; without, how to print anyway. */
function PrintButton() {
  const hydrated = useHydrated();
  const t = useTexts(PAYMENT_TEXTS);
  if (!hydrated) {
    return <p className="max-w-xs text-sm font-semibold text-ink-soft">{t("receipt.printHint")}</p>;
  }
  return (
    <button type="button" onClick={() => window.print()} className={buttonClasses({ variant: "secondary" })}>
      {t("receipt.print")}
    </button>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...(data ? [{ title: data.head.title }, { name: "description", content: data.head.description }] : []),
  { name: "robots", content: "noindex" },
];

/**
 * A receipt that does not exist (or is not paid yet): said plainly, with the way home. No order
 * names a language here, so it is English, like the address.
 */
export function ErrorBoundary() {
  const { notFound } = useRouteFailure();
  const t = useTexts(PAYMENT_TEXTS);
  const site = useTexts(SITE_TEXTS);
  return (
    <main id="main" className="flex flex-1 flex-col items-center px-4 py-20 text-center">
      <BrandMark className="h-20 w-20" />
      <h1 className="mt-6 text-3xl sm:text-4xl">
        {notFound ? t("receipt.notFoundTitle") : site("error.failedTitle")}
      </h1>
      <p className="mt-3 max-w-md text-ink-soft">
        {notFound ? t("receipt.notFoundText") : site("error.failedText")}
      </p>
      <ButtonLink to="/" className="mt-8">
        {site("error.goHome")}
      </ButtonLink>
    </main>
  );
}
