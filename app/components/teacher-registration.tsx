import { useRef, type MouseEvent } from "react";
import { TextAreaField, TextField } from "~/components/ui/field";
import { FormCard } from "~/components/ui/page-header";
import { LIMITS } from "~/domain/limits";
import { MESSAGES } from "~/domain/messages";

const FIELDS = [
  { name: "name", label: "Name", autoComplete: "name", maxLength: LIMITS.name },
  { name: "city", label: "City", autoComplete: "address-level2", maxLength: LIMITS.city },
  { name: "mobile", label: "Mobile number", type: "tel", autoComplete: "tel", maxLength: 20 },
  { name: "email", label: "Email address", type: "email", autoComplete: "email", maxLength: LIMITS.email },
  {
    name: "experience",
    label: "Teaching experience",
    hint: "For example: 6 years teaching Grade 3 to 5 mathematics.",
    maxLength: LIMITS.name,
  },
] as const;

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
        {FIELDS.map(({ name, ...field }) => (
          <TextField
            key={name}
            idPrefix="teacher"
            name={name}
            className={name === "experience" ? "sm:col-span-2" : undefined}
            {...field}
          />
        ))}
        <TextAreaField
          idPrefix="teacher"
          name="message"
          label="Message"
          maxLength={LIMITS.message}
          className="sm:col-span-2"
        />
      </div>
    </FormCard>
  );
}
