import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { WhenCell } from "~/components/admin/cells";
import { DataTable } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeading } from "~/components/admin/page-heading";
import { AdminRouteError } from "~/components/admin/route-error";
import { ErrorState } from "~/components/admin/states";
import { StatusBadge, type Tone } from "~/components/admin/status-badge";
import { Button } from "~/components/ui/button";
import { controlClasses, FormAlert } from "~/components/ui/field";
import { inputProps, type FieldSpec } from "~/domain/field-spec";
import { FORMS } from "~/domain/forms";
import { gradeSlug } from "~/domain/grades";
import { MESSAGES } from "~/domain/messages";
import { seatAvailability, type GradeSeats, type SeatAvailability } from "~/domain/seats";
import { SEATS_TEXTS } from "~/domain/texts/seats";
import { adminSubmissionFailed, loadOrExplain } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import { useFormState, type FormFailure } from "~/utils/forms";
import { formValues, redirectWithFlash } from "~/utils/forms.server";
import { seatsGrade } from "~/utils/route-input.server";

/** Enough to see who changed what lately; every change stays on /admin/history. */
const RECENT_CHANGES = 10;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  // Read as they are this moment (not the public pages' cached copy): staff set them from here.
  const [grades, changes] = await Promise.all([
    loadOrExplain(context, () => context.services.seats.current(), MESSAGES.seats.loadFailed),
    loadOrExplain(
      context,
      () => context.services.history.recentOf("GRADE", RECENT_CHANGES),
      MESSAGES.seats.historyFailed,
    ),
  ]);
  return { grades, changes };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = requireAdmin(request, context);
  const values = formValues(await request.formData());
  let saved: GradeSeats;
  try {
    saved = await context.services.seats.set(seatsGrade(values.grade), values, admin.id);
  } catch (error) {
    return adminSubmissionFailed(context, error, values, MESSAGES.seats.saveFailed);
  }
  return redirectWithFlash(context, "/admin/seats", {
    kind: "success",
    message: MESSAGES.seats.saved(saved.grade, saved.seats, saved.reserved),
  });
}

/** The colour of what the public pages say of a grade (their English words, from its texts). */
const AVAILABILITY_TONE: Record<SeatAvailability, Tone> = {
  AVAILABLE: "green",
  FEW: "yellow",
  WAITLIST: "red",
};

export default function SeatsPage() {
  const { grades, changes } = useLoaderData<typeof loader>();
  const { failure } = useFormState();
  return (
    <>
      <AdminPageHeading
        title="Seats"
        description="Each grade's seats for the admission session and how many are kept for admissions under the RTE Act, section 12(1)(c). Families see only what the last column says."
      />
      {failure ? (
        <div className="mb-6">
          <FormAlert
            message={failure.values.grade ? `${failure.values.grade}: ${failure.message}` : failure.message}
          />
        </div>
      ) : null}
      {grades.error !== null ? (
        <ErrorState message={grades.error} />
      ) : (
        <DataTable
          caption="Seats of each grade"
          rowKey={(row) => row.grade}
          rows={grades.data}
          columns={[
            { header: "Grade", cell: (row) => <span className="font-bold text-ink">{row.grade}</span> },
            { header: "Seats", cell: (row) => row.seats },
            { header: "Reserved (RTE)", cell: (row) => row.reserved },
            { header: "Enrolled", cell: (row) => row.admitted },
            {
              header: "Offered",
              // Seats held for a parent paying at the fee page count as offered here: neither is free.
              cell: (row) => row.offered + row.held,
            },
            { header: "Free", cell: (row) => row.available },
            { header: "Waiting", cell: (row) => row.waitlisted },
            {
              header: "Public pages say",
              cell: (row) => {
                const availability = seatAvailability(row);
                return (
                  <StatusBadge
                    status={availability}
                    label={SEATS_TEXTS.en[`availability.${availability}`]}
                    tone={AVAILABILITY_TONE[availability]}
                  />
                );
              },
            },
            {
              header: "Change",
              cell: (row) => <SeatsForm row={row} failure={failure} />,
            },
          ]}
        />
      )}
      <RecentChanges changes={changes} />
    </>
  );
}

