import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { WhenCell } from "~/components/admin/cells";
import { ArrowIcon } from "~/components/admin/icons";
import { KIND_ACCENTS, KIND_ICONS } from "~/components/admin/kind-icons";
import { adminMeta } from "~/components/admin/meta";
import { newCountText } from "~/components/admin/notification-bell";
import { AdminPageHeading } from "~/components/admin/page-heading";
import { AdminRouteError } from "~/components/admin/route-error";
import { EmptyState, ErrorState } from "~/components/admin/states";
import { Button } from "~/components/ui/button";
import { BELL_KINDS, RECORD_KINDS, recordPath } from "~/domain/record-kinds";
import type { NotificationItem, NotificationKind } from "~/services/notifications.server";
import { loadOrExplain } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import { formValues, redirectWithFlash } from "~/utils/forms.server";

/** "Mark all as seen": the newest item the page showed, to the microsecond, as the service gave it. */
const markSeen = z.object({ newestAt: z.iso.datetime() });

const LOAD_FAILED = "The notifications could not be loaded. Please try again in a moment.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = requireAdmin(request, context);
  // Only reads: opening the page marks nothing as seen (the button below does).
  return loadOrExplain(context, () => context.services.notifications.list(admin.id), LOAD_FAILED);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = requireAdmin(request, context);
  const input = markSeen.safeParse(formValues(await request.formData()));
  if (!input.success) {
    return redirectWithFlash(context, "/admin/notifications", {
      kind: "error",
      message: "Nothing was marked as seen: the page was out of date. Please look at it again and retry.",
    });
  }
  await context.services.notifications.markSeen(admin.id, input.data.newestAt);
  return redirectWithFlash(context, "/admin/notifications", {
    kind: "success",
    message: "Marked as seen. Anything that arrived after the page was shown is still new.",
  });
}

function KindSection({
  kind,
  count,
  items,
}: {
  kind: NotificationKind;
  count: number;
  items: NotificationItem[];
}) {
  const { adminPath, bell } = RECORD_KINDS[kind];
  const Icon = KIND_ICONS[kind];
  const headingId = `notifications-${kind}`;
  return (
    <section aria-labelledby={headingId} className="rounded-4xl bg-white p-6 shadow-soft sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id={headingId} className="flex items-center gap-3 text-xl">
          <span
            className={`flex h-10 w-10 flex-none items-center justify-center rounded-2xl ${KIND_ACCENTS[kind]}`}
          >
            <Icon className="h-5 w-5" />
          </span>
          <span>
            {bell.heading}: {count === 0 ? "nothing new" : `${newCountText(count)} new`}
          </span>
        </h2>
        <Link
          to={adminPath}
          className="inline-flex items-center gap-1.5 font-bold text-navy underline-offset-4 hover:underline"
        >
          {bell.allText}
          <ArrowIcon className="h-4 w-4" />
        </Link>
      </div>
      {items.length > 0 ? (
        <ul className="mt-2 divide-y divide-navy/10">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
              <Link
                to={recordPath(kind, item.id)}
                className="min-w-0 break-words font-bold text-navy underline-offset-4 hover:underline"
              >
                {item.title}
                <span className="font-normal text-ink-soft">, {item.detail}</span>
              </Link>
              <span className="text-sm text-ink-soft">
                <WhenCell at={item.at} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {count > items.length ? (
        <p className="mt-2 text-sm text-ink-soft">
          The newest {items.length} are listed here; the rest are in the full list.
        </p>
      ) : null}
    </section>
  );
}

export default function NotificationsPage() {
  const { data: notifications, error } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const marking = navigation.state !== "idle" && navigation.formAction === "/admin/notifications";
  const newestAt = notifications?.newestAt;
  return (
    <>
      <AdminPageHeading
        title="Notifications"
        description="What arrived since you last marked notifications as seen: applications, demo requests, teacher applications and paid orders. Opening this page does not mark anything as seen; only the button does."
        actions={
          newestAt ? (
            <Form method="post" action="/admin/notifications">
              <input type="hidden" name="newestAt" value={newestAt} />
              <Button type="submit" variant="secondary" pending={marking} pendingText="Marking…">
                Mark all as seen
              </Button>
            </Form>
          ) : null
        }
      />
      {!notifications ? (
        <ErrorState message={error} />
      ) : newestAt ? (
        <div className="grid gap-5">
          {/* Newest first within each kind, in the registry's order; orders are new when they were paid. */}
          {BELL_KINDS.map((kind) => (
            <KindSection
              key={kind}
              kind={kind}
              count={notifications.counts[kind]}
              items={notifications.items[kind]}
            />
          ))}
        </div>
      ) : (
        <EmptyState title="Nothing new">
          New applications, demo requests, teacher applications and paid orders will be listed here, and
          counted on the bell at the top.
        </EmptyState>
      )}
    </>
  );
}

export const meta: MetaFunction = () =>
  adminMeta(
    "Notifications",
    "New applications, demo requests, teacher applications and paid orders since you last looked.",
  );

export function ErrorBoundary() {
  return <AdminRouteError />;
}
