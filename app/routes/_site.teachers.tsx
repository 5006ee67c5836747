import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentHero } from "~/components/content/hero";
import { NumberedList } from "~/components/content/numbered-list";
import { ContentSection } from "~/components/content/section";
import { Illustration } from "~/components/illustrations/illustration";
import { TEACHER_AT_SCREEN } from "~/components/illustrations/pictures";
import { TeacherRegistration } from "~/components/teacher-registration";
import { SCHOOL } from "~/domain/brand";
import { EXTRACURRICULARS_PHRASE, PARENT_MONITORING } from "~/domain/claims";
import { ALL_GRADES } from "~/domain/programs";
import type { PublicDataHandle } from "~/services/public-data.server";

export async function loader({ context }: LoaderFunctionArgs) {
  // Without the school's e-mail the page simply leaves the e-mail line out.
  const details = await context.services.details.get().catch(() => null);
  return { schoolEmail: details?.email ?? null };
}

/** What this page shows of the public data: a stored copy goes when one of these changes. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

const METHODOLOGY = [
  {
    title: "Live, interactive classes",
    text: "You teach real classes in real time: children ask, answer, discuss and work together, with you at the centre of it.",
  },
  {
    title: "Every child at their own pace",
    text: `Between live lessons, students practise at their own pace, and you and their parents can see the ${PARENT_MONITORING}, so no one slips through the cracks.`,
  },
  {
    title: "Multicultural classrooms",
    text: "Your students join from many places and backgrounds, and learn as much from each other as from the lesson plan.",
  },
  {
    title: "Teaching the whole child",
    text: `Academics sit alongside ${EXTRACURRICULARS_PHRASE}, and every teacher helps children grow in confidence and kindness.`,
  },
  {
    title: "International standards, shared growth",
    text: "As an accredited school we plan, review and improve together, and we support our teachers to keep learning too.",
  },
];

export default function TeachersPage() {
  const { schoolEmail } = useLoaderData<typeof loader>();
  return (
    <>
      <ContentHero
        eyebrow="Teach with us"
        title={`Teach at ${SCHOOL.name}, from wherever you are`}
        illustration={<Illustration picture={TEACHER_AT_SCREEN} priority />}
      >
        <p>
          Join the only accredited 100% online school for {ALL_GRADES}, and inspire curious children in live
          classes, without a commute.
        </p>
      </ContentHero>

      <ContentSection
        id="methodology"
        tone="white"
        eyebrow="Teaching environment and methodology"
        title="How we teach"
        intro={
          <p>
            Our classrooms are online, but teaching here is anything but distant. These five ideas shape every
            lesson at {SCHOOL.name}.
          </p>
        }
      >
        <NumberedList items={METHODOLOGY} layout="columns" />
      </ContentSection>

      <div className="container-page max-w-4xl py-14 sm:py-20">
        <TeacherRegistration schoolEmail={schoolEmail} />
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: `Teachers | ${SCHOOL.fullName}` },
  {
    name: "description",
    content: `Teach live online classes at ${SCHOOL.fullName}: our teaching environment, our methodology and how to register your interest.`,
  },
];
