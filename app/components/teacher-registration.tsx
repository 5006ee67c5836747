import { useState, type ChangeEvent } from "react";
import { ConsentField, ContactFields, EnquiryForm } from "~/components/enquiry-fields";
import { TextAreaField, TextField } from "~/components/ui/field";
import { FormCard } from "~/components/ui/page-header";
import { FORMS, TEACHER_CV } from "~/domain/forms";
import { MESSAGES } from "~/domain/messages";
import type { useFormState } from "~/utils/forms";

type FormState = ReturnType<typeof useFormState>;

/** The id of the form's card on the Teachers page, where a post comes back to. */
export const TEACHER_FORM_ID = "teacher-registration";

const { name, city, experience, message } = FORMS.teacher;
const MEGABYTES = TEACHER_CV.maxBytes / 1024 / 1024;

/**
 * The spec's Teacher Registration form: the teacher's details and an optional CV (PDF), posted
 * to the page's action with the bot check. Without JavaScript it is a plain multipart form post;
 * with it, a CV over the size limit is pointed out before anything is uploaded (the server checks
 * the size and the content again either way).
 */
export function TeacherRegistration({ form }: { form: FormState }) {
  const [cvTooLarge, setCvTooLarge] = useState(false);
  const checkCvSize = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const tooLarge = (input.files?.[0]?.size ?? 0) > TEACHER_CV.maxBytes;
    input.setCustomValidity(tooLarge ? MESSAGES.teacher.cvTooLarge(MEGABYTES) : "");
    setCvTooLarge(tooLarge);
  };
  return (
    <FormCard
      id={TEACHER_FORM_ID}
      title={MESSAGES.content.teacherForm}
      description="Tell us a little about yourself and your teaching. Fields marked * are required."
    >
      <EnquiryForm
        form={form}
        errorId="teacher-error"
        submitLabel="Send Registration"
        encType="multipart/form-data"
        // Without JavaScript the answer is a new page: the fragment brings the teacher back to the
        // form (and its messages) at the foot of a long page, rather than to its top.
        action={`/teachers#${TEACHER_FORM_ID}`}
      >
        <TextField idPrefix="teacher" {...form.field(name)} label="Name" />
        <TextField idPrefix="teacher" {...form.field(city)} label="City" />
        <ContactFields form={form} idPrefix="teacher" />
        <TextField
          idPrefix="teacher"
          {...form.field(experience)}
          label="Teaching experience"
          hint="For example: 6 years teaching Grade 3 to 5 mathematics."
          className="sm:col-span-2"
        />
        <TextAreaField
          idPrefix="teacher"
          {...form.field(message)}
          label="Message"
          className="sm:col-span-2"
        />
        <TextField
          idPrefix="teacher"
          name={TEACHER_CV.name}
          label="CV (optional)"
          type="file"
          accept={TEACHER_CV.accept}
          hint={`A PDF file, up to ${MEGABYTES} MB. Only our staff can open it.`}
          errors={cvTooLarge ? [MESSAGES.teacher.cvTooLarge(MEGABYTES)] : form.errorsFor(TEACHER_CV.name)}
          onChange={checkCvSize}
          className="sm:col-span-2"
        />
        <ConsentField form={form} idPrefix="teacher" />
      </EnquiryForm>
    </FormCard>
  );
}
