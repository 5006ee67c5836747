import { Form } from "@remix-run/react";
import { AdminSearchBox } from "./admin-search-box";
import { LogoutIcon } from "./icons";
import { NotificationBell } from "./notification-bell";

/** Shown when the account has no name or role to show (spec section 2). */
const ADMIN_FALLBACK = { name: "Admin User", role: "ADMIN" } as const;

/**
 * The admin top bar: the search box (results while typing, a results page on Enter), the bell
 * (new items since this admin last looked, a link to them), who is signed in, and Logout, which
 * posts to /logout and lands on /login.
 */
export function TopBar({
  user,
  newNotifications,
}: {
  user: { name?: string | null; role?: string | null };
  /** What the bell shows: new items since this admin last looked (null: could not be counted). */
  newNotifications: number | null;
}) {
  const name = user.name?.trim() || ADMIN_FALLBACK.name;
  const role = user.role?.trim() || ADMIN_FALLBACK.role;
  return (
    <header className="sticky top-0 z-30 border-b border-navy/10 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="flex min-h-16 flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 md:min-h-20 md:flex-nowrap md:px-8">
        <AdminSearchBox />

        <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-4">
          <NotificationBell count={newNotifications} />
          <div className="flex min-w-0 items-center gap-2 sm:gap-2.5">
            <span
              className="flex h-10 w-10 flex-none items-center justify-center rounded-full bg-coral text-lg font-black uppercase text-white"
              aria-hidden="true"
            >
              {name.charAt(0)}
            </span>
            <span className="flex min-w-0 flex-col leading-tight">
              <span className="truncate text-sm font-bold text-navy sm:text-base">{name}</span>
              <span className="text-xs font-bold uppercase tracking-wider text-ink-soft">{role}</span>
            </span>
          </div>
          <Form method="post" action="/logout" className="flex-none">
            <input type="hidden" name="redirectTo" value="/login" />
            <button
              type="submit"
              className="flex items-center gap-2 rounded-full border-2 border-navy/15 px-2.5 py-2 font-bold text-navy hover:border-navy hover:bg-navy-50 sm:px-4"
            >
              <LogoutIcon className="h-5 w-5" />
              <span className="sr-only sm:not-sr-only">Logout</span>
            </button>
          </Form>
        </div>
      </div>
    </header>
  );
}
