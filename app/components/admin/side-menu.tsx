import { Link, NavLink, useFetcher, useLocation } from "@remix-run/react";
import { BrandMark } from "~/components/layout/brand-logo";
import { SCHOOL } from "~/domain/brand";
import { ADMIN_NAV } from "./admin-nav";
import { CollapseIcon, SiteIcon } from "./icons";

export const MENU_TOGGLE_PATH = "/admin/sidebar";

/**
 * The admin side menu: 16rem with labels, or 5rem with icons only (spec). The choice is a cookie
 * set by a plain form POST, so it works without JavaScript and survives reloads; with JavaScript
 * a fetcher posts it and the width changes at once. Phones always get the 5rem rail, so the menu
 * never takes the screen from the page.
 */
export function SideMenu({ collapsed: stored }: { collapsed: boolean }) {
  const fetcher = useFetcher({ key: "admin-menu" });
  const location = useLocation();
  const pending = fetcher.formData?.get("collapsed");
  const collapsed = typeof pending === "string" ? pending === "true" : stored;
  // A long label ("Teacher Applications") takes a second line rather than losing its end.
  const label = collapsed ? "sr-only" : "sr-only md:not-sr-only md:min-w-0 md:leading-tight";

  return (
    // The outer column paints the navy the whole page height; the menu itself stays in view.
    <div className="flex-none bg-navy-dark">
      <nav
        aria-label="Admin"
        data-collapsed={collapsed}
        className={`sticky top-0 flex h-screen w-20 flex-col overflow-y-auto overflow-x-hidden text-white motion-safe:transition-[width] motion-safe:duration-200 ${collapsed ? "md:w-20" : "md:w-64"}`}
      >
        <div className="flex h-16 flex-none items-center gap-3 border-b border-white/10 px-4 md:h-20 md:px-5">
          <BrandMark className="h-11 w-11 flex-none" />
          <span
            className={collapsed ? "sr-only" : "sr-only md:not-sr-only md:flex md:flex-col md:leading-tight"}
          >
            <span className="text-xl font-black">{SCHOOL.name}</span>
            <span className="text-xs font-semibold uppercase tracking-wider text-sun-100">Admin</span>
          </span>
        </div>

        <ul className="flex-1 space-y-1 px-3 py-4">
          {ADMIN_NAV.map(({ label: text, to, Icon }) => (
            <li key={to}>
              {/* A list stays marked on its records' pages (/admin/applications/…); the
                  dashboard only on itself, as every admin path starts with its own. */}
              <NavLink
                to={to}
                end={to === "/admin"}
                prefetch="intent"
                title={text}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-2xl px-3 py-2.5 font-semibold transition-colors ${collapsed ? "md:justify-center" : ""} ${
                    isActive
                      ? "bg-sun text-ink shadow-soft"
                      : "text-white/90 hover:bg-white/10 hover:text-white"
                  }`
                }
              >
                <Icon />
                <span className={label}>{text}</span>
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="flex-none space-y-1 border-t border-white/10 px-3 py-4">
          <Link
            to="/"
            title="View the website"
            className={`flex items-center gap-3 rounded-2xl px-3 py-2.5 font-semibold text-white/90 hover:bg-white/10 hover:text-white ${collapsed ? "md:justify-center" : ""}`}
          >
            <SiteIcon />
            <span className={label}>View the website</span>
          </Link>
          <form
            method="post"
            action={MENU_TOGGLE_PATH}
            className="hidden md:block"
            onSubmit={(event) => {
              event.preventDefault();
              fetcher.submit({ collapsed: String(!collapsed) }, { method: "post", action: MENU_TOGGLE_PATH });
            }}
          >
            <input type="hidden" name="collapsed" value={String(!collapsed)} />
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <button
              type="submit"
              title={collapsed ? "Expand menu" : "Collapse menu"}
              className={`flex w-full items-center gap-3 rounded-2xl px-3 py-2.5 font-semibold text-white/90 hover:bg-white/10 hover:text-white ${collapsed ? "justify-center" : ""}`}
            >
              <CollapseIcon className={`h-6 w-6 transition-transform ${collapsed ? "rotate-180" : ""}`} />
              <span className={collapsed ? "sr-only" : ""}>
                {collapsed ? "Expand menu" : "Collapse menu"}
              </span>
            </button>
          </form>
        </div>
      </nav>
    </div>
  );
}
