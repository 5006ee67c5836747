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
import { languageOfPath } from "~/domain/languages";
import { ERASURE_MESSAGES } from "~/domain/personal-data";
import { ACCOUNT_TEXTS } from "~/domain/texts/account";
import { translator } from "~/domain/translations";
import { accountSubmissionFailed, inPageLanguage } from "~/utils/account.server";
import { requireUser } from "~/utils/auth.server";
import { formValues, parseForm, redirectWithFlash } from "~/utils/forms.server";
import { useFormState } from "~/utils/forms";
import { useLocalHref, useTexts } from "~/utils/language";
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
    return accountSubmissionFailed(context, error, values, ERASURE_MESSAGES.serverError);
  }
  return redirectWithFlash(
    context,
    inPageLanguage(context, "/"),
    { kind: "success", message: translator(ACCOUNT_TEXTS, context.language)("delete.deleted") },
    { headers: { "Set-Cookie": context.session.signOut() } },
  );
}

export default function DeleteAccountPage() {
  const { email, isAdmin, pendingStudents } = useLoaderData<typeof loader>();
  const form = useFormState();
  const t = useTexts(ACCOUNT_TEXTS);
  const local = useLocalHref();
  const address = <span translate="no">{email}</span>;
  return (
    <>
      <PageHeader eyebrow={t("profile.eyebrow")} title={t("delete.heading")}>
        {t("delete.intro", { school: SCHOOL.fullName })}
      </PageHeader>
      <div className="container-page max-w-3xl space-y-8 py-12 sm:py-16">
        <section aria-labelledby="erased-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-10">
          <h2 id="erased-title" className="text-2xl">
            {t("delete.whatHappens")}
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-6 text-ink-soft">
            <li>
              {t("delete.accountBefore")}
              {address}
              {t("delete.accountAfter")}
            </li>
            <li>{t("delete.records")}</li>
            <li>{t("delete.payments")}</li>
            <li>
              {t("delete.mailBefore")}
              {address}
              {t("delete.mailAfter")}
            </li>
          </ul>
          <p className="mt-4 text-ink-soft">
            {t("delete.copyFirst")}
            <a className="font-bold text-navy underline" href="/profile/data.json" download>
              {t("delete.download")}
            </a>
            {t("delete.copyEnd")}
          </p>
        </section>
        <section aria-labelledby="confirm-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-10">
          <h2 id="confirm-title" className="text-2xl">
            {t("delete.confirm")}
          </h2>
          {isAdmin ? (
            <p className="mt-4">{t("error.adminAccount")}</p>
          ) : (
            <Form method="post" replace className="mt-6 space-y-5" key={form.resetKey}>
              <FormAlert
                message={
                  form.failure?.message ??
                  (pendingStudents.length > 0
                    ? t("error.pendingPayment", { students: pendingStudents.join(", ") })
                    : undefined)
                }
              />
              {/* Tells password managers which account this is; never sent. */}
              <input type="email" autoComplete="username" value={email} readOnly hidden />
              <TextField
                {...inputProps(DELETE_ACCOUNT.currentPassword)}
                label={t("delete.password")}
                errors={form.errorsFor("currentPassword")}
              />
              <div className="flex flex-wrap gap-3">
                <Button
                  type="submit"
                  variant="danger"
                  pending={form.submitting}
                  pendingText={t("delete.deleting")}
                >
                  {t("delete.heading")}
                </Button>
                <ButtonLink to={local("/profile")} variant="outline">
                  {t("delete.keep")}
                </ButtonLink>
              </div>
            </Form>
          )}
        </section>
      </div>
    </>
  );
}

export const meta: MetaFunction = ({ location }) => [
  {
    title: translator(ACCOUNT_TEXTS, languageOfPath(location.pathname))("delete.title", {
      school: SCHOOL.name,
    }),
  },
  { name: "robots", content: "noindex" },
];
