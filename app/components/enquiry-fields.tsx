import { Form, useLoaderData } from "@remix-run/react";
import { useMemo, type ChangeEventHandler, type ReactNode } from "react";
import { GRADES, DEFAULT_GRADE, type Grade } from "~/domain/grades";
import { inputProps } from "~/domain/field-spec";
import { PRIVACY_NOTICE_PATH, PRIVACY_NOTICE_VERSION } from "~/domain/privacy";
import { hasHindi } from "~/domain/public-pages";
import { SHARED_FIELDS } from "~/domain/shared-fields";
import { FIELD_TEXTS } from "~/domain/texts/fields";
import { gradeLabel } from "~/domain/texts/grades";
import { BotCheck } from "~/components/bot-check";
import { Button } from "~/components/ui/button";
import { FormAlert, SelectField, TextField } from "~/components/ui/field";
import type { useFormState } from "~/utils/forms";
import type { SourceForm } from "~/utils/source-form.server";
import { useLanguage, useLocalHref, useTexts } from "~/utils/language";

type FormState = ReturnType<typeof useFormState>;

/**
 * A public enquiry form (admission, demo, teacher registration): posted to its page's action with
 * the bot check, the failed submission's message above the fields, and the submit button below them.
 */
export function EnquiryForm({
  form,
  errorId,
  submitLabel,
  encType,
  action,
  children,
}: {
  form: FormState;
  /** The id of the failure message, which the form is described by while it shows. */
  errorId: string;
  submitLabel: string;
  /** "multipart/form-data" for a form with a file input. */
  encType?: "multipart/form-data";
  /** Where it posts, when not to the page itself as it is (say, with a fragment to come back to). */
  action?: string;
  children: ReactNode;
}) {
  const t = useTexts(FIELD_TEXTS);
  return (
    <Form
      method="post"
      encType={encType}
      action={action}
      key={form.resetKey}
      className="grid gap-5 sm:grid-cols-2"
      aria-describedby={form.failure ? errorId : undefined}
    >
      <BotCheck />
      <div className="sm:col-span-2">
        <FormAlert id={errorId} message={form.failure?.message} />
      </div>
      {children}
      <div className="sm:col-span-2">
        <Button
          type="submit"
          size="lg"
          pending={form.submitting}
          pendingText={t("form.submitting")}
          className="w-full sm:w-auto"
        >
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

/** The parent-contact fields every public form shares, named as the API names them. */
export function ContactFields({ form, idPrefix }: { form: FormState; idPrefix?: string }) {
  const { mobile } = SHARED_FIELDS;
  const t = useTexts(FIELD_TEXTS);
  return (
    <>
      <TextField
        idPrefix={idPrefix}
        {...form.field(mobile)}
        label={t("label.mobile")}
        placeholder="98765 43210"
      />
      <EmailField idPrefix={idPrefix} defaultValue={form.valueOf("email")} errors={form.errorsFor("email")} />
    </>
  );
}

/** The e-mail field of every form (enquiries, enrollment, login, register); `label` in the page's language. */
export function EmailField(props: {
  idPrefix?: string;
  defaultValue?: string;
  errors?: readonly string[];
  label?: string;
}) {
  const t = useTexts(FIELD_TEXTS);
  return <TextField {...inputProps(SHARED_FIELDS.email)} label={t("label.email")} {...props} />;
}

/** The grade to choose: the options post the grade's English name, and show it in the page's language. */
export function GradeSelect({
  form,
  idPrefix,
  label,
  defaultGrade = DEFAULT_GRADE,
  notes,
  onChange,
}: {
  form: FormState;
  idPrefix?: string;
  /** "Grade" unless given. */
  label?: string;
  /** Chosen until the parent picks another (a link may name the grade). */
  defaultGrade?: Grade;
  /** Said after a grade's name in its option ("Grade 2 — Few seats left"). */
  notes?: Partial<Record<Grade, string>>;
  onChange?: ChangeEventHandler<HTMLSelectElement>;
}) {
  const { grade } = SHARED_FIELDS;
  const t = useTexts(FIELD_TEXTS);
  const language = useLanguage();
  const options = useMemo(
    () =>
      GRADES.map((value) => {
        const name = gradeLabel(value, language);
        const note = notes?.[value];
        return { value, label: note ? `${name} — ${note}` : name };
      }),
    [language, notes],
  );
  return (
    <SelectField
      idPrefix={idPrefix}
      name={grade.name}
      required={grade.required}
      label={label ?? t("label.grade")}
      options={options}
      defaultValue={form.valueOf(grade.name, defaultGrade)}
      errors={form.errorsFor(grade.name)}
      onChange={onChange}
    />
  );
}

export function NameField({
  form,
  name,
  label,
  idPrefix,
  onChange,
}: {
  form: FormState;
  name: "studentName" | "parentName";
  /** The field's own label ("Student's name", "Parent's name") unless given. */
  label?: string;
  idPrefix?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
}) {
  const t = useTexts(FIELD_TEXTS);
  return (
    <TextField
      idPrefix={idPrefix}
      {...form.field(SHARED_FIELDS[name])}
      label={label ?? t(`label.${name}`)}
      onChange={onChange}
    />
  );
}

/**
 * "Send me updates on WhatsApp" (issue 39): a box the family may tick, unticked by default and
 * after a refusal unless they had ticked it; separate from the consent below it.
 */
export function WhatsAppChoiceField({ form, idPrefix = "field" }: { form: FormState; idPrefix?: string }) {
  const t = useTexts(FIELD_TEXTS);
  const { name } = SHARED_FIELDS.whatsappUpdates;
  const help = `${idPrefix}-${name}-help`;
  return (
    <div className="sm:col-span-2">
      <label className="flex gap-3 text-sm font-semibold">
        <input
          type="checkbox"
          name={name}
          defaultChecked={form.valueOf(name) === "on"}
          aria-describedby={help}
          className="mt-0.5 h-5 w-5 flex-none accent-navy"
        />
        {t("label.whatsappUpdates")}
      </label>
      <p id={help} className="ml-8 mt-1 text-sm text-ink-soft">
        {t("help.whatsappUpdates")}
      </p>
    </div>
  );
}

/**
 * The consent of a form that takes personal data (decision 0036): a required box beside a link to
 * the privacy notice, and the notice's version as a hidden field, always the current one. After a
 * refusal the box stays ticked unless the version was refused: a changed notice is read and
 * agreed to again. `child`: a parent's details about their child (all but the teachers' form).
 */
export function ConsentField({
  form,
  child,
  idPrefix = "field",
}: {
  form: FormState;
  child?: boolean;
  idPrefix?: string;
}) {
  const versionErrors = form.errorsFor("noticeVersion");
  const errors = versionErrors ?? form.errorsFor("consent");
  const id = `${idPrefix}-consent`;
  const t = useTexts(FIELD_TEXTS);
  const local = useLocalHref();
  // The notice in the page's language once it has one; until then the English notice, not a 404.
  const privacyNotice = hasHindi(PRIVACY_NOTICE_PATH) ? local(PRIVACY_NOTICE_PATH) : PRIVACY_NOTICE_PATH;
  return (
    <div className="sm:col-span-2">
      <input type="hidden" name="noticeVersion" value={PRIVACY_NOTICE_VERSION} />
      <label className="flex gap-3 text-sm">
        <input
          type="checkbox"
          name="consent"
          value="yes"
          required
          defaultChecked={!versionErrors && form.valueOf("consent") === "yes"}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? `${id}-error` : undefined}
          className="mt-0.5 h-5 w-5 flex-none accent-navy"
        />
        <span>
          {child ? t("consent.child") : null}
          {t("consent.agree")}{" "}
          <a href={privacyNotice} className="font-semibold underline">
            {t("consent.link")}
          </a>{" "}
          {t("consent.after")}
        </span>
      </label>
      {errors ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-coral-dark">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Where the family came from (issue 40): the landing address's campaign and referring site as
 * hidden fields, and "How did you hear about us?" with a short box for "Other". All from the
 * page loader's `sourceForm` (app/utils/source-form.server.ts), texts included. The box shows
 * only while "Other" is chosen, by CSS alone, so it works with JavaScript off; a browser without
 * `:has()` simply always shows it.
 */
export function SourceFields({ form, idPrefix }: { form: FormState; idPrefix?: string }) {
  const { sourceForm } = useLoaderData<{ sourceForm?: SourceForm }>();
  if (!sourceForm) return null;
  return (
    // `contents`: its fields take their places in the form's own grid, one column or two.
    <div className="contents [&:has(option[value=OTHER]:not(:checked))>:last-child]:hidden">
      {Object.entries(sourceForm.values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SelectField
        idPrefix={idPrefix}
        name="heardAbout"
        label={sourceForm.label}
        options={sourceForm.options}
        defaultValue={form.valueOf("heardAbout")}
        errors={form.errorsFor("heardAbout")}
      />
      <TextField
        idPrefix={idPrefix}
        name="heardAboutOther"
        label={sourceForm.otherLabel}
        maxLength={sourceForm.otherMaxLength}
        defaultValue={form.valueOf("heardAboutOther")}
        errors={form.errorsFor("heardAboutOther")}
      />
    </div>
  );
}
