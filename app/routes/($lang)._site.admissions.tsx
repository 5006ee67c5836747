import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useContentActions } from "~/components/content/apply-band";
import { DataTable } from "~/components/content/data-table";
import { NumberedList } from "~/components/content/numbered-list";
import { ContentSection } from "~/components/content/section";
import { ButtonLink } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { SCHOOL } from "~/domain/brand";
import { ADMISSION_STEPS } from "~/domain/claims";
import { AGE_ELIGIBILITY, EVALUATION_TEST, GRADES } from "~/domain/grades";
import { ALL_GRADES } from "~/domain/programs";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import type { PublicDataHandle } from "~/services/public-data.server";
import { pageHead } from "~/utils/page-head.server";

const SUBJECTS = Object.keys(EVALUATION_TEST.marks) as (keyof typeof EVALUATION_TEST.marks)[];

export default function AdmissionsPage() {
  const actions = useContentActions();
  return (
    <>
      <PageHeader eyebrow={`Admissions open ${SCHOOL.session}`} title="Admissions">
        Seats are open in every grade from {ALL_GRADES}. Check the age for each grade, see how the short
        evaluation test works, and apply online in four simple steps.
      </PageHeader>

      <ContentSection
        id="age-eligibility"
        eyebrow="Who can join"
        title="Age eligibility"
        intro={<p>Each grade welcomes children in the age range below.</p>}
      >
        <div className="max-w-2xl">
          <DataTable
            caption="Age eligibility by grade"
            columns={["Grade", "Age"]}
            rows={GRADES.map((grade) => [grade, AGE_ELIGIBILITY[grade]])}
          />
        </div>
      </ContentSection>

      <ContentSection
        id="evaluation-test"
        tone="white"
        eyebrow="Evaluation test"
        title="A short evaluation test"
        intro={
          <p>
            Children joining {EVALUATION_TEST.grades[0]} to {EVALUATION_TEST.grades.at(-1)} take a short
            evaluation test in English, Mathematics and Science, so their teacher knows where to begin.
          </p>
        }
      >
        <DataTable
          caption="Evaluation test marks by grade"
          columns={["Grade", ...SUBJECTS, "Total"]}
          rows={EVALUATION_TEST.grades.map((grade) => [
            grade,
            ...SUBJECTS.map((subject) => EVALUATION_TEST.marks[subject]),
            EVALUATION_TEST.total,
          ])}
          centred
        />
      </ContentSection>

      <ContentSection
        id="process"
        eyebrow="How to apply"
        title="The admission process"
        intro={<p>Four steps from the form to a confirmed seat.</p>}
      >
        <NumberedList items={ADMISSION_STEPS} layout="steps" />
        <div className="mt-10 flex flex-wrap items-center gap-x-6 gap-y-4">
          <ButtonLink to={actions.apply.to} size="lg">
            {actions.apply.label}
          </ButtonLink>
          <p className="text-ink-soft">
            Want to know the fees first?{" "}
            <Link
              to="/fee-structure"
              className="font-bold text-navy underline underline-offset-4 hover:text-coral-dark"
            >
              See the fee structure
            </Link>
          </p>
        </div>
      </ContentSection>
    </>
  );
}

/** The page's head (page-tags.server.ts): built on the server, so its texts ship to no browser. */
export async function loader({ context }: LoaderFunctionArgs) {
  return pageHead(context, {
    path: PUBLIC_PAGES.admissions.path,
    title: `Admissions ${SCHOOL.session} | ${SCHOOL.fullName}`,
    description: `Admissions are open for ${SCHOOL.session} at ${SCHOOL.fullName}: age eligibility, the evaluation test and the four-step admission process.`,
  });
}

/** Its head names the school's contact details: a stored copy goes when they change. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
