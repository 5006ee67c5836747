import { TextField } from "~/components/ui/field";
import { inputProps, type FieldSpec } from "~/domain/field-spec";
import { ACCOUNT_TEXTS } from "~/domain/texts/account";
import { useTexts } from "~/utils/language";

/**
 * A new password and its confirmation, with the register form's rules (length bounds,
 * `autocomplete="new-password"`): the reset page and the profile's "Change password". The values
 * are never given back after a failed submission, so the fields always start empty.
 */
export function NewPasswordFields({
  field,
  errorsFor,
}: {
  /** The form's `password` field (app/domain/forms.ts). */
  field: FieldSpec;
  errorsFor: (name: string) => readonly string[] | undefined;
}) {
  const t = useTexts(ACCOUNT_TEXTS);
  return (
    <>
      <TextField
        {...inputProps(field)}
        label={t("password.new")}
        hint={field.minLength ? t("password.atLeast", { characters: field.minLength }) : undefined}
        errors={errorsFor(field.name)}
      />
      <TextField
        {...inputProps({ ...field, name: "confirmPassword", minLength: undefined })}
        label={t("password.confirmNew")}
        errors={errorsFor("confirmPassword")}
      />
    </>
  );
}
