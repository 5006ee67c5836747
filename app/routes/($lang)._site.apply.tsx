import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AgeCheckNotice, useAgeCheckInput } from "~/components/age-check-notice";
import {
  ConsentField,
  ContactFields,
  EnquiryForm,
  GradeSelect,
  NameField,
} from "~/components/enquiry-fields";
import { TextField } from "~/components/ui/field";
import { FormCard, FormPageBody, PageHeader } from "~/components/ui/page-header";
import { SCHOOL } from "~/domain/brand";
import { FORMS } from "~/domain/forms";
import { DEFAULT_GRADE } from "~/domain/grades";
import { MESSAGES } from "~/domain/messages";
import { useFormState } from "~/utils/forms";
import { submitForm } from "~/utils/forms.server";
import { PUBLIC_PAGES } from "~/domain/public-pages";

/** The day the age check goes by, so the browser checks as the action will. */
export async function loader({ context }: LoaderFunctionArgs) {
  return {
    academicYearStart: context.services.applications.academicYearStart,
    tags: await context.services.pageTags.page({
      language: context.language,
      path: PUBLIC_PAGES.apply.path,
      title: `Apply for admission ${SCHOOL.session} | ${SCHOOL.name}`,
      description: `Apply online for admission to ${SCHOOL.fullName}, Nursery to Grade 8, session ${SCHOOL.session}.`,
    }),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitForm(request, context, {
    form: FORMS.application,
    // A grade that does not fit the age is sent only once the parent has ticked "send anyway".
    // Signed in, it is the account's: its profile shows it at once.
    run: (input) =>
      context.services.applications.create(input, {
        askToConfirm: true,
        userId: context.user?.id,
        language: context.language,
      }),
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
  const { academicYearStart } = useLoaderData<typeof loader>();
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
            <ApplicationFields form={form} start={academicYearStart} today={today} />
          </EnquiryForm>
        </FormCard>
      </FormPageBody>
    </>
  );
}

/** The form's fields, with the age check following the date of birth and the grade. */
function ApplicationFields({
  form,
  start,
  today,
}: {
  form: ReturnType<typeof useFormState>;
  start: string;
  today: string;
}) {
  const { input, track } = useAgeCheckInput(form, { studentName: "", dob: "", grade: DEFAULT_GRADE });
  return (
    <>
      <NameField form={form} name="studentName" label="Student's name" onChange={track("studentName")} />
      <TextField
        {...form.field(FORMS.application.dob)}
        label="Date of birth"
        max={today}
        onChange={track("dob")}
      />
      <GradeSelect form={form} label="Grade applying for" onChange={track("grade")} />
      <AgeCheckNotice form={form} input={input} start={start} />
      <NameField form={form} name="parentName" label="Parent's name" />
      <ContactFields form={form} />
      <ConsentField form={form} child />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
