import { redirect } from "@remix-run/node";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { isAdmin } from "~/domain/access";
import { SCHOOL } from "~/domain/brand";
import { inputProps, type FormSpec } from "~/domain/field-spec";
import { FORMS } from "~/domain/forms";
import { ERASURE_MESSAGES } from "~/domain/personal-data";
import { requireUser } from "~/utils/auth.server";
import { formValues, parseForm, redirectWithFlash, submissionFailed } from "~/utils/forms.server";
import { useFormState } from "~/utils/forms";
import { loginUrl } from "~/utils/redirect";

/** The confirmation: the account's password, as when changing it. */
const DELETE_ACCOUNT = { currentPassword: FORMS.changePassword.currentPassword } as const satisfies FormSpec;

/** "Delete my account" (issue 20): what goes, what stays, and the password to confirm. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(request, context);
  const records = await context.services.familyRecords.forUser(user.id);
  if (!records) throw redirect(loginUrl(request));
  const pending = records.orders.rows.filter((order) => order.status === "CREATED");
  return {
    email: user.email,
    isAdmin: isAdmin(user),
    pendingStudents: [...new Set(pending.map((order) => order.studentName))],
  };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * Erases the account in one transaction (refused, with the reason and nothing changed, while a
 * payment is in progress or the password is wrong), signs this browser out and goes home.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireUser(request, context);
  const values = formValues(await request.formData());
  try {
    // A stolen session must not be a way to guess the password: the login's budget applies.
    await context.services.rateLimiter.consume("login", context.clientIp);
    await context.services.accountErasure.erase(user.id, parseForm(DELETE_ACCOUNT, values));
  } catch (error) {
    return submissionFailed(context, error, values, ERASURE_MESSAGES.serverError);
  }
  return redirectWithFlash(
    context,
    "/",
    { kind: "success", message: ERASURE_MESSAGES.deleted },
    { headers: { "Set-Cookie": context.session.signOut() } },
  );
}

export default function DeleteAccountPage() {
  const { email, isAdmin, pendingStudents } = useLoaderData<typeof loader>();
  const form = useFormState();
  return (
    <>
      <PageHeader eyebrow="My Profile" title="Delete my account">
        Erase your account and the personal details in your family&apos;s records at {SCHOOL.fullName}.
      </PageHeader>
      <div className="container-page max-w-3xl space-y-8 py-12 sm:py-16">
        <section aria-labelledby="erased-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-10">
          <h2 id="erased-title" className="text-2xl">
            What happens
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-6 text-ink-soft">
            <li>
              Your account ({email}) is deleted and you are signed out on every device. This cannot be undone.
            </li>
            <li>
              In your admission applications and demo class requests, the names, date of birth, phone number
              and e-mail address are erased. Your liked courses are removed.
            </li>
            <li>
              Fee payments stay on record without your names or contact details: the law requires the school
              to keep the amounts, dates and payment references.
            </li>
            <li>We send a last e-mail to {email} to confirm it.</li>
          </ul>
          <p className="mt-4 text-ink-soft">
            Want a copy first?{" "}
            <a className="font-bold text-navy underline" href="/profile/data.json" download>
              Download my data
            </a>
            .
          </p>
        </section>
        <section aria-labelledby="confirm-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-10">
          <h2 id="confirm-title" className="text-2xl">
            Confirm
          </h2>
          {isAdmin ? (
            <p className="mt-4">{ERASURE_MESSAGES.adminAccount}</p>
          ) : (
            <Form method="post" replace className="mt-6 space-y-5" key={form.resetKey}>
              <FormAlert
                message={
                  form.failure?.message ??
                  (pendingStudents.length > 0 ? ERASURE_MESSAGES.pendingPayment(pendingStudents) : undefined)
                }
              />
              {/* Tells password managers which account this is; never sent. */}
              <input type="email" autoComplete="username" value={email} readOnly hidden />
              <TextField
                {...inputProps(DELETE_ACCOUNT.currentPassword)}
                label="Your password"
                errors={form.errorsFor("currentPassword")}
              />
              <div className="flex flex-wrap gap-3">
                <Button type="submit" variant="danger" pending={form.submitting} pendingText="Deleting...">
                  Delete my account
                </Button>
                <ButtonLink to="/profile" variant="outline">
                  Keep my account
                </ButtonLink>
              </div>
            </Form>
          )}
        </section>
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: `Delete my account | ${SCHOOL.name}` },
  { name: "robots", content: "noindex" },
];
