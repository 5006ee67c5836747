import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { EmailField } from "~/components/enquiry-fields";
import { Alert } from "~/components/admin/alert";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeading } from "~/components/admin/page-heading";
import { AdminRouteError } from "~/components/admin/route-error";
import { Button } from "~/components/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/components/ui/field";
import { FORMS } from "~/domain/forms";
import { MESSAGES } from "~/domain/messages";
import { adminSubmissionFailed, loadOrExplain } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import { useFormState } from "~/utils/forms";
import { formValues, parseForm, redirectWithFlash } from "~/utils/forms.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  // Whatever went wrong, the page says the spec's text and still offers the form to set them.
  const loaded = await loadOrExplain(
    context,
    () => context.services.details.get(),
    MESSAGES.details.loadFailed,
  );
  return { details: loaded.data, loadFailed: loaded.error !== null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireAdmin(request, context);
  const values = formValues(await request.formData());
  try {
    await context.services.details.update(parseForm(FORMS.details, values));
  } catch (error) {
    return adminSubmissionFailed(context, error, values, MESSAGES.details.saveFailed);
  }
  return redirectWithFlash(context, "/admin/details", { kind: "success", message: MESSAGES.details.saved });
}

export default function DetailsPage() {
  const { details, loadFailed } = useLoaderData<typeof loader>();
  const form = useFormState();
  return (
    <>
      <AdminPageHeading
        title="Company Details"
        description="The address, email and phone number every page's footer shows to parents."
      />
      <div className="grid gap-8 xl:grid-cols-[minmax(0,42rem)_minmax(0,1fr)]">
        <section aria-labelledby="details-form-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-8">
          <h2 id="details-form-title" className="text-xl">
            Contact details
          </h2>
          <p className="mt-1 text-sm text-ink-soft">All three fields are required.</p>
          <Form method="post" key={form.resetKey} className="mt-6 space-y-5">
            {loadFailed ? <Alert tone="error">{MESSAGES.details.loadFailed}</Alert> : null}
            <FormAlert message={form.failure?.message} />
            <TextAreaField
              {...form.field(FORMS.details.address, details?.address)}
              label="Address"
              rows={6}
              hint="Write it as it should appear, one line per row."
            />
            <EmailField
              defaultValue={form.valueOf("email", details?.email)}
              errors={form.errorsFor("email")}
            />
            <TextField {...form.field(FORMS.details.phone, details?.phone)} label="Phone" />
            <Button type="submit" pending={form.submitting} pendingText="Saving...">
              Save details
            </Button>
          </Form>
        </section>
        <aside
          aria-labelledby="details-preview-title"
          className="self-start rounded-4xl bg-navy-dark p-6 text-white sm:p-8"
        >
          <h2 id="details-preview-title" className="text-lg text-sun">
            In the footer now
          </h2>
          {details ? (
            <address className="mt-3 space-y-2 not-italic text-white/90">
              <p className="whitespace-pre-line">{details.address}</p>
              <p>{details.email}</p>
              <p>{details.phone}</p>
            </address>
          ) : (
            <p className="mt-3 text-white/90">
              Nothing yet: until details are saved, the footer shows &apos;{MESSAGES.details.loading}&apos;.
            </p>
          )}
        </aside>
      </div>
    </>
  );
}

export const meta: MetaFunction = () =>
  adminMeta("Company Details", "The school's address, email and phone shown in the website's footer.");

export function ErrorBoundary() {
  return <AdminRouteError />;
}
