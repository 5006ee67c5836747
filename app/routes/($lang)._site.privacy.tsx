import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { PageHeader } from "~/components/ui/page-header";
import { SCHOOL } from "~/domain/brand";
import { MESSAGES } from "~/domain/messages";
import { DEFAULT_RETENTION_MONTHS } from "~/domain/personal-data";
import { PRIVACY_NOTICE_VERSION } from "~/domain/privacy-version.server";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import { formatLongDay } from "~/domain/format";
import type { loader as siteLoader } from "./($lang)._site";

/**
 * The privacy notice (issue 20, decision 0036) under India's Digital Personal Data Protection Act
 * 2023. Its version is PRIVACY_NOTICE_VERSION: every form that takes personal data posts it with
 * the parent's consent, and the record keeps it. Change the version whenever this text changes.
 */

/** The page's head (page-tags.server.ts): built on the server, so its texts ship to no browser. */
export async function loader({ context }: LoaderFunctionArgs) {
  return {
    // From the loader, not imported by the page: the consent box's bundle keeps the version alone.
    version: PRIVACY_NOTICE_VERSION,
    tags: await context.services.pageTags.page({
      language: context.language,
      path: PUBLIC_PAGES.privacy.path,
      title: `Privacy notice | ${SCHOOL.fullName}`,
      description: `How ${SCHOOL.fullName} collects, uses, shares and keeps the personal data of parents, children and teachers, and how to see, correct or erase it.`,
    }),
  };
}

/** What each form asks for and why: the forms of app/domain/forms.ts, in a parent's words. */
const COLLECTED = [
  {
    form: "Admission application",
    what: "Your child's name, date of birth and grade; your name, mobile number and e-mail address.",
    why: "To consider the admission, check the grade fits your child's age, and call or write to you about it.",
  },
  {
    form: "Free demo class",
    what: "Your name, your child's name and grade, your mobile number, e-mail address and the time that suits you.",
    why: "To arrange the demo class and confirm it with you.",
  },
  {
    form: "Enrollment and fee payment",
    what: "Your child's name and grade; your name, mobile number and e-mail address; the fee, the payment's reference and its outcome.",
    why: "To enroll your child, take the fee, send the receipt and keep the school's accounts.",
  },
  {
    form: "Teacher registration",
    what: "Your name, city, mobile number, e-mail address, teaching experience, your message and the CV you choose to send.",
    why: "To consider you for teaching work and contact you about it.",
  },
  {
    form: "A parent's account",
    what: "Your name, e-mail address and a password (stored only as a one-way hash); the courses you like.",
    why: "To let you sign in and see your applications, demo requests and payments in one place.",
  },
] as const;

