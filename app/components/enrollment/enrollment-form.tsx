import { Form } from "@remix-run/react";
import { BotCheck } from "~/components/bot-check";
import {
  ConsentField,
  ContactFields,
  NameField,
  SourceFields,
  WhatsAppChoiceField,
} from "~/components/enquiry-fields";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/field";
import { Modal } from "~/components/ui/modal";
import { SCHOOL } from "~/domain/brand";
import type { Grade } from "~/domain/grades";
import { formatRupees } from "~/domain/format";
import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";
import { FIELD_TEXTS } from "~/domain/texts/fields";
import { GRADE_TEXTS } from "~/domain/texts/grades";
import { useFormState } from "~/utils/forms";
import { useLanguage, useTexts } from "~/utils/language";

const ID_PREFIX = "enroll";

/**
 * The enrollment form in its dialog. It posts to the page's own action (which keeps
 * `?enroll=…`, so a refused submission re-opens it with the values and messages) and sends the
 * fee the parent saw as `amount`: if the school changed it meanwhile, the server says so.
 * The grade is posted as the school names it (`Grade 4`) in every language; a page in another
 * language shows its own name for it in the read-only field, which then posts nothing.
 */
export function EnrollmentForm({ grade, fee, closeTo }: { grade: Grade; fee: number; closeTo: string }) {
  const form = useFormState();
  const language = useLanguage();
  const t = useTexts(ENROLLMENT_TEXTS);
  const fields = useTexts(FIELD_TEXTS);
  const shownGrade = useTexts(GRADE_TEXTS)(grade);
  const price = formatRupees(fee, language);
  const gradePosted = shownGrade === grade;
  return (
    <Modal title={t("form.title", { grade: shownGrade })} closeTo={closeTo} describedBy="enroll-summary">
      <p id="enroll-summary" className="text-ink-soft">
        {t("form.summaryBefore", { grade: shownGrade, session: SCHOOL.session })}
        <strong className="text-ink">{price}</strong>
        {t("form.summaryAfter")}
      </p>
      <Form
        method="post"
        preventScrollReset
        key={form.resetKey}
        className="mt-6 grid gap-4"
        aria-describedby={form.failure ? "enroll-error" : undefined}
      >
        <FormAlert id="enroll-error" message={form.failure?.message} />
        <input type="hidden" name="amount" value={fee} />
        {gradePosted ? null : <input type="hidden" name="grade" value={grade} />}
        <BotCheck />
        <TextField
          idPrefix={ID_PREFIX}
          name={gradePosted ? "grade" : "gradeShown"}
          label={fields("label.grade")}
          value={shownGrade}
          readOnly
          required
          className="[&_input]:bg-navy-50"
          errors={form.errorsFor("grade")}
        />
        <NameField form={form} idPrefix={ID_PREFIX} name="studentName" label={fields("label.studentName")} />
        <NameField form={form} idPrefix={ID_PREFIX} name="parentName" label={fields("label.parentName")} />
        <ContactFields form={form} idPrefix={ID_PREFIX} />
        <SourceFields form={form} idPrefix={ID_PREFIX} />
        <WhatsAppChoiceField form={form} idPrefix={ID_PREFIX} />
        <ConsentField form={form} child idPrefix={ID_PREFIX} />
        <Button
          type="submit"
          pending={form.submitting}
          pendingText={t("form.processing")}
          className="mt-2 w-full"
        >
          {t("form.confirm", { fee: price })}
        </Button>
      </Form>
    </Modal>
  );
}
