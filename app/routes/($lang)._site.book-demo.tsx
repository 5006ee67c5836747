import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  ConsentField,
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
import { MESSAGES } from "~/domain/messages";
import { useFormState } from "~/utils/forms";
import { submitForm } from "~/utils/forms.server";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import type { PublicDataHandle } from "~/services/public-data.server";

export async function action({ request, context }: ActionFunctionArgs) {
  return submitForm(request, context, {
    form: FORMS.demo,
    // Signed in, it is the account's: its profile shows it at once.
    run: (input) => context.services.demos.create(input, { userId: context.user?.id, language: context.language }),
    fallback: MESSAGES.demo.failed,
    success: MESSAGES.demo.success,
    publicForm: "demo",
    redirectTo: "/book-demo",
  });
}

const DEMO_PROMISES = [
  "A live class with one of our teachers",
  "Your child joins from home on a laptop, tablet or phone",
  "You watch how lessons, activities and progress tracking work",
  "No payment and no obligation",
];

export default function BookDemoPage() {
  const form = useFormState();
  return (
    <>
      <PageHeader eyebrow="Free demo class" title="See a Zipat class for yourself">
        Book a free demo and let your child try a real online lesson before you decide.
      </PageHeader>
      <FormPageBody
        aside={
          <aside aria-labelledby="demo-includes" className="rounded-4xl bg-sun-100 p-6 sm:p-8">
            <h2 id="demo-includes" className="text-xl">
              Your free demo includes
            </h2>
            <CheckList className="mt-4" items={DEMO_PROMISES} />
          </aside>
        }
      >
        <FormCard
          title="Book a Free Demo"
          description="All fields are required. We will call you to confirm the time."
        >
          <EnquiryForm form={form} errorId="demo-error" submitLabel="Book Free Demo">
            <NameField form={form} name="parentName" label="Parent's name" />
            <NameField form={form} name="studentName" label="Student's name" />
            <GradeSelect form={form} />
            <ContactFields form={form} />
            <TextField
              {...form.field(FORMS.demo.preferredDateTime)}
              label="Preferred date and time"
              placeholder="Tomorrow at 4 PM"
            />
            <ConsentField form={form} child />
          </EnquiryForm>
        </FormCard>
      </FormPageBody>
    </>
  );
}

/** The page's head (page-tags.server.ts): built on the server, so its texts ship to no browser. */
export async function loader({ context }: LoaderFunctionArgs) {
  return {
    tags: await context.services.pageTags.page({
      language: context.language,
      path: PUBLIC_PAGES.bookDemo.path,
      title: `Book a free demo class | ${SCHOOL.name}`,
      description: `Book a free live demo class at ${SCHOOL.fullName} for your child, Nursery to Grade 8.`,
    }),
  };
}

/** Its head names the school's contact details: a stored copy goes when they change. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
