import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { ContactFields, EnquiryForm, GradeSelect, NameField } from "~/components/enquiry-fields";
import { TextField } from "~/components/ui/field";
import { FormCard, FormPageBody, PageHeader } from "~/components/ui/page-header";
import { SCHOOL } from "~/domain/brand";
import { FORMS } from "~/domain/forms";
import { MESSAGES } from "~/domain/messages";
import { useFormState } from "~/utils/forms";
import { submitForm } from "~/utils/forms.server";

export async function action({ request, context }: ActionFunctionArgs) {
  return submitForm(request, context, {
    form: FORMS.application,
    run: (input) => context.services.applications.create(input),
    fallback: MESSAGES.application.failed,
    success: MESSAGES.application.success,
    publicForm: "application",
    redirectTo: "/apply",
  });
}

const NEXT_STEPS = [
  "Our admissions team reviews your application.",
  "We call or email you to confirm the grade and answer your questions.",
  "You pay the admission fee by card or online banking and receive a confirmation email.",
  "Admission is confirmed within 2 working days.",
];

export default function ApplyPage() {
  const form = useFormState();
  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
      <PageHeader eyebrow={`Admissions open ${SCHOOL.session}`} title="Apply for admission">
        Seats are open in every grade from Nursery to Grade 8. It takes about two minutes.
      </PageHeader>
      <FormPageBody
        aside={
          <aside aria-labelledby="next-steps" className="rounded-4xl bg-sky-50 p-6 sm:p-8">
            <h2 id="next-steps" className="text-xl">
              What happens next
            </h2>
            <ol className="mt-4 space-y-4">
              {NEXT_STEPS.map((step, index) => (
                <li key={step} className="flex gap-3">
                  <span
                    className="flex h-8 w-8 flex-none items-center justify-center rounded-full bg-sun font-black text-ink"
                    aria-hidden="true"
                  >
                    {index + 1}
                  </span>
                  <span className="pt-1">{step}</span>
                </li>
              ))}
            </ol>
          </aside>
        }
      >
        <FormCard title="Student Admission Form" description="Fields marked * are required.">
          <EnquiryForm form={form} errorId="apply-error" submitLabel="Submit Application">
            <NameField form={form} name="studentName" label="Student's name" />
            <TextField {...form.field(FORMS.application.dob)} label="Date of birth" max={today} />
            <GradeSelect form={form} label="Grade applying for" />
            <NameField form={form} name="parentName" label="Parent's name" />
            <ContactFields form={form} />
          </EnquiryForm>
        </FormCard>
      </FormPageBody>
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: `Apply for admission ${SCHOOL.session} | ${SCHOOL.name}` },
  {
    name: "description",
    content: `Apply online for admission to ${SCHOOL.fullName}, Nursery to Grade 8, session ${SCHOOL.session}.`,
  },
];
