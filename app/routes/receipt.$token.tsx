import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { BrandMark, BrandName } from "~/components/layout/brand-logo";
import { useRouteFailure } from "~/components/site-error";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import { MESSAGES } from "~/domain/messages";
import type { PublicDataHandle } from "~/services/public-data.server";
import { formatDate, formatDateTime, formatMobile, formatPaise } from "~/domain/format";
import { foundOr404 } from "~/utils/not-found.server";
import { useHydrated } from "~/utils/use-hydrated";

/*
 * The parent's printable fee receipt: `/receipt/<link token>`, linked from the payment mail. It
 * stands outside the `_site` layout: the page prints as the receipt alone (no site header, menu
 * or footer to hide), and its no-referrer policy cannot break the header's sign-out form.
 */

export async function loader({ params, context }: LoaderFunctionArgs) {
  const receipt = await foundOr404(() => context.services.orders.receipt(params.token ?? ""));
  // The school's contact lines are never worth failing a paid parent's receipt for.
  const details = await context.services.details.get().catch(() => null);
  const { order } = receipt;
  // Written out here, on the server: the page then ships no formatting code of its own.
  const shown = {
    paidDate: order.paidAt ? formatDate(order.paidAt) : "",
    paidAt: order.paidAt ? formatDateTime(order.paidAt) : null,
    mobile: formatMobile(order.mobile),
    amount: formatPaise(order.amount),
    net: formatPaise(order.amount - order.refundedAmount),
    refunds: receipt.refunds.map((refund) => ({
      amount: formatPaise(refund.amount),
      date: refund.processedAt ? formatDate(refund.processedAt) : null,
    })),
  };
  return { ...receipt, details, shown };
}

/** The contact lines come from the company details (a stored copy goes when they change). */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

export const headers: HeadersFunction = () => ({
  // The token in the address is the key to a family's receipt: kept by no one, never cached
  // (public-answers.server.ts keeps nothing marked private or no-store)...
  "Cache-Control": "private, no-store",
  // ...and sent to no one: the page has no form, so `Origin: null` on a post cannot bite here.
  "Referrer-Policy": "no-referrer",
});

export default function ReceiptPage() {
  const { order, refunds, details, shown } = useLoaderData<typeof loader>();
  return (
    <main
      id="main"
      className="flex-1 bg-gradient-to-b from-sky-50 to-sun-50 py-6 sm:py-10 print:bg-none print:py-0"
    >
      <div className="container-page max-w-3xl print:max-w-none print:px-0">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-4 print:hidden">
          <Link
            to="/"
            className="inline-flex items-center gap-2.5 rounded-xl"
            aria-label={`${SCHOOL.name} home`}
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
                    <span className="block whitespace-pre-line">{details.address}</span>
                    <span className="block">
                      {details.email} · {details.phone}
                    </span>
                  </address>
                ) : null}
              </div>
            </div>
            <div className="sm:text-right print:text-right">
              <h1 id="receipt-title" className="text-2xl sm:text-3xl">
                Fee receipt
              </h1>
              <dl className="mt-2 text-sm">
                <div>
                  <dt className="inline font-semibold text-ink-soft">Receipt number: </dt>
                  <dd className="inline break-all font-mono">{order.id}</dd>
                </div>
                <div>
                  <dt className="inline font-semibold text-ink-soft">Date paid: </dt>
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
            <Item term="Student">{order.studentName}</Item>
            <Item term="Grade">{order.grade}</Item>
            <Item term="Parent">{order.parentName}</Item>
            <Item term="Contact">
              <span className="block">{shown.mobile}</span>
              <span className="block break-words">{order.email}</span>
            </Item>
          </dl>

          <table className="mt-6 w-full text-left">
            <caption className="sr-only">What was paid</caption>
            <thead>
              <tr className="border-b-2 border-navy/10 text-sm uppercase tracking-wider text-ink-soft">
                <th scope="col" className="pb-2 font-bold">
                  Description
                </th>
                <th scope="col" className="pb-2 text-right font-bold">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              <tr className="border-b border-navy/10">
                <td className="py-3 pr-4">
                  Yearly fee, {order.grade} ({SCHOOL.session})
                </td>
                <td className="whitespace-nowrap py-3 text-right font-semibold">{shown.amount}</td>
              </tr>
              {refunds.map((refund, index) => (
                <tr key={refund.gatewayRefundId ?? index} className="border-b border-navy/10">
                  <td className="py-3 pr-4">
                    Refund
                    {shown.refunds[index]?.date ? <>, {shown.refunds[index].date}</> : null}
                    {refund.gatewayRefundId ? (
                      <span className="block break-all font-mono text-sm text-ink-soft">
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
                  {order.refundedAmount > 0 ? "Net amount paid" : "Amount paid"}
                </th>
                <td className="whitespace-nowrap pt-4 text-right text-lg font-extrabold text-navy">
                  {shown.net}
                </td>
              </tr>
            </tfoot>
          </table>

          <dl className="mt-8 grid gap-x-8 gap-y-4 rounded-3xl bg-navy-50 p-5 text-sm sm:grid-cols-2 print:grid-cols-2 print:bg-transparent print:p-0">
            <Item term="Payment ID">
              <span className="break-all font-mono">{order.transactionId}</span>
            </Item>
            <Item term="Gateway order ID">
              <span className="break-all font-mono">{order.gatewayOrderId ?? "None"}</span>
            </Item>
            <Item term="Paid at">{shown.paidAt}</Item>
          </dl>

          <p className="mt-8 text-sm text-ink-soft">
            This receipt was generated by the {SCHOOL.fullName} website and needs no signature. Keep it for
            your records.
          </p>
        </article>

        <p className="mt-6 text-center text-sm text-ink-soft print:hidden">
          Questions about this payment? Write to us{details ? ` at ${details.email}` : ""} with the receipt
          number.
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
  if (!hydrated) {
    return (
      <p className="max-w-xs text-sm font-semibold text-ink-soft">
        Use your browser&apos;s Print command to print or save as PDF.
      </p>
    );
  }
  return (
    <button type="button" onClick={() => window.print()} className={buttonClasses({ variant: "secondary" })}>
      Print this receipt
    </button>
  );
}

export const meta: MetaFunction = () => [
  { title: `Fee receipt | ${SCHOOL.name}` },
  { name: "description", content: `A fee receipt of ${SCHOOL.fullName}.` },
  { name: "robots", content: "noindex" },
];

/** A receipt that does not exist (or is not paid yet): said plainly, with the way home. */
export function ErrorBoundary() {
  const { notFound } = useRouteFailure();
  const texts = MESSAGES.errorPage;
  return (
    <main id="main" className="flex flex-1 flex-col items-center px-4 py-20 text-center">
      <BrandMark className="h-20 w-20" />
      <h1 className="mt-6 text-3xl sm:text-4xl">{notFound ? "Receipt not found" : texts.failedTitle}</h1>
      <p className="mt-3 max-w-md text-ink-soft">
        {notFound
          ? "This receipt link does not work, or the payment is not complete yet. Please use the link in your payment e-mail."
          : texts.failedText}
      </p>
      <ButtonLink to="/" className="mt-8">
        Go to the home page
      </ButtonLink>
    </main>
  );
}
