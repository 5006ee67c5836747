import { TextField } from "~/components/ui/field";
import { inputProps, type FieldSpec } from "~/domain/field-spec";

/**
 * A new password and its confirmation, with the register form's rules (length bounds,
 * `autocomplete="new-password"`): the reset page and the profile's "Change password". The values
 * are never given back after a failed submission, so the fields always start empty.
 */
export function NewPasswordFields({
  field,
  errorsFor,
  label = "New password",
}: {
  /** The form's `password` field (app/domain/forms.ts). */
  field: FieldSpec;
  errorsFor: (name: string) => readonly string[] | undefined;
  label?: string;
}) {
  return (
    <>
      <TextField
        {...inputProps(field)}
        label={label}
        hint={field.minLength ? `At least ${field.minLength} characters.` : undefined}
        errors={errorsFor(field.name)}
      />
      <TextField
        {...inputProps({ ...field, name: "confirmPassword", minLength: undefined })}
        label={`Confirm ${label.toLowerCase()}`}
        errors={errorsFor("confirmPassword")}
      />
    </>
  );
}
