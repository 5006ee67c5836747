import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { formatDate, formatPaise } from "~/domain/format";

/** A record's fields as the profile shows them (dates arrive from the loader as Date or ISO text). */
type When = Date | string;
type Listed<Row> = { rows: Row[]; more: boolean };
export type ProfileRecords = {
  email: string;
  verified: boolean;
  applications: Listed<{ id: number; studentName: string; grade: string; status: string; createdAt: When }>;
  demos: Listed<{
    id: number;
    studentName: string;
    grade: string;
    preferredDateTime: string;
    status: string;
    createdAt: When;
  }>;
  orders: Listed<{
    id: string;
    studentName: string;
    grade: string;
    amount: number;
    status: string;
    createdAt: When;
    paidAt: When | null;
    payPath: string | null;
    receiptPath: string | null;
  }>;
};

/** The intent of the profile's "Send the link again" form (its action tells the forms apart by it). */
export const SEND_VERIFICATION = "sendVerification";

function Day({ at }: { at: When }) {
  return <time dateTime={new Date(at).toISOString()}>{formatDate(at)}</time>;
}

/** One fact of a record: a term above its value on a phone, the same in a row of columns wider up. */
function Fact({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "col-span-2 min-w-0" : "min-w-0"}>
      <dt className="text-sm font-semibold text-ink-soft">{term}</dt>
      <dd className="break-words font-bold text-ink">{children}</dd>
    </div>
  );
}

/** A record as a card: the student and the status badge on top, its facts below, its actions last. */
function RecordCard({
  student,
  status,
  facts,
  actions,
}: {
  student: string;
  status: string;
  facts: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <li className="rounded-3xl border-2 border-navy/10 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 break-words text-lg">{student}</h3>
        <StatusBadge status={status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">{facts}</dl>
      {actions ? <div className="mt-4 flex flex-wrap gap-3">{actions}</div> : null}
    </li>
  );
}

/** A section of records: its heading, the cards, or what to do while there are none. */
function RecordSection({
  id,
  title,
  count,
  more,
  empty,
  children,
}: {
  id: string;
  title: string;
  count: number;
  more: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-4xl bg-white p-6 shadow-soft sm:p-10">
      <h2 id={`${id}-title`} className="text-2xl">
        {title}
      </h2>
      {count === 0 ? (
        <p className="mt-3 text-ink-soft">{empty}</p>
      ) : (
        <>
          <ul className="mt-6 space-y-4">{children}</ul>
          {more ? (
            <p className="mt-4 text-sm text-ink-soft">
              The newest {count} are shown. For older ones, please contact the school.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

const linkClass = "font-semibold text-navy underline underline-offset-2";

/**
 * Until the address is verified: where the link went, what it is for, and a way to have it sent
 * again (a plain form; its failure, e.g. over the limit, shows here).
 */
export function VerifyEmailNotice({
  email,
  failure,
  submitting,
}: {
  email: string;
  failure: string | undefined;
  submitting: boolean;
}) {
  return (
    <section
      aria-labelledby="verify-title"
      className="rounded-4xl border-2 border-sun bg-sun-50 p-6 shadow-soft sm:p-8"
    >
      <h2 id="verify-title" className="text-2xl">
        Please confirm your e-mail address
      </h2>
      <p className="mt-3 text-ink">
        We sent a link to <strong className="break-words">{email}</strong>. Follow it to also see the
        applications, demo requests and fee payments sent from this address before you signed in.
      </p>
      <p className="mt-2 text-ink-soft">
        What you send while signed in shows here straight away. No mail? Check your spam folder, or send the
        link again.
      </p>
      <Form method="post" replace className="mt-5 space-y-4">
        <input type="hidden" name="intent" value={SEND_VERIFICATION} />
        <FormAlert message={failure} />
        <Button type="submit" variant="secondary" pending={submitting} pendingText="Sending...">
          Send the link again
        </Button>
      </Form>
    </section>
  );
}

/** The parent's applications, demo requests and fee payments, newest first (issue 18). */
export function FamilyRecordsSections({ records }: { records: ProfileRecords }) {
  return (
    <div className="space-y-8">
      <RecordSection
        id="applications"
        title="Admission applications"
        count={records.applications.rows.length}
        more={records.applications.more}
        empty={
          <>
            No applications yet.{" "}
            <Link to="/apply" className={linkClass}>
              Apply for admission
            </Link>
            .
          </>
        }
      >
        {records.applications.rows.map((application) => (
          <RecordCard
            key={application.id}
            student={application.studentName}
            status={application.status}
            facts={
              <>
                <Fact term="Grade">{application.grade}</Fact>
                <Fact term="Sent on">
                  <Day at={application.createdAt} />
                </Fact>
                <Fact term="Application no.">{application.id}</Fact>
              </>
            }
          />
        ))}
      </RecordSection>

      <RecordSection
        id="demos"
        title="Demo classes"
        count={records.demos.rows.length}
        more={records.demos.more}
        empty={
          <>
            No demo classes booked yet.{" "}
            <Link to="/book-demo" className={linkClass}>
              Book a free demo class
            </Link>
            .
          </>
        }
      >
        {records.demos.rows.map((demo) => (
          <RecordCard
            key={demo.id}
            student={demo.studentName}
            status={demo.status}
            facts={
              <>
                <Fact term="Grade">{demo.grade}</Fact>
                <Fact term="Booked on">
                  <Day at={demo.createdAt} />
                </Fact>
                <Fact term="Preferred time" wide>
                  {demo.preferredDateTime}
                </Fact>
              </>
            }
          />
        ))}
      </RecordSection>

      <RecordSection
        id="payments"
        title="Fee payments"
        count={records.orders.rows.length}
        more={records.orders.more}
        empty={
          <>
            No fee payments yet.{" "}
            <Link to="/fee-structure" className={linkClass}>
              See the fee structure
            </Link>
            .
          </>
        }
      >
        {records.orders.rows.map((order) => (
          <RecordCard
            key={order.id}
            student={order.studentName}
            status={order.status}
            facts={
              <>
                <Fact term="Grade">{order.grade}</Fact>
                <Fact term="Amount">{formatPaise(order.amount)}</Fact>
                <Fact term={order.paidAt ? "Paid on" : "Started on"}>
                  <Day at={order.paidAt ?? order.createdAt} />
                </Fact>
              </>
            }
            actions={
              order.payPath || order.receiptPath ? (
                <>
                  {order.payPath ? (
                    <ButtonLink
                      to={order.payPath}
                      size="sm"
                      aria-label={`Pay now: ${order.studentName}, ${order.grade}`}
                    >
                      Pay now
                    </ButtonLink>
                  ) : null}
                  {order.receiptPath ? (
                    <ButtonLink
                      to={order.receiptPath}
                      size="sm"
                      variant="outline"
                      aria-label={`Receipt: ${order.studentName}, ${order.grade}`}
                    >
                      Receipt
                    </ButtonLink>
                  ) : null}
                </>
              ) : null
            }
          />
        ))}
      </RecordSection>
    </div>
  );
}
