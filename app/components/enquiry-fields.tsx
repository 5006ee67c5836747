import { GRADES, DEFAULT_GRADE } from "~/domain/grades";
import { LIMITS } from "~/domain/limits";
import { SelectField, TextField } from "~/components/ui/field";
import type { useFormState } from "~/utils/forms";

type FormState = ReturnType<typeof useFormState>;

/** The parent-contact fields every public form shares, named as the API names them. */
export function ContactFields({ form, idPrefix }: { form: FormState; idPrefix?: string }) {
  return (
    <>
      <TextField
        idPrefix={idPrefix}
        name="mobile"
        label="Mobile number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        maxLength={LIMITS.mobile}
        placeholder="98765 43210"
        defaultValue={form.valueOf("mobile")}
        errors={form.errorsFor("mobile")}
      />
      <EmailField idPrefix={idPrefix} defaultValue={form.valueOf("email")} errors={form.errorsFor("email")} />
    </>
  );
}

/** The e-mail field of every form (enquiries, enrollment, login, register). */
export function EmailField(props: { idPrefix?: string; defaultValue?: string; errors?: readonly string[] }) {
  return (
    <TextField
      name="email"
      label="Email address"
      type="email"
      autoComplete="email"
      required
      maxLength={LIMITS.email}
      {...props}
    />
  );
}

export function GradeSelect({
  form,
  idPrefix,
  label = "Grade",
}: {
  form: FormState;
  idPrefix?: string;
  label?: string;
}) {
  return (
    <SelectField
      idPrefix={idPrefix}
      name="grade"
      label={label}
      required
      options={GRADES}
      defaultValue={form.valueOf("grade", DEFAULT_GRADE)}
      errors={form.errorsFor("grade")}
    />
  );
}

export function NameField({
  form,
  name,
  label,
  idPrefix,
}: {
  form: FormState;
  name: "studentName" | "parentName";
  label: string;
  idPrefix?: string;
}) {
  return (
    <TextField
      idPrefix={idPrefix}
      name={name}
      label={label}
      required
      autoComplete={name === "parentName" ? "name" : "off"}
      maxLength={LIMITS.name}
      defaultValue={form.valueOf(name)}
      errors={form.errorsFor(name)}
    />
  );
}
