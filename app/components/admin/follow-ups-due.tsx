import { Link } from "@remix-run/react";
import { formatLongDay } from "~/domain/format";
import type { DueFollowUps } from "~/services/follow-ups.server";
import { DueMarker } from "./follow-up";

/**
 * The dashboard's "Follow-ups" (issue 40 point 3): what is overdue and due today, per person who
 * set it, each a link to its record with its day and note; an empty state when nothing is due.
 */
export function FollowUpsDue({ due }: { due: DueFollowUps }) {
  const listed = due.groups.reduce((sum, group) => sum + group.items.length, 0);
  return (
    <section aria-labelledby="follow-ups-title" className="mt-8 rounded-4xl bg-white p-6 shadow-soft sm:p-8">
      <h2 id="follow-ups-title" className="text-xl">
        Follow-ups
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        {`Calls overdue or due today (${formatLongDay(due.today)}), by who set them. Set one on an application's or demo request's page.`}
      </p>
      {due.total === 0 ? (
        <p className="mt-6 rounded-3xl border-2 border-dashed border-navy/15 px-6 py-8 text-center text-ink-soft">
          Nothing overdue or due today.
        </p>
      ) : (
        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          {due.groups.map((group) => {
            const name = group.name ?? "A removed account";
            return (
              <section key={group.setBy ?? "removed"} aria-label={`Set by ${name}`}>
                <h3 className="text-base font-bold text-ink">
                  {name} <span className="font-normal text-ink-soft">({group.items.length})</span>
                </h3>
                <ul className="mt-2 divide-y divide-navy/10 border-y border-navy/10">
                  {group.items.map((item) => (
                    <li key={item.id} className="flex flex-col gap-1 py-3">
                      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                        <Link
                          to={item.path}
                          className="break-words font-semibold text-navy underline-offset-4 hover:underline"
                        >
                          {item.label}
                        </Link>
                        <DueMarker dueOn={item.dueOn} today={due.today} />
                      </span>
                      <span className="text-sm text-ink-soft">
                        Call back by {formatLongDay(item.dueOn)}
                        {item.note ? <span className="break-words text-ink">: {item.note}</span> : null}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
          {due.total > listed ? (
            <p className="text-sm text-ink-soft lg:col-span-2">
              {due.total - listed} more are not listed here: the earliest are shown first.
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
