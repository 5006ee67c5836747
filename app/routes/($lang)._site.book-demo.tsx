import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  ConsentField,
  SourceFields,
  WhatsAppChoiceField,
  ContactFields,
  EnquiryForm,
  GradeSelect,
  NameField,
} from "~/components/enquiry-fields";
import { CheckList } from "~/components/ui/check-list";
import { TextField } from "~/components/ui/field";
import { FormCard, FormPageBody, PageHeader } from "~/components/ui/page-header";
import { SCHOOL } from "~/domain/brand";
import { FORMS } from "~/domain/forms";
import { DEMO_TEXTS } from "~/domain/texts/demo";
import { FIELD_TEXTS } from "~/domain/texts/fields";
import { translator } from "~/domain/translations";
import { useFormState } from "~/utils/forms";
import { submitForm } from "~/utils/forms.server";
import { sourceForm } from "~/utils/source-form.server";
import { useTexts } from "~/utils/language";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import type { PublicDataHandle } from "~/services/public-data.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const t = translator(DEMO_TEXTS, context.language);
  return submitForm(request, context, {
    form: FORMS.demo,
    // Signed in, it is the account's: its profile shows it at once.
    run: (input) =>
      context.services.demos.create(input, { userId: context.user?.id, language: context.language }),
    fallback: t("failed"),
    success: t("success"),
    publicForm: "demo",
    redirectTo: PUBLIC_PAGES.bookDemo.path,
  });
}

const DEMO_PROMISES = ["promise.live", "promise.home", "promise.watch", "promise.free"] as const;

export default function BookDemoPage() {
  const form = useFormState();
  const t = useTexts(DEMO_TEXTS);
  const fields = useTexts(FIELD_TEXTS);
  return (
    <>
      <PageHeader eyebrow={t("eyebrow")} title={t("title", { school: SCHOOL.name })}>
        {t("intro")}
      </PageHeader>
      <FormPageBody
        aside={
          <aside aria-labelledby="demo-includes" className="rounded-4xl bg-sun-100 p-6 sm:p-8">
            <h2 id="demo-includes" className="text-xl">
              {t("includes")}
            </h2>
            <CheckList className="mt-4" items={DEMO_PROMISES.map((promise) => t(promise))} />
          </aside>
        }
      >
        <FormCard title={t("formTitle")} description={t("required")}>
          <EnquiryForm form={form} errorId="demo-error" submitLabel={t("submit")}>
            <NameField form={form} name="parentName" />
            <NameField form={form} name="studentName" />
            <GradeSelect form={form} />
            <ContactFields form={form} />
            <TextField
              {...form.field(FORMS.demo.preferredDateTime)}
              label={fields("label.preferredDateTime")}
              placeholder={fields("help.preferredDateTime")}
            />
            <SourceFields form={form} />
            <WhatsAppChoiceField form={form} />
            <ConsentField form={form} child />
          </EnquiryForm>
        </FormCard>
      </FormPageBody>
    </>
  );
}

/** The page's head (page-tags.server.ts): built on the server, so its texts ship to no browser. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = translator(DEMO_TEXTS, context.language);
  return {
    tags: await context.services.pageTags.page({
      language: context.language,
      path: PUBLIC_PAGES.bookDemo.path,
      title: t("meta.title", { school: SCHOOL.name }),
      description: t("meta.description", { school: SCHOOL.fullName }),
    }),
    sourceForm: sourceForm(request, context.language),
  };
}

/** Its head names the school's contact details: a stored copy goes when they change. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