export default function PrivacyPage() {
  const { version } = useLoaderData<typeof loader>();
  const details = useRouteLoaderData<typeof siteLoader>("routes/($lang)._site")?.details ?? null;
  const loading = MESSAGES.details.loading;
  const date = formatLongDay(version);
  return (
    <>
      <PageHeader eyebrow="Your family's data" title="Privacy notice">
        What we collect about you and your child, why, who sees it, how long we keep it, and what you can do
        about it.
      </PageHeader>
      <div className="container-page max-w-3xl space-y-10 py-12 sm:py-16">
        <p className="rounded-2xl bg-sky-50 px-4 py-3 text-ink" data-testid="notice-version">
          Version <strong>{version}</strong>, in effect from {date}.
        </p>

        <NoticeSection id="who" title="Who we are">
          <p>
            {SCHOOL.fullName} (&ldquo;we&rdquo;) is an online school for children from Nursery to Grade 8. We
            decide why and how the personal data given to us on this website is used: under India&rsquo;s
            Digital Personal Data Protection Act, 2023, we are its Data Fiduciary.
          </p>
          <address className="rounded-2xl border-2 border-navy/10 px-4 py-3 not-italic">
            <span className="block font-semibold">{SCHOOL.fullName}</span>
            <span className="block whitespace-pre-line">{details?.address ?? loading}</span>
            <span className="block">
              E-mail:{" "}
              {details ? (
                <a className="text-navy underline" href={`mailto:${details.email}`}>
                  {details.email}
                </a>
              ) : (
                loading
              )}
            </span>
            <span className="block">Phone: {details?.phone ?? loading}</span>
          </address>
        </NoticeSection>

        <NoticeSection id="collected" title="What we collect and why">
          <p>We collect only what each form asks for, and use it only for that form&rsquo;s purpose:</p>
          <dl className="space-y-4">
            {COLLECTED.map((entry) => (
              <div key={entry.form} className="rounded-2xl bg-white p-4 shadow-soft">
                <dt className="font-bold text-ink">{entry.form}</dt>
                <dd className="mt-1">
                  <span className="font-semibold">What: </span>
                  {entry.what}
                </dd>
                <dd className="mt-1">
                  <span className="font-semibold">Why: </span>
                  {entry.why}
                </dd>
              </div>
            ))}
          </dl>
          <p>
            With every application, demo request, enrollment and teacher registration we also record when
            consent was given and which version of this notice was shown. We do not sell personal data, show
            advertising, or track or profile children. The only cookies we set keep you signed in and carry a
            one-time message after a form is sent.
          </p>
        </NoticeSection>

        <NoticeSection id="consent" title="Why we may use it: your consent">
          <p>
            We use personal data because you agree to it: each form has a box to tick, next to a link to this
            notice. The law treats everyone under 18 as a child, and a child&rsquo;s data needs the verifiable
            consent of a parent or lawful guardian. So the forms about a child ask you to confirm that you are
            the child&rsquo;s parent or guardian. Please do not fill them in for a child who is not in your
            care.
          </p>
          <p>
            You may withdraw your consent at any time, as easily as you gave it: write to us or delete your
            account (below). Withdrawing does not undo what was lawfully done before, and we may keep what the
            law requires us to keep.
          </p>
        </NoticeSection>

        <NoticeSection id="shared" title="Who sees it">
          <ul className="list-disc space-y-2 pl-6">
            <li>Our admissions, teaching and office staff, who need it to do the work the form asks for.</li>
            <li>
              Razorpay, our payment gateway, which receives the order&rsquo;s amount and reference and takes
              the card or bank details itself: we never see or store them.
            </li>
            <li>Our e-mail provider, which delivers the confirmations and letters we send you.</li>
            <li>Authorities, only when a law requires us to hand it over.</li>
          </ul>
        </NoticeSection>

        <NoticeSection id="kept" title="How long we keep it">
          <ul className="list-disc space-y-2 pl-6">
            <li>
              Applications that were not accepted, and demo requests once the demo has taken place or been
              cancelled: {DEFAULT_RETENTION_MONTHS} months after they were sent; then the names, mobile number
              and e-mail address are erased automatically.
            </li>
            <li>
              Paid fees: the amount, date and references for as long as the law on accounts and taxes
              requires. If you ask us to erase your data, the names and contact details on them are removed.
            </li>
            <li>
              Accounts, and the records linked to them: until you delete the account or ask us to erase them.
            </li>
            <li>
              Teacher registrations: while we consider you for work, or until you ask us to erase yours.
            </li>
          </ul>
        </NoticeSection>

        <NoticeSection id="rights" title="Your rights">
          <p>You have the right to:</p>
          <ul className="list-disc space-y-2 pl-6">
            <li>see the personal data we hold about you and your child, and how it is used;</li>
            <li>have it corrected, completed or brought up to date;</li>
            <li>have it erased, except what the law requires us to keep;</li>
            <li>name someone to use these rights for you if you die or cannot act;</li>
            <li>have a complaint about it heard.</li>
          </ul>
          <p>
            If you have an account, your <Link to="/profile">profile</Link> has{" "}
            <strong>Download my data</strong> (a file with everything stored about your account and its
            verified e-mail address) and <strong>Delete my account</strong>. For anything else, or if you sent
            a form without an account, write to us at the e-mail address above: tell us which forms you sent
            and from which e-mail address.
          </p>
          <p>
            <strong>Grievances:</strong> write to {details?.email ?? "the e-mail address above"} with
            &ldquo;Privacy&rdquo; in the subject line, or call {details?.phone ?? "us"}. We reply within 30
            days. If you are not satisfied with our answer, you may complain to the Data Protection Board of
            India.
          </p>
        </NoticeSection>

        <NoticeSection id="changes" title="Changes to this notice">
          <p>
            When this notice changes, it gets a new version and date at the top of this page. The forms then
            ask you to read it and agree again before sending; what you sent before stays recorded with the
            version you agreed to.
          </p>
        </NoticeSection>
      </div>
    </>
  );
}

function NoticeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 text-ink [&_a]:text-navy [&_a]:underline">
      <h2 id={`${id}-title`} className="text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
