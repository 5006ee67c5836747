import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ContentHero } from "~/components/content/hero";
import { NumberedList } from "~/components/content/numbered-list";
import { ContentSection } from "~/components/content/section";
import { Illustration } from "~/components/illustrations/illustration";
import { TEACHER_AT_SCREEN } from "~/components/illustrations/pictures";
import { TEACHER_FORM_ID, TeacherRegistration } from "~/components/teacher-registration";
import { SCHOOL } from "~/domain/brand";
import { TEACHER_CV } from "~/domain/forms";
import { localHref } from "~/domain/languages";
import { CONTENT_TEXTS } from "~/domain/texts/content";
import { TEACHERS_TEXTS } from "~/domain/texts/teachers";
import { translator } from "~/domain/translations";
import { useFormState } from "~/utils/forms";
import { checkPublicForm, redirectWithFlash, submissionFailed } from "~/utils/forms.server";
import { useTexts } from "~/utils/language";
import { readFormWithFile } from "~/utils/upload.server";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import type { PublicDataHandle } from "~/services/public-data.server";

/** The page's head (page-tags.server.ts): built on the server, so its texts ship to no browser. */
export async function loader({ context }: LoaderFunctionArgs) {
  const t = translator(TEACHERS_TEXTS, context.language);
  return {
    tags: await context.services.pageTags.page({
      language: context.language,
      path: PUBLIC_PAGES.teachers.path,
      title: t("meta.title", { school: SCHOOL.fullName }),
      description: t("meta.description", { school: SCHOOL.fullName }),
    }),
  };
}

/**
 * The teacher registration: its text fields and optional CV (multipart), the public form's bot
 * check and rate limit, then the service checks fields and CV together and stores them, in the
 * page's language, with the two mails. Success comes back to the form (on the page in its
 * language) with a message; a failure shows the form again with the typed values (a file cannot
 * be kept) and a message beside each field, in the page's language.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const t = translator(TEACHERS_TEXTS, context.language);
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
    return submissionFailed(context, error, values, t("failed"));
  }
  return redirectWithFlash(context, localHref(context.language, `/teachers#${TEACHER_FORM_ID}`), {
    kind: "success",
    message: t("success"),
  });
}

/** The five ideas of "How we teach", by their texts' keys. */
const METHODOLOGY = ["live", "pace", "multicultural", "wholeChild", "standards"] as const;

export default function TeachersPage() {
  const form = useFormState();
  const t = useTexts(TEACHERS_TEXTS);
  const content = useTexts(CONTENT_TEXTS);
  const claims = {
    monitoring: content("claim.parentMonitoring"),
    extracurriculars: content("claim.extracurriculars"),
  };
  const methodology = METHODOLOGY.map((idea) => ({
    title: t(`method.${idea}.title`),
    text: t(`method.${idea}.text`, claims),
  }));
  return (
    <>
      <ContentHero
        eyebrow={t("eyebrow")}
        title={t("title", { school: SCHOOL.name })}
        illustration={<Illustration picture={TEACHER_AT_SCREEN} priority />}
      >
        <p>{t("intro", { grades: content("allGrades") })}</p>
      </ContentHero>

      <ContentSection
        id="methodology"
        tone="white"
        eyebrow={t("method.eyebrow")}
        title={t("method.title")}
        intro={<p>{t("method.intro", { school: SCHOOL.name })}</p>}
      >
        <NumberedList items={methodology} layout="columns" />
      </ContentSection>

      <div className="container-page max-w-4xl py-14 sm:py-20">
        <TeacherRegistration form={form} />
      </div>
    </>
  );
}

/** Its head names the school's contact details: a stored copy goes when they change. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
