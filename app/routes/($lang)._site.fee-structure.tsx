import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EnrollmentDialogs } from "~/components/enrollment/enrollment-dialogs";
import { FEE_INCLUDE_KEYS } from "~/components/enrollment/fee-includes";
import { FeeList } from "~/components/enrollment/fee-list";
import { ButtonLink } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { SCHOOL } from "~/domain/brand";
import { CONFIRMATION_WORKING_DAYS } from "~/domain/claims";
import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";
import { FEE_STRUCTURE_TEXTS } from "~/domain/texts/fee-structure";
import { translator } from "~/domain/translations";
import { enrollmentAction } from "~/utils/enrollment.server";
import { enrollmentSourceForm } from "~/utils/source-form.server";
import { useLocalHref, useTexts } from "~/utils/language";
import type { PublicDataHandle } from "~/services/public-data.server";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import { availabilities } from "~/domain/seats";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = translator(FEE_STRUCTURE_TEXTS, context.language);
  const [fees, seats, tags] = await Promise.all([
    context.services.grades.list(),
    context.services.seats.summary(),
    context.services.pageTags.page({
      language: context.language,
      path: PUBLIC_PAGES.feeStructure.path,
      title: t("meta.title", { session: SCHOOL.session, school: SCHOOL.name }),
      description: t("meta.description", { session: SCHOOL.session, school: SCHOOL.fullName }),
    }),
  ]);
  return {
    fees,
    seats: availabilities(seats),
    tags,
    sourceForm: enrollmentSourceForm(request, context.language),
  };
}

/**
 * What this page shows of the public data: a stored copy goes when one of these changes ("grades"
 * holds the fees and the seats, which every paid enrollment takes).
 */
export const handle = { publicData: ["grades", "details"] } satisfies PublicDataHandle;

export async function action({ request, context }: ActionFunctionArgs) {
  return enrollmentAction(request, context, PUBLIC_PAGES.feeStructure.path);
}

export default function FeeStructurePage() {
  const { fees, seats } = useLoaderData<typeof loader>();
  const t = useTexts(FEE_STRUCTURE_TEXTS);
  const enrollment = useTexts(ENROLLMENT_TEXTS);
  const local = useLocalHref();
  return (
    <>
      <PageHeader eyebrow={t("header.eyebrow", { session: SCHOOL.session })} title={t("header.title")}>
        {t("header.intro")}
      </PageHeader>
      <div className="container-page grid gap-12 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="fees-title">
          <h2 id="fees-title" className="text-2xl sm:text-3xl">
            {t("fees.title")}
          </h2>
          <p className="mt-2 text-ink-soft">{t("fees.intro", { session: SCHOOL.session })}</p>
          <div className="mt-6">
            <FeeList fees={fees} seats={seats} label={t("fees.label", { session: SCHOOL.session })} />
          </div>
        </section>
        <div className="space-y-8">
          <section aria-labelledby="includes-title" className="rounded-4xl bg-teal-50 p-6 sm:p-8">
            <h2 id="includes-title" className="text-xl">
              {t("includes.title")}
            </h2>
            <dl className="mt-4 space-y-4">
              {FEE_INCLUDE_KEYS.map((key) => (
                <div key={key}>
                  <dt className="font-bold text-teal">{enrollment(`includes.${key}.title`)}</dt>
                  <dd className="mt-1 text-ink-soft">{enrollment(`includes.${key}.detail`)}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="process-title" className="rounded-4xl bg-sun-100 p-6 sm:p-8">
            <h2 id="process-title" className="text-xl">
              {t("process.title")}
            </h2>
            <p className="mt-3 text-ink">{t("process.text", { days: CONFIRMATION_WORKING_DAYS })}</p>
            <Link
              to={local(PUBLIC_PAGES.admissions.path)}
              className="mt-4 inline-block font-bold text-navy underline decoration-coral decoration-2 underline-offset-4 hover:text-coral-dark"
            >
              {t("process.link")}
            </Link>
          </section>
          <ButtonLink to={local(PUBLIC_PAGES.bookDemo.path)} variant="outline" className="w-full">
            {t("demoFirst")}
          </ButtonLink>
        </div>
      </div>
      <EnrollmentDialogs fees={fees} />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
