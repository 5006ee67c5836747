import { Form } from "@remix-run/react";
import { BellIcon, LogoutIcon, SearchIcon } from "./icons";

/** Shown when the account has no name or role to show (spec section 2). */
const ADMIN_FALLBACK = { name: "Admin User", role: "ADMIN" } as const;

/**
 * The admin top bar: a search box that is only an input (no form, so Enter goes nowhere), a bell
 * whose dot is always on, who is signed in, and Logout, which posts to /logout and lands on /login.
 */
export function TopBar({ user }: { user: { name?: string | null; role?: string | null } }) {
  const name = user.name?.trim() || ADMIN_FALLBACK.name;
  const role = user.role?.trim() || ADMIN_FALLBACK.role;
  return (
    <header className="sticky top-0 z-30 border-b border-navy/10 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="flex min-h-16 flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 md:min-h-20 md:flex-nowrap md:px-8">
        <div
          role="search"
          className="relative order-last w-full md:order-none md:w-auto md:max-w-md md:flex-1"
        >
          <label htmlFor="admin-search" className="sr-only">
            Search
          </label>
          <SearchIcon className="pointer-events-none absolute left-3.5 top-1/2 h-5 w-5 -translate-y-1/2 text-ink-soft" />
          <input
            id="admin-search"
            type="search"
            placeholder="Search..."
            autoComplete="off"
            className="block w-full rounded-full border-2 border-navy/15 bg-sun-50 py-2 pl-11 pr-4 text-ink placeholder:text-ink-soft focus:border-navy focus:outline-none focus-visible:outline-[3px] focus-visible:outline-offset-0 focus-visible:outline-coral"
          />
        </div>

        <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-4">
          <span
            role="img"
            aria-label="Notifications"
            className="relative flex h-10 w-10 flex-none items-center justify-center rounded-full bg-navy-50 text-navy"
          >
            <BellIcon />
            <span className="absolute right-2 top-2 h-2.5 w-2.5 rounded-full bg-coral-light ring-2 ring-white" />
          </span>
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
