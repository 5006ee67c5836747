import { useState, type ChangeEvent } from "react";
import { ConsentField, ContactFields, EnquiryForm } from "~/components/enquiry-fields";
import { TextAreaField, TextField } from "~/components/ui/field";
import { FormCard } from "~/components/ui/page-header";
import { FORMS, TEACHER_CV } from "~/domain/forms";
import { TEACHERS_TEXTS } from "~/domain/texts/teachers";
import type { useFormState } from "~/utils/forms";
import { useLocalHref, useTexts } from "~/utils/language";

type FormState = ReturnType<typeof useFormState>;

/** The id of the form's card on the Teachers page, where a post comes back to. */
export const TEACHER_FORM_ID = "teacher-registration";

const { name, city, experience, message } = FORMS.teacher;

/**
 * The spec's Teacher Registration form: the teacher's details and an optional CV (PDF), posted
 * to the page's action with the bot check. Without JavaScript it is a plain multipart form post;
 * with it, a CV over the size limit is pointed out before anything is uploaded (the server checks
 * the size and the content again either way).
 */
export function TeacherRegistration({ form }: { form: FormState }) {
  const t = useTexts(TEACHERS_TEXTS);
  const local = useLocalHref();
  const [cvTooLarge, setCvTooLarge] = useState(false);
  const checkCvSize = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const tooLarge = (input.files?.[0]?.size ?? 0) > TEACHER_CV.maxBytes;
    input.setCustomValidity(tooLarge ? t("cvTooLarge") : "");
    setCvTooLarge(tooLarge);
  };
  return (
    <FormCard id={TEACHER_FORM_ID} title={t("form.title")} description={t("form.description")}>
      <EnquiryForm
        form={form}
        errorId="teacher-error"
        submitLabel={t("form.submit")}
        encType="multipart/form-data"
        // Without JavaScript the answer is a new page: the fragment brings the teacher back to the
        // form (and its messages) at the foot of a long page, rather than to its top.
        action={local(`/teachers#${TEACHER_FORM_ID}`)}
      >
        <TextField idPrefix="teacher" {...form.field(name)} label={t("label.name")} />
        <TextField idPrefix="teacher" {...form.field(city)} label={t("label.city")} />
        <ContactFields form={form} idPrefix="teacher" />
        <TextField
          idPrefix="teacher"
          {...form.field(experience)}
          label={t("label.experience")}
          hint={t("help.experience")}
          className="sm:col-span-2"
        />
        <TextAreaField
          idPrefix="teacher"
          {...form.field(message)}
          label={t("label.message")}
          className="sm:col-span-2"
        />
        <TextField
          idPrefix="teacher"
          name={TEACHER_CV.name}
          label={t("label.cv")}
          type="file"
          accept={TEACHER_CV.accept}
          hint={t("help.cv")}
          errors={cvTooLarge ? [t("cvTooLarge")] : form.errorsFor(TEACHER_CV.name)}
          onChange={checkCvSize}
          className="sm:col-span-2"
        />
        <ConsentField form={form} idPrefix="teacher" />
      </EnquiryForm>
    </FormCard>
  );
}