/**
 * One grade's seats and reserved seats, posted to this page's action: a plain form without
 * JavaScript, a client-side submission with it. A refused submission shows its messages and the
 * numbers typed in its own row only; after a save the row shows the stored numbers again.
 */
function SeatsForm({ row, failure }: { row: GradeSeats; failure: FormFailure | undefined }) {
  const navigation = useNavigation();
  const location = useLocation();
  const mine = failure?.values.grade === row.grade ? failure : undefined;
  const submitting = navigation.state === "submitting" && navigation.formData?.get("grade") === row.grade;
  const idPrefix = `seats-${gradeSlug(row.grade)}`;
  const fields = [
    { spec: FORMS.seats.seats, label: "Seats", named: "", stored: row.seats },
    { spec: FORMS.seats.reserved, label: "Reserved", named: " (RTE)", stored: row.reserved },
  ].map((field) => ({
    ...field,
    id: `${idPrefix}-${field.spec.name}`,
    errors: mine?.errors[field.spec.name],
    value: mine?.values[field.spec.name] ?? String(field.stored),
  }));
  return (
    <Form method="post" preventScrollReset key={mine?.id ?? location.key} className="grid gap-2">
      <input type="hidden" name="grade" value={row.grade} />
      <div className="flex items-end gap-2">
        {fields.map((field) => (
          <NumberInput
            key={field.id}
            id={field.id}
            spec={field.spec}
            defaultValue={field.value}
            invalid={Boolean(field.errors?.length)}
            label={
              <>
                {field.label}
                <span className="sr-only">
                  {field.named} in {row.grade}
                </span>
              </>
            }
          />
        ))}
        <Button type="submit" size="sm" className="mb-1.5" pending={submitting} pendingText="Saving...">
          Save<span className="sr-only"> {row.grade}</span>
        </Button>
      </div>
      {fields.map((field) =>
        field.errors?.length ? (
          <p
            key={field.id}
            id={`${field.id}-error`}
            className="text-sm font-semibold text-coral-dark lg:max-w-[16rem]"
          >
            {field.errors[0]}
          </p>
        ) : null,
      )}
    </Form>
  );
}

/** A small labelled number input; its message, if any, is under the row (`{id}-error`). */
function NumberInput({
  id,
  spec,
  label,
  defaultValue,
  invalid,
}: {
  id: string;
  spec: FieldSpec;
  label: ReactNode;
  defaultValue: string;
  invalid: boolean;
}) {
  return (
    <div className="w-20 flex-none">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        {...inputProps(spec)}
        id={id}
        defaultValue={defaultValue}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className={controlClasses(invalid)}
      />
    </div>
  );
}

/** The last changes to any grade's seats, newest first, with who made them. */
function RecentChanges({ changes }: { changes: ReturnType<typeof useLoaderData<typeof loader>>["changes"] }) {
  return (
    <section
      aria-labelledby="seat-changes-title"
      className="mt-8 rounded-4xl bg-white p-6 shadow-soft sm:p-8"
    >
      <h2 id="seat-changes-title" className="text-xl">
        Recent changes
      </h2>
      <p className="mt-1 text-ink-soft">
        The last {RECENT_CHANGES} changes to any grade&apos;s seats; all of them are in the History.
      </p>
      {changes.error !== null ? (
        <p role="alert" className="mt-4 font-semibold text-coral-dark">
          {changes.error}
        </p>
      ) : changes.data.length === 0 ? (
        <p className="mt-4 text-ink-soft">No change yet: every grade has the seats it started with.</p>
      ) : (
        <ol className="mt-4 divide-y divide-navy/10 border-t border-navy/10" aria-label="Recent seat changes">
          {changes.data.map((change) => (
            <li key={change.id} className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-6">
              <div className="text-sm text-ink-soft">
                <WhenCell at={change.createdAt} />
                <span className="block font-semibold text-ink">
                  {change.actorName ?? "A removed account"}
                </span>
              </div>
              <div className="min-w-0">
                <span className="font-bold text-ink">{change.recordId}</span>
                <span className="block text-sm">{change.note}</span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export const meta: MetaFunction = () =>
  adminMeta("Seats", "Each grade's seats, the seats kept for RTE admissions, and what the public pages say.");

export function ErrorBoundary() {
  return <AdminRouteError />;
}
