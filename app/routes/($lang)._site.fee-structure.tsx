import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EnrollmentDialogs } from "~/components/enrollment/enrollment-dialogs";
import { FEE_INCLUDES } from "~/components/enrollment/fee-includes";
import { FeeList } from "~/components/enrollment/fee-list";
import { ButtonLink } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { SCHOOL } from "~/domain/brand";
import { enrollmentAction } from "~/utils/enrollment.server";
import type { PublicDataHandle } from "~/services/public-data.server";
import { PUBLIC_PAGES } from "~/domain/public-pages";

export async function loader({ context }: LoaderFunctionArgs) {
  const [fees, tags] = await Promise.all([
    context.services.grades.list(),
    context.services.pageTags.page({
      language: context.language,
      path: PUBLIC_PAGES.feeStructure.path,
      title: `Fee structure ${SCHOOL.session} | ${SCHOOL.name}`,
      description: `Yearly fees for every grade at ${SCHOOL.fullName}, Nursery to Grade 8, for ${SCHOOL.session}: live classes, recorded lessons, extracurriculars and progress monitoring included. Enroll online.`,
    }),
  ]);
  return { fees, tags };
}

/** What this page shows of the public data: a stored copy goes when one of these changes. */
export const handle = { publicData: ["grades", "details"] } satisfies PublicDataHandle;

export async function action({ request, context }: ActionFunctionArgs) {
  return enrollmentAction(request, context, "/fee-structure");
}

export default function FeeStructurePage() {
  const { fees } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader eyebrow={`Admissions ${SCHOOL.session}`} title="Fee structure">
        One yearly fee per grade covers everything your child needs to learn with us. Enroll online in a few
        minutes.
      </PageHeader>
      <div className="container-page grid gap-12 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="fees-title">
          <h2 id="fees-title" className="text-2xl sm:text-3xl">
            Yearly fees by grade
          </h2>
          <p className="mt-2 text-ink-soft">
            Fees are in Indian rupees for the full {SCHOOL.session} school year, paid online by credit card,
            debit card or online banking.
          </p>
          <div className="mt-6">
            <FeeList fees={fees} label={`Yearly fee for each grade, ${SCHOOL.session}`} />
          </div>
        </section>
        <div className="space-y-8">
          <section aria-labelledby="includes-title" className="rounded-4xl bg-teal-50 p-6 sm:p-8">
            <h2 id="includes-title" className="text-xl">
              What the fee includes
            </h2>
            <dl className="mt-4 space-y-4">
              {FEE_INCLUDES.map((item) => (
                <div key={item.title}>
                  <dt className="font-bold text-teal">{item.title}</dt>
                  <dd className="mt-1 text-ink-soft">{item.detail}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="process-title" className="rounded-4xl bg-sun-100 p-6 sm:p-8">
            <h2 id="process-title" className="text-xl">
              Applying for admission
            </h2>
            <p className="mt-3 text-ink">
              Fill in the admission form, pay the admission fee online and receive a confirmation e-mail.
              Admission is confirmed within 2 working days.
            </p>
            <Link
              to="/admissions"
              className="mt-4 inline-block font-bold text-navy underline decoration-coral decoration-2 underline-offset-4 hover:text-coral-dark"
            >
              See the admission process
            </Link>
          </section>
          <ButtonLink to="/book-demo" variant="outline" className="w-full">
            Book a free demo first
          </ButtonLink>
        </div>
      </div>
      <EnrollmentDialogs fees={fees} />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
