import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { NewPasswordFields } from "~/components/account/new-password-fields";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { FORMS } from "~/domain/forms";
import { MESSAGES } from "~/domain/messages";
import { ACCOUNT_TEXTS } from "~/domain/texts/account";
import { useFormState } from "~/utils/forms";
import { useLocalHref, useTexts } from "~/utils/language";
import {
  accountSubmissionFailed,
  requireMatchingPasswords,
  signedInWithNewPassword,
} from "~/utils/account.server";
import { formValues, parseForm } from "~/utils/forms.server";
import { linkPageMeta } from "~/components/account/link-page-meta";

/**
 * The page a password reset e-mail links to: `/reset-password?token=…`. The token is a password
 * for an hour, so the page is personal (never kept for other visitors, never cached) and sends no
 * address with the requests it makes.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const fits = token.length > 0 && token.length <= (FORMS.resetPassword.token.maxLength ?? 0);
  return { works: fits && (await context.services.auth.resetLinkWorks(token)) };
}

export const headers: HeadersFunction = () => ({
  // Its answer depends on the token: kept by no one, shared with no one (public-answers.server.ts
  // keeps nothing marked private or no-store).
  "Cache-Control": "private, no-store",
  // The token is in this page's address: no request from it carries more than the site's origin.
  // Not "no-referrer": the browser then sends `Origin: null` with the form's post, which the
  // same-origin check (same-origin.server.ts) refuses, and the page would not work without JS.
  "Referrer-Policy": "strict-origin",
});

export async function action({ request, context }: ActionFunctionArgs) {
  const values = formValues(await request.formData());
  try {
    requireMatchingPasswords(values);
    const { token } = await context.services.auth.resetPassword(parseForm(FORMS.resetPassword, values));
    return await signedInWithNewPassword(context, token);
  } catch (error) {
    // The page reads the token from its address: the answer need not carry it again.
    const { token: _token, ...kept } = values;
    return accountSubmissionFailed(context, error, kept, MESSAGES.generic.serverError);
  }
}

export default function ResetPasswordPage() {
  const { works } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const form = useFormState();
  const t = useTexts(ACCOUNT_TEXTS);
  const local = useLocalHref();
  return (
    <div className="bg-gradient-to-b from-sky-50 to-sun-50 py-12 sm:py-20">
      <div className="container-page max-w-lg">
        <div className="rounded-4xl bg-white p-6 shadow-soft sm:p-10">
          {works ? (
            <>
              <h1 className="text-3xl">{t("reset.heading")}</h1>
              <p className="mt-2 text-ink-soft">{t("reset.intro")}</p>
              <Form method="post" replace className="mt-6 space-y-5" key={form.resetKey}>
                <input type="hidden" name="token" value={params.get("token") ?? ""} />
                <FormAlert message={form.failure?.message} />
                <NewPasswordFields field={FORMS.resetPassword.password} errorsFor={form.errorsFor} />
                <Button
                  type="submit"
                  size="lg"
                  className="w-full"
                  pending={form.submitting}
                  pendingText={t("password.saving")}
                >
                  {t("reset.save")}
                </Button>
              </Form>
            </>
          ) : (
            <>
              <h1 className="text-3xl">{t("link.broken")}</h1>
              <p role="alert" className="mt-4 text-ink">
                {t("error.resetLinkInvalid")}
              </p>
              <ButtonLink to={local("/login?view=forgot")} size="lg" className="mt-6 w-full">
                {t("reset.askAgain")}
              </ButtonLink>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

export const meta = linkPageMeta("reset.title");
