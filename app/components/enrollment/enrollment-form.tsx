import { Form } from "@remix-run/react";
import { BotCheck } from "~/components/bot-check";
import { ConsentField, ContactFields, NameField } from "~/components/enquiry-fields";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/field";
import { Modal } from "~/components/ui/modal";
import { SCHOOL } from "~/domain/brand";
import type { Grade } from "~/domain/grades";
import { MESSAGES } from "~/domain/messages";
import { formatRupees } from "~/domain/format";
import { useFormState } from "~/utils/forms";

const ID_PREFIX = "enroll";

/**
 * The enrollment form in its dialog. It posts to the page's own action (which keeps
 * `?enroll=…`, so a refused submission re-opens it with the values and messages) and sends the
 * fee the parent saw as `amount`: if the school changed it meanwhile, the server says so.
 */
export function EnrollmentForm({ grade, fee, closeTo }: { grade: Grade; fee: number; closeTo: string }) {
  const form = useFormState();
  const price = formatRupees(fee);
  return (
    <Modal title={`Enroll in ${grade}`} closeTo={closeTo} describedBy="enroll-summary">
      <p id="enroll-summary" className="text-ink-soft">
        The yearly fee for {grade} in {SCHOOL.session} is <strong className="text-ink">{price}</strong>. Fill
        in the details below to enroll and pay online.
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
        <BotCheck />
        <TextField
          idPrefix={ID_PREFIX}
          name="grade"
          label="Grade"
          value={grade}
          readOnly
          required
          className="[&_input]:bg-navy-50"
          errors={form.errorsFor("grade")}
        />
        <NameField form={form} idPrefix={ID_PREFIX} name="studentName" label="Student's name" />
        <NameField form={form} idPrefix={ID_PREFIX} name="parentName" label="Parent's name" />
        <ContactFields form={form} idPrefix={ID_PREFIX} />
        <ConsentField form={form} child idPrefix={ID_PREFIX} />
        <Button type="submit" pending={form.submitting} pendingText="Processing..." className="mt-2 w-full">
          {MESSAGES.enrollment.confirmButton(price)}
        </Button>
      </Form>
    </Modal>
  );
}
