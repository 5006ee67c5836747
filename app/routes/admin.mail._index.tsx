import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { WhenCell } from "~/components/admin/cells";
import { AdminListPage } from "~/components/admin/list-page";
import { MailAddress, MailKindCell, type MailAudience } from "~/components/admin/mail-labels";
import { MailStatusCounts, NotDeliveringNotice } from "~/components/admin/mail-notices";
import { adminMeta } from "~/components/admin/meta";
import { AdminRouteError } from "~/components/admin/route-error";
import { EmptyState } from "~/components/admin/states";
import { StatusBadge } from "~/components/admin/status-badge";
import { MAIL_STATUSES } from "~/domain/statuses";
import { MAIL_AUDIENCE } from "~/mail/templates.server";
import { loadAdminPage } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/auth.server";

const LIST_FAILED = "Failed to fetch mails. Please try again later.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const { mail } = context.services;
  const audienceOf = MAIL_AUDIENCE as Record<string, MailAudience | undefined>;
  const loaded = await loadAdminPage(
    request,
    context,
    async (query) => {
      const [page, ...counts] = await Promise.all([
        mail.listPage(query),
        ...MAIL_STATUSES.map((status) => mail.count(status)),
      ]);
      return {
        ...page,
        rows: page.rows.map((row) => ({ ...row, audience: audienceOf[row.kind] ?? null })),
        counts: Object.fromEntries(MAIL_STATUSES.map((status, index) => [status, counts[index] ?? 0])),
      };
    },
    LIST_FAILED,
  );
  return { ...loaded, delivering: mail.delivering };
}

export default function MailPage() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <AdminListPage
      title="Mail"
      counted={{ one: "mail", many: "mails" }}
      loaded={loaded}
      caption="Mails sent by the website"
      rowKey={(row) => row.id}
      notice={
        <>
          {loaded.delivering ? null : <NotDeliveringNotice />}
          {loaded.data ? <MailStatusCounts counts={loaded.data.counts} /> : null}
        </>
      }
      empty={
        <EmptyState title="No mail yet">
          Every mail the website sends (confirmations to parents, alerts to staff, password links) appears
          here, newest first, with whether it went out.
        </EmptyState>
      }
      columns={[
        { header: "Created", cell: (row) => <WhenCell at={row.createdAt} /> },
        { header: "Recipient", cell: (row) => <MailAddress address={row.toAddress} /> },
        {
          header: "Subject",
          className: "lg:min-w-[11rem]",
          cell: (row) => (
            <Link
              to={`/admin/mail/${row.id}`}
              className="font-bold text-navy underline underline-offset-2 hover:text-navy-dark"
            >
              {row.subject}
            </Link>
          ),
        },
        { header: "Kind", cell: (row) => <MailKindCell kind={row.kind} audience={row.audience} /> },
        { header: "Status", cell: (row) => <StatusBadge status={row.status} /> },
        { header: "Attempts", cell: (row) => row.attempts },
        {
          header: "Last error",
          className: "lg:min-w-[10rem]",
          cell: (row) =>
            row.lastError ? (
              <span className="line-clamp-3 break-words text-sm text-coral-dark">{row.lastError}</span>
            ) : (
              <span className="text-ink-soft">None</span>
            ),
        },
      ]}
    />
  );
}

export const meta: MetaFunction = () =>
  adminMeta("Mail", "Every mail the website sends: to whom, whether it went out, and what went wrong.");

export function ErrorBoundary() {
  return <AdminRouteError />;
}
