import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/meta";
import { AdminListPage } from "~/components/admin/list-page";
import { ChannelsNotice, MessageFilters, messageColumns } from "~/components/admin/messages";
import { AdminRouteError } from "~/components/admin/route-error";
import { EmptyState } from "~/components/admin/states";
import { parseMessageFilter } from "~/domain/message-filter";
import { loadAdminPage, type Loaded } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/auth.server";

const LIST_FAILED = "Failed to fetch messages. Please try again later.";
const FILTERS_REFUSED = "These filters cannot be used. Please correct them above and try again.";

/**
 * Every WhatsApp and SMS update the site sent or is sending (issue 39 point 6), newest first,
 * filtered by status (tabs) and channel. Filters it cannot use answer 400 with the reason, no rows.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const { updatesAdmin } = context.services;
  const parsed = parseMessageFilter(new URL(request.url).searchParams);
  const channels = updatesAdmin.channels;
  if (!parsed.ok) {
    const loaded: Loaded<Awaited<ReturnType<typeof updatesAdmin.listPage>>> = {
      data: null,
      error: FILTERS_REFUSED,
    };
    return data({ loaded, values: parsed.values, errors: parsed.errors, channels }, { status: 400 });
  }
  const loaded = await loadAdminPage(
    request,
    context,
    ({ page }) => updatesAdmin.listPage({ ...parsed.filter, page }),
    LIST_FAILED,
  );
  return data({ loaded, values: parsed.values, errors: {}, channels }, { status: 200 });
}

export default function MessagesPage() {
  const { loaded, values, errors, channels } = useLoaderData<typeof loader>();
  return (
    <AdminListPage
      title="Messages"
      counted={{ one: "WhatsApp or SMS update", many: "WhatsApp and SMS updates" }}
      loaded={loaded}
      caption="WhatsApp and SMS updates sent to families"
      rowKey={(row) => row.id}
      notice={
        <>
          <ChannelsNotice channels={channels} />
          <MessageFilters values={values} errors={errors} counts={loaded.data?.counts ?? null} />
        </>
      }
      empty={
        <EmptyState title={values.status || values.channel ? "No message matches" : "No message yet"}>
          Every update sent to a family on WhatsApp or by SMS (an application received, a seat offered, a
          payment) appears here, newest first, with how far it got.
        </EmptyState>
      }
      columns={messageColumns({ withAbout: true })}
    />
  );
}

export const meta: MetaFunction = () =>
  adminMeta(
    "Messages",
    "Every WhatsApp and SMS update to families: to whom, how far it got, and what went wrong.",
  );

export function ErrorBoundary() {
  return <AdminRouteError />;
}
