import { redirect } from "@remix-run/node";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ChangePasswordSection } from "~/components/account/change-password-section";
import {
  FamilyRecordsSections,
  SEND_VERIFICATION,
  VerifyEmailNotice,
} from "~/components/account/family-records";
import { Button, ButtonLink, buttonClasses } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { isAdmin } from "~/domain/access";
import { SCHOOL } from "~/domain/brand";
import { FORMS } from "~/domain/forms";
import { MESSAGES } from "~/domain/messages";
import { requireUser } from "~/utils/auth.server";
import { requireMatchingPasswords, signedInWithNewPassword } from "~/utils/account.server";
import { formValues, parseForm, redirectWithFlash, submissionFailed } from "~/utils/forms.server";
import { useFormState } from "~/utils/forms";
import { loginUrl } from "~/utils/redirect";

/** The account and the family's records: applications, demo requests, fee payments (issue 18). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(request, context);
  const records = await context.services.familyRecords.forUser(user.id);
  if (!records) throw redirect(loginUrl(request));
  return { name: user.name, email: user.email, isAdmin: isAdmin(user), records };
}

export const headers: HeadersFunction = () => ({
  // One family's records: never kept by the response store, a proxy or the browser's cache.
  "Cache-Control": "private, no-store",
});

/**
 * Two forms: "Send the link again" (intent sendVerification) and "Change password" (the
 * account's sessions end but this one, which gets a new token).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireUser(request, context);
  const values = formValues(await request.formData());
  if (values.intent === SEND_VERIFICATION) {
    try {
      const { sent } = await context.services.emailVerification.sendLink(user.id);
      const message = sent
        ? MESSAGES.verifyEmail.sent(user.email)
        : MESSAGES.verifyEmail.alreadyVerified(user.email);
      return await redirectWithFlash(context, "/profile", { kind: "success", message });
    } catch (error) {
      return submissionFailed(context, error, values, MESSAGES.generic.serverError);
    }
  }
  try {
    // A stolen session must not be a way to guess the password: the login's budget applies.
    await context.services.rateLimiter.consume("login", context.clientIp);
    requireMatchingPasswords(values);
    const { token } = await context.services.auth.changePassword(
      user.id,
      parseForm(FORMS.changePassword, values),
    );
    return await signedInWithNewPassword(context, token);
  } catch (error) {
    return submissionFailed(context, error, values, MESSAGES.generic.serverError);
  }
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-4 sm:grid-cols-[8rem_minmax(0,1fr)]">
      <dt className="font-semibold text-ink-soft">{term}</dt>
      <dd className="break-words font-bold text-ink">{children}</dd>
    </div>
  );
}

export default function ProfilePage() {
  const { name, email, isAdmin, records } = useLoaderData<typeof loader>();
  const form = useFormState(SEND_VERIFICATION);
  const verificationFailure =
    form.failure?.values?.intent === SEND_VERIFICATION ? form.failure.message : undefined;
  return (
    <>
      <PageHeader eyebrow="My Profile" title={`Hello, ${name}`}>
        Your applications, demo classes and fee payments at {SCHOOL.fullName}, and your account.
      </PageHeader>
      <div className="container-page max-w-4xl space-y-8 py-12 sm:py-16">
        {records.verified ? null : (
          <VerifyEmailNotice
            email={records.email}
            failure={verificationFailure}
            submitting={form.submitting}
          />
        )}
        <FamilyRecordsSections records={records} />
        <section aria-labelledby="account-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-10">
          <div className="flex items-center gap-4">
            <span
              className="flex h-16 w-16 flex-none items-center justify-center rounded-full bg-coral text-3xl font-black uppercase text-white"
              aria-hidden="true"
            >
              {name.trim().charAt(0) || "?"}
            </span>
            <h2 id="account-title" className="text-2xl">
              Account details
            </h2>
          </div>
          <dl className="mt-8 divide-y divide-navy/10 border-y border-navy/10">
            <Detail term="Name">{name}</Detail>
            <Detail term="Email">
              {email}{" "}
              <span className="font-semibold text-ink-soft">
                {records.verified ? "(confirmed)" : "(not confirmed yet)"}
              </span>
            </Detail>
            {isAdmin ? <Detail term="Role">Administrator</Detail> : null}
          </dl>
          <div className="mt-8 flex flex-wrap gap-3">
            {isAdmin ? <ButtonLink to="/admin">Go to the admin area</ButtonLink> : null}
            <Form method="post" action="/logout">
              <Button type="submit" variant="outline">
                Logout
              </Button>
            </Form>
          </div>
        </section>
        <ChangePasswordSection email={email} ignoredIntent={SEND_VERIFICATION} />
        <section aria-labelledby="my-data-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-10">
          <h2 id="my-data-title" className="text-2xl">
            My data
          </h2>
          <p className="mt-2 text-ink-soft">
            A copy of everything we keep about your account
            {records.verified ? " and your confirmed e-mail address" : ""}: applications, demo classes, fee
            payments, liked courses and the e-mails we sent you.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            {/* Plain links: a download needs no script, and the data never passes through the page. */}
            <a href="/profile/data.json" download className={buttonClasses({ variant: "outline" })}>
              Download my data (JSON)
            </a>
            <a href="/profile/data.csv" download className={buttonClasses({ variant: "outline" })}>
              Download my data (CSV)
            </a>
          </div>
          <h3 className="mt-8 text-xl">Delete my account</h3>
          <p className="mt-2 text-ink-soft">
            Erases your account and the personal details in your family&apos;s records; fee payments are kept
            without them, as the law requires.
          </p>
          <ButtonLink to="/profile/delete" variant="danger" className="mt-4">
            Delete my account
          </ButtonLink>
        </section>
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: `My Profile | ${SCHOOL.name}` },
  {
    name: "description",
    content: `Your applications, demo classes, fee payments and account at ${SCHOOL.fullName}.`,
  },
];
