import { GRADES, DEFAULT_GRADE } from "~/domain/grades";
import { inputProps, SHARED_FIELDS } from "~/domain/forms";
import { SelectField, TextField } from "~/components/ui/field";
import type { useFormState } from "~/utils/forms";

type FormState = ReturnType<typeof useFormState>;

/** The parent-contact fields every public form shares, named as the API names them. */
export function ContactFields({ form, idPrefix }: { form: FormState; idPrefix?: string }) {
  const { mobile } = SHARED_FIELDS;
  return (
    <>
      <TextField
        idPrefix={idPrefix}
        {...inputProps(mobile)}
        label="Mobile number"
        placeholder="98765 43210"
        defaultValue={form.valueOf(mobile.name)}
        errors={form.errorsFor(mobile.name)}
      />
      <EmailField idPrefix={idPrefix} defaultValue={form.valueOf("email")} errors={form.errorsFor("email")} />
    </>
  );
}

/** The e-mail field of every form (enquiries, enrollment, login, register). */
export function EmailField(props: { idPrefix?: string; defaultValue?: string; errors?: readonly string[] }) {
  return <TextField {...inputProps(SHARED_FIELDS.email)} label="Email address" {...props} />;
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
  const { grade } = SHARED_FIELDS;
  return (
    <SelectField
      idPrefix={idPrefix}
      name={grade.name}
      required={grade.required}
      label={label}
      options={GRADES}
      defaultValue={form.valueOf(grade.name, DEFAULT_GRADE)}
      errors={form.errorsFor(grade.name)}
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
      {...inputProps(SHARED_FIELDS[name])}
      label={label}
      defaultValue={form.valueOf(name)}
      errors={form.errorsFor(name)}
    />
  );
}
