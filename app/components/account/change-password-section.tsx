import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/field";
import { inputProps } from "~/domain/field-spec";
import { FORMS } from "~/domain/forms";
import { ACCOUNT_TEXTS } from "~/domain/texts/account";
import { useFormState } from "~/utils/forms";
import { useTexts } from "~/utils/language";
import { NewPasswordFields } from "./new-password-fields";

/** The intent of the profile's "Change password" form (its action tells the forms apart by it). */
const CHANGE_PASSWORD = "changePassword";

/**
 * The profile's "Change password": the password now, then the new one twice. The page has other
 * forms posting to the same action: only this form's failures (by its intent) are shown here.
 */
export function ChangePasswordSection({ email }: { email: string }) {
  const t = useTexts(ACCOUNT_TEXTS);
  const state = useFormState(CHANGE_PASSWORD);
  const form =
    state.failure && state.failure.values?.intent !== CHANGE_PASSWORD
      ? { ...state, failure: undefined, errorsFor: () => undefined }
      : state;
  return (
    <section aria-labelledby="password-title" className="mt-8 rounded-4xl bg-white p-6 shadow-soft sm:p-10">
      <h2 id="password-title" className="text-2xl">
        {t("profile.changePassword")}
      </h2>
      <p className="mt-2 text-ink-soft">{t("profile.changePasswordIntro")}</p>
      <Form method="post" replace className="mt-6 space-y-5" key={form.resetKey}>
        <input type="hidden" name="intent" value={CHANGE_PASSWORD} />
        {/* Tells password managers which account the new password belongs to; never sent. */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <FormAlert message={form.failure?.message} />
        <TextField
          {...inputProps(FORMS.changePassword.currentPassword)}
          label={t("profile.currentPassword")}
          errors={form.errorsFor("currentPassword")}
        />
        <NewPasswordFields field={FORMS.changePassword.password} errorsFor={form.errorsFor} />
        <Button type="submit" pending={form.submitting} pendingText={t("password.saving")}>
          {t("profile.changePassword")}
        </Button>
      </Form>
    </section>
  );
}
