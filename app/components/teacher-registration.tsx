import { useRef, type MouseEvent } from "react";
import { TextAreaField, TextField } from "~/components/ui/field";
import { FormCard } from "~/components/ui/page-header";
import { inputProps } from "~/domain/field-spec";
import { FORMS } from "~/domain/forms";
import { MESSAGES } from "~/domain/messages";

const { name, city, mobile, email, experience, message } = FORMS.teacher;
const FIELDS = [
  { field: name, label: "Name" },
  { field: city, label: "City" },
  { field: mobile, label: "Mobile number" },
  { field: email, label: "Email address" },
  {
    field: experience,
    label: "Teaching experience",
    hint: "For example: 6 years teaching Grade 3 to 5 mathematics.",
  },
];

const SUBJECT = "Teacher registration";

/** The e-mail a teacher sends themselves: the subject, and whatever they typed into the fields. */
function draftMailto(schoolEmail: string, fields: HTMLElement | null): string {
  const lines = Array.from(
    fields?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea") ?? [],
  )
    .filter((control) => control.value.trim())
    .map((control) => `${control.labels?.[0]?.textContent ?? control.name}: ${control.value.trim()}`);
  const body = lines.length
    ? `&body=${encodeURIComponent(`${lines.join("\n")}\n\n(My CV is attached.)`)}`
    : "";
  return `mailto:${schoolEmail}?subject=${encodeURIComponent(SUBJECT)}${body}`;
}

/**
 * The spec's Teacher Registration form. Registrations are not stored yet, so this is not a
 * <form> and has no submit button: nothing here can look as if it was sent. The school's e-mail,
 * when known, is the honest way to apply now; with JavaScript the e-mail is drafted from what the
 * teacher typed.
 */
export function TeacherRegistration({ schoolEmail }: { schoolEmail: string | null }) {
  const fields = useRef<HTMLDivElement>(null);
  const openDraft = (event: MouseEvent<HTMLAnchorElement>) => {
    if (schoolEmail) event.currentTarget.href = draftMailto(schoolEmail, fields.current);
  };
  return (
    <FormCard
      title={MESSAGES.content.teacherForm}
      description="Tell us a little about yourself and your teaching."
    >
      <div
        id="teacher-registration-status"
        className="rounded-2xl border-2 border-navy/15 bg-sky-50 p-4 sm:p-5"
      >
        <p className="font-bold text-navy">Online teacher registration opens soon.</p>
        <p className="mt-1 text-ink">
          This page does not send or store your details yet.
          {schoolEmail ? (
            <>
              {" "}
              To register now, email your CV and these details to{" "}
              <a
                href={draftMailto(schoolEmail, null)}
                onClick={openDraft}
                className="font-bold text-navy underline underline-offset-2 hover:text-coral-dark"
              >
                {schoolEmail}
              </a>
              .
            </>
          ) : null}
        </p>
      </div>
      <div
        ref={fields}
        role="group"
        aria-labelledby="form-title"
        aria-describedby="teacher-registration-status"
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        {FIELDS.map(({ field, ...shown }) => (
          <TextField
            key={field.name}
            idPrefix="teacher"
            {...inputProps(field)}
            className={field === experience ? "sm:col-span-2" : undefined}
            {...shown}
          />
        ))}
        <TextAreaField
          idPrefix="teacher"
          {...inputProps(message)}
          label="Message"
          className="sm:col-span-2"
        />
      </div>
    </FormCard>
  );
}
