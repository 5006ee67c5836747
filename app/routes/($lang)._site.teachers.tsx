import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ContentHero } from "~/components/content/hero";
import { NumberedList } from "~/components/content/numbered-list";
import { ContentSection } from "~/components/content/section";
import { Illustration } from "~/components/illustrations/illustration";
import { TEACHER_AT_SCREEN } from "~/components/illustrations/pictures";
import { TEACHER_FORM_ID, TeacherRegistration } from "~/components/teacher-registration";
import { SCHOOL } from "~/domain/brand";
import { EXTRACURRICULARS_PHRASE, PARENT_MONITORING } from "~/domain/claims";
import { TEACHER_CV } from "~/domain/forms";
import { MESSAGES } from "~/domain/messages";
import { ALL_GRADES } from "~/domain/programs";
import { useFormState } from "~/utils/forms";
import { checkPublicForm, redirectWithFlash, submissionFailed } from "~/utils/forms.server";
import { readFormWithFile } from "~/utils/upload.server";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import type { PublicDataHandle } from "~/services/public-data.server";

/**
 * The teacher registration: its text fields and optional CV (multipart), the public form's bot
 * check and rate limit, then the service checks fields and CV together and stores them with the
 * two mails. Success comes back to the form with a message; a failure shows the form again with
 * the typed values (a file cannot be kept) and a message beside each field.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  let values: Record<string, string> = {};
  try {
    // A body that cannot be read is the form's 400 with the parser's message, nothing typed to keep.
    const form = await readFormWithFile(request, TEACHER_CV);
    values = form.values;
    await checkPublicForm(context, values, "teacher");
    await context.services.teacherApplications.submit(
      values,
      form.file && { fileName: form.file.name, bytes: form.file.bytes },
      context.language,
    );
  } catch (error) {
    return submissionFailed(context, error, values, MESSAGES.teacher.failed);
  }
  return redirectWithFlash(context, `/teachers#${TEACHER_FORM_ID}`, {
    kind: "success",
    message: MESSAGES.teacher.success,
  });
}

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
  const form = useFormState();
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
        <TeacherRegistration form={form} />
      </div>
    </>
  );
}

/** The page's head (page-tags.server.ts): built on the server, so its texts ship to no browser. */
export async function loader({ context }: LoaderFunctionArgs) {
  return {
    tags: await context.services.pageTags.page({
      language: context.language,
      path: PUBLIC_PAGES.teachers.path,
      title: `Teachers | ${SCHOOL.fullName}`,
      description: `Teach live online classes at ${SCHOOL.fullName}: our teaching environment, our methodology, and register to teach with us.`,
    }),
  };
}

/** Its head names the school's contact details: a stored copy goes when they change. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
