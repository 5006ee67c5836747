import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useContentActions } from "~/components/content/apply-band";
import { DataTable } from "~/components/content/data-table";
import { NumberedList } from "~/components/content/numbered-list";
import { SeatBadge } from "~/components/enrollment/seat-badge";
import { ContentSection } from "~/components/content/section";
import { ButtonLink } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { SCHOOL } from "~/domain/brand";
import { CONFIRMATION_WORKING_DAYS } from "~/domain/claims";
import { EVALUATION_TEST } from "~/domain/grades";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import { availabilities } from "~/domain/seats";
import { ADMISSIONS_TEXTS } from "~/domain/texts/admissions";
import { ADMISSION_STEP_NUMBERS, CONTENT_TEXTS } from "~/domain/texts/content";
import { GRADE_TEXTS } from "~/domain/texts/grades";
import { SEATS_TEXTS } from "~/domain/texts/seats";
import { translator } from "~/domain/translations";
import type { PublicDataHandle } from "~/services/public-data.server";
import { useLocalHref, useTexts } from "~/utils/language";
import { pageHead } from "~/utils/page-head.server";

const SUBJECTS = Object.keys(EVALUATION_TEST.marks) as (keyof typeof EVALUATION_TEST.marks)[];

/** The page's head (page-tags.server.ts), in the address's language, and each grade's seats. */
export async function loader({ context }: LoaderFunctionArgs) {
  const t = translator(ADMISSIONS_TEXTS, context.language);
  const names = { session: SCHOOL.session, school: SCHOOL.fullName };
  const [head, seats] = await Promise.all([
    pageHead(context, {
      path: PUBLIC_PAGES.admissions.path,
      title: t("meta.title", names),
      description: t("meta.description", names),
    }),
    context.services.seats.summary(),
  ]);
  return { ...head, seats: availabilities(seats) };
}

export default function AdmissionsPage() {
  const { seats } = useLoaderData<typeof loader>();
  const t = useTexts(ADMISSIONS_TEXTS);
  const seat = useTexts(SEATS_TEXTS);
  const content = useTexts(CONTENT_TEXTS);
  const grades = useTexts(GRADE_TEXTS);
  const local = useLocalHref();
  const actions = useContentActions();
  const steps = ADMISSION_STEP_NUMBERS.map((step) => ({
    title: content(`step${step}.title`),
    text: content(`step${step}.text`, { days: CONFIRMATION_WORKING_DAYS }),
  }));
  return (
    <>
      <PageHeader eyebrow={t("header.eyebrow", { session: SCHOOL.session })} title={t("header.title")}>
        {t("header.intro", { grades: content("allGrades") })}
      </PageHeader>

      <ContentSection
        id="age-eligibility"
        eyebrow={t("age.eyebrow")}
        title={t("age.title")}
        intro={<p>{t("age.intro")}</p>}
      >
        <div className="max-w-2xl">
          <DataTable
            caption={t("age.caption")}
            columns={[t("column.grade"), t("column.age"), seat("column")]}
            rows={seats.map(({ grade, availability }) => [
              grades(grade),
              grades(`age.${grade}`),
              <SeatBadge key="seats" availability={availability} wraps />,
            ])}
          />
        </div>
      </ContentSection>

      <ContentSection
        id="evaluation-test"
        tone="white"
        eyebrow={t("test.eyebrow")}
        title={t("test.title")}
        intro={
          <p>
            {t("test.intro", {
              from: grades(EVALUATION_TEST.grades[0]!),
              to: grades(EVALUATION_TEST.grades.at(-1)!),
            })}
          </p>
        }
      >
        <DataTable
          caption={t("test.caption")}
          columns={[
            t("column.grade"),
            ...SUBJECTS.map((subject) => t(`subject.${subject}`)),
            t("column.total"),
          ]}
          rows={EVALUATION_TEST.grades.map((grade) => [
            grades(grade),
            ...SUBJECTS.map((subject) => EVALUATION_TEST.marks[subject]),
            EVALUATION_TEST.total,
          ])}
          centred
        />
      </ContentSection>

      <ContentSection
        id="process"
        eyebrow={t("process.eyebrow")}
        title={t("process.title")}
        intro={<p>{t("process.intro")}</p>}
      >
        <NumberedList items={steps} layout="steps" />
        <div className="mt-10 flex flex-wrap items-center gap-x-6 gap-y-4">
          <ButtonLink to={local(actions.apply.to)} size="lg">
            {actions.apply.label}
          </ButtonLink>
          <p className="text-ink-soft">
            {t("process.feesFirst")}{" "}
            <Link
              to={local(PUBLIC_PAGES.feeStructure.path)}
              className="font-bold text-navy underline underline-offset-4 hover:text-coral-dark"
            >
              {t("process.feesLink")}
            </Link>
          </p>
        </div>
      </ContentSection>
    </>
  );
}

/**
 * Its head names the school's contact details and its table each grade's seats: a stored copy
 * goes when either changes (seats are "grades": set by staff, taken by every paid enrollment).
 */
export const handle = { publicData: ["grades", "details"] } satisfies PublicDataHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
