import { Link } from "@remix-run/react";
import { BellIcon } from "./icons";

/** The most the bell writes out; more reads "99+" (the service counts a little past it). */
const SHOWN_UP_TO = 99;

/** "3", or "99+" past what fits on the bell. */
export function newCountText(count: number): string {
  return count > SHOWN_UP_TO ? `${SHOWN_UP_TO}+` : String(count);
}

/** The bell's accessible name: "Notifications: 3 new"; without a count (not loaded), just the word. */
function bellLabel(count: number | null): string {
  if (count === null) return "Notifications";
  return count === 0 ? "Notifications: nothing new" : `Notifications: ${newCountText(count)} new`;
}

/**
 * The admin top bar's bell: a link to /admin/notifications with the number of new applications,
 * demo requests, teacher applications and paid orders on it, and nothing on it when none are new.
 * `count` is null when it could not be counted (the page behind it still opens).
 */
export function NotificationBell({ count }: { count: number | null }) {
  return (
    <Link
      to="/admin/notifications"
      aria-label={bellLabel(count)}
      className="relative flex h-10 w-10 flex-none items-center justify-center rounded-full bg-navy-50 text-navy hover:bg-navy hover:text-white"
    >
      <BellIcon />
      {count ? (
        <span
          aria-hidden="true"
          className="absolute -right-1.5 -top-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-coral-dark px-1 text-xs font-bold leading-none text-white ring-2 ring-white"
        >
          {newCountText(count)}
        </span>
      ) : null}
    </Link>
  );
}
