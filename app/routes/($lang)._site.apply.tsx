import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { AgeCheckNotice, useAgeCheckInput } from "~/components/age-check-notice";
import { SeatList } from "~/components/enrollment/seat-badge";
import {
  ConsentField,
  SourceFields,
  WhatsAppChoiceField,
  ContactFields,
  EnquiryForm,
  GradeSelect,
  NameField,
} from "~/components/enquiry-fields";
import { TextField } from "~/components/ui/field";
import { FormCard, FormPageBody, PageHeader } from "~/components/ui/page-header";
import { ageCheckAnswers } from "~/domain/age-check";
import { SCHOOL } from "~/domain/brand";
import { isoDateInIndia } from "~/domain/format";
import { FORMS } from "~/domain/forms";
import { DEFAULT_GRADE, gradeNamed, type Grade } from "~/domain/grades";
import { availabilities, type GradeAvailability } from "~/domain/seats";
import { APPLY_TEXTS } from "~/domain/texts/apply";
import { FIELD_TEXTS } from "~/domain/texts/fields";
import { SEATS_TEXTS } from "~/domain/texts/seats";
import { translator } from "~/domain/translations";
import { useFormState } from "~/utils/forms";
import { submitForm } from "~/utils/forms.server";
import { sourceForm } from "~/utils/source-form.server";
import { useTexts } from "~/utils/language";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import type { PublicDataHandle } from "~/services/public-data.server";

/**
 * The day the age check goes by, so the browser checks as the action will; each grade's seats;
 * and the grade a link chose (`?grade=grade-3` from a full grade's "Join the waitlist"), when it
 * names one: anything else chooses nothing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = translator(APPLY_TEXTS, context.language);
  const names = { session: SCHOOL.session, school: SCHOOL.name };
  const [seats, tags] = await Promise.all([
    // The form opens without them while the database is away (the sending then says so): the
    // page leaves the seats out, and is not stored so, as the page tags leave the details out.
    context.services.seats.summary().then(availabilities, () => {
      context.addResponseHeaders({ "Cache-Control": "no-store" });
      return null;
    }),
    context.services.pageTags.page({
      language: context.language,
      path: PUBLIC_PAGES.apply.path,
      title: t("meta.title", names),
      description: t("meta.description", { ...names, school: SCHOOL.fullName }),
    }),
  ]);
  return {
    academicYearStart: context.services.applications.academicYearStart,
    chosenGrade: gradeNamed(new URL(request.url).searchParams.get("grade")) ?? DEFAULT_GRADE,
    seats,
    tags,
    sourceForm: sourceForm(request, context.language),
  };
}

/**
 * Its head names the school's contact details and its form each grade's seats: a stored copy goes
 * when either changes.
 */
export const handle = { publicData: ["grades", "details"] } satisfies PublicDataHandle;

export async function action({ request, context }: ActionFunctionArgs) {
  const { applications } = context.services;
  const t = translator(APPLY_TEXTS, context.language);
  return submitForm(request, context, {
    form: FORMS.application,
    // A grade that does not fit the age is sent only once the parent has ticked "send anyway".
    // Signed in, it is the account's: its profile shows it at once.
    run: (input) =>
      applications.create(input, {
        askToConfirm: true,
        userId: context.user?.id,
        language: context.language,
      }),
    // The age check's answers name the child, the day and the grades: said again in the page's language.
    answers: (values, language) =>
      ageCheckAnswers(values, { start: applications.academicYearStart, today: isoDateInIndia(), language }),
    fallback: t("failed"),
    success: t("success"),
    publicForm: "application",
    redirectTo: PUBLIC_PAGES.apply.path,
  });
}

const NEXT_STEPS = ["step.review", "step.call", "step.pay", "step.confirmed"] as const;

export default function ApplyPage() {
  const { academicYearStart, chosenGrade, seats } = useLoaderData<typeof loader>();
  const form = useFormState();
  const t = useTexts(APPLY_TEXTS);
  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
      <PageHeader eyebrow={t("eyebrow", { session: SCHOOL.session })} title={t("title")}>
        {t("intro")}
      </PageHeader>
      <FormPageBody
        aside={
          <aside aria-labelledby="next-steps" className="rounded-4xl bg-sky-50 p-6 sm:p-8">
            <h2 id="next-steps" className="text-xl">
              {t("nextSteps")}
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
                  <span className="pt-1">{t(step)}</span>
                </li>
              ))}
            </ol>
          </aside>
        }
      >
        <FormCard title={t("formTitle")} description={t("required")}>
          <EnquiryForm form={form} errorId="apply-error" submitLabel={t("submit")}>
            <ApplicationFields
              form={form}
              start={academicYearStart}
              today={today}
              chosenGrade={chosenGrade}
              seats={seats}
            />
          </EnquiryForm>
        </FormCard>
      </FormPageBody>
    </>
  );
}

/**
 * The form's fields, with the age check following the date of birth and the grade, and each
 * grade's seats under the grade (a grade with few seats or only a waitlist says so in its option).
 */
function ApplicationFields({
  form,
  start,
  today,
  chosenGrade,
  seats,
}: {
  form: ReturnType<typeof useFormState>;
  start: string;
  today: string;
  chosenGrade: Grade;
  seats: readonly GradeAvailability[] | null;
}) {
  const { input, track } = useAgeCheckInput(form, { studentName: "", dob: "", grade: chosenGrade });
  const t = useTexts(APPLY_TEXTS);
  const fields = useTexts(FIELD_TEXTS);
  const seat = useTexts(SEATS_TEXTS);
  const notes = useMemo(
    () =>
      Object.fromEntries(
        (seats ?? [])
          .filter(({ availability }) => availability !== "AVAILABLE")
          .map(({ grade, availability }) => [grade, seat(`availability.${availability}`)]),
      ),
    [seats, seat],
  );
  return (
    <>
      <NameField form={form} name="studentName" onChange={track("studentName")} />
      <TextField
        {...form.field(FORMS.application.dob)}
        label={fields("label.dob")}
        max={today}
        onChange={track("dob")}
      />
      <GradeSelect
        form={form}
        label={t("gradeLabel")}
        defaultGrade={chosenGrade}
        notes={notes}
        onChange={track("grade")}
      />
      {seats && <SeatList seats={seats} />}
      <AgeCheckNotice form={form} input={input} start={start} />
      <NameField form={form} name="parentName" />
      <ContactFields form={form} />
      <SourceFields form={form} />
      <WhatsAppChoiceField form={form} />
      <ConsentField form={form} child />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
