import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SITE_TEXTS } from "~/domain/texts/site";
import type { SessionUser } from "~/services/auth.server";
import { useLocalHref, useTexts } from "~/utils/language";
import { BrandMark, BrandName } from "./brand-logo";
import { LanguageSwitch } from "./language-switch";
import { LinkList } from "./link-list";
import { NAV_GROUPS, NAV_LINKS, type NavItem } from "./nav-links";

/**
 * Dropdowns are <details>, so they open without JavaScript. With it, an open one closes on a
 * click elsewhere, on Escape, and when a link inside is chosen.
 */
function useDropdownsClose(container: React.RefObject<HTMLElement>) {
  const { key } = useLocation();
  const shownPage = useRef(key);
  useEffect(() => {
    // Only on a navigation: a menu opened on a slow phone before the scripts ran stays open.
    if (shownPage.current === key) return;
    shownPage.current = key;
    container.current
      ?.querySelectorAll("details[open]")
      .forEach((details) => details.removeAttribute("open"));
  }, [key, container]);

  useEffect(() => {
    const openDropdowns = () =>
      Array.from(container.current?.querySelectorAll<HTMLDetailsElement>("details[open]") ?? []);
    const onClick = (event: MouseEvent) => {
      const target = event.target as Node;
      for (const details of openDropdowns()) {
        const choseLink = (target as Element).closest?.("a") && details.contains(target);
        if (!details.contains(target) || choseLink) details.removeAttribute("open");
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const details of openDropdowns()) {
        details.removeAttribute("open");
        details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, [container]);
}

const Chevron = () => (
  <svg
    viewBox="0 0 20 20"
    className="h-4 w-4 transition-transform group-open:rotate-180"
    fill="currentColor"
    aria-hidden="true"
  >
    <path
      fillRule="evenodd"
      d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
      clipRule="evenodd"
    />
  </svg>
);

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-full px-3 py-2 font-semibold transition-colors hover:bg-navy-50 hover:text-navy ${isActive ? "text-coral" : "text-ink"}`;

function LogoutButton({ className }: { className: string }) {
  const t = useTexts(SITE_TEXTS);
  const local = useLocalHref();
  return (
    <Form method="post" action="/logout">
      {/* Signed out, the visitor stays in the language they were reading. */}
      <input type="hidden" name="redirectTo" value={local("/")} />
      <button type="submit" className={className}>
        {t("logout")}
      </button>
    </Form>
  );
}

function Avatar({ name, className = "h-10 w-10 text-lg" }: { name: string; className?: string }) {
  return (
    <span
      className={`flex items-center justify-center rounded-full bg-coral font-black uppercase text-white ${className}`}
      aria-hidden="true"
      translate="no"
    >
      {name.trim().charAt(0) || "?"}
    </span>
  );
}

/** One list of the mobile menu: a group's links, or the top-level ones. */
function MobileLinks({ items, className }: { items: NavItem[]; className: string }) {
  return (
    <LinkList
      items={items}
      className={className}
      linkClassName="block rounded-xl px-2 py-2.5 text-lg font-semibold text-ink hover:bg-sun-50"
    />
  );
}

export function SiteHeader({ user }: { user: SessionUser | null }) {
  const header = useRef<HTMLElement>(null);
  useDropdownsClose(header);
  const t = useTexts(SITE_TEXTS);
  const local = useLocalHref();

  return (
    <header ref={header} className="sticky top-0 z-40 border-b border-navy/10 bg-white">
      <div className="container-page flex h-16 items-center justify-between gap-4 lg:h-20">
        <Link
          to={local("/")}
          className="flex min-w-0 items-center gap-2.5 rounded-xl lg:shrink-0"
          aria-label={t("homeLink")}
        >
          <BrandMark className="h-10 w-10 shrink-0 lg:h-12 lg:w-12" />
          <BrandName />
        </Link>

        <nav aria-label={t("nav.main")} className="hidden items-center gap-1 xl:flex">
          {NAV_GROUPS.map((group) => (
            <details key={group.label} className="group relative" data-dropdown>
              <summary className="flex items-center gap-1 whitespace-nowrap rounded-full px-3 py-2 font-semibold text-ink hover:bg-navy-50 hover:text-navy">
                {t(group.label)}
                <Chevron />
              </summary>
              <ul className="absolute left-0 top-full mt-2 min-w-[13rem] rounded-2xl border border-navy/10 bg-white p-2 shadow-lift">
                {group.items.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={local(item.to)}
                      className={({ isActive }) =>
                        `block rounded-xl px-4 py-2.5 font-semibold hover:bg-sun-50 ${isActive ? "text-coral" : "text-ink"}`
                      }
                    >
                      {t(item.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </details>
          ))}
          {NAV_LINKS.map((item) => (
            <NavLink key={item.to} to={local(item.to)} className={desktopLink}>
              {t(item.label)}
            </NavLink>
          ))}
          <LanguageSwitch className="whitespace-nowrap rounded-full px-2 py-2 font-semibold text-navy underline-offset-4 hover:bg-navy-50 hover:underline" />
          {user ? (
            <details className="group relative ml-2" data-dropdown>
              <summary className="rounded-full" aria-label={t("accountMenu", { name: user.name })}>
                <Avatar name={user.name} />
              </summary>
              <div className="absolute right-0 top-full mt-2 w-64 rounded-2xl border border-navy/10 bg-white p-4 shadow-lift">
                <p className="truncate font-bold text-navy" translate="no">
                  {user.name}
                </p>
                <p className="truncate text-sm text-ink-soft" translate="no">
                  {user.email}
                </p>
                <LogoutButton className="mt-3 w-full rounded-full bg-navy-50 px-4 py-2 font-bold text-navy hover:bg-navy hover:text-white" />
              </div>
            </details>
          ) : (
            <Link
              to={local("/login")}
              className="ml-2 rounded-full bg-coral px-5 py-2.5 font-bold text-white shadow-soft hover:bg-coral-dark"
            >
              {t("login")}
            </Link>
          )}
        </nav>

        <details className="group xl:hidden" data-dropdown>
          <summary
            className="flex items-center gap-2 rounded-full border-2 border-navy/15 px-4 py-2 font-bold text-navy"
            aria-label={t("menu")}
          >
            <svg
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              aria-hidden="true"
            >
              <path className="group-open:hidden" d="M4 7h16M4 12h16M4 17h16" />
              <path className="hidden group-open:block" d="M6 6l12 12M18 6L6 18" />
            </svg>
            <span>{t("menu")}</span>
          </summary>
          <nav
            aria-label={t("nav.mobile")}
            className="absolute inset-x-0 top-full max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-navy/10 bg-white px-4 pb-6 pt-2 shadow-lift"
          >
            {NAV_GROUPS.map((group) => (
              <div key={group.label} className="border-b border-navy/10 py-3">
                <p className="px-2 text-xs font-bold uppercase tracking-wider text-ink-soft">
                  {t(group.label)}
                </p>
                <MobileLinks items={group.items} className="mt-1" />
              </div>
            ))}
            <MobileLinks items={NAV_LINKS} className="border-b border-navy/10 py-3" />
            <LanguageSwitch className="mt-3 block rounded-xl px-2 py-2.5 text-lg font-semibold text-navy hover:bg-sun-50" />
            {user ? (
              <div className="flex items-center justify-between gap-3 pt-4">
                <Link
                  to={local("/profile")}
                  className="flex items-center gap-3 rounded-xl px-2 py-2 font-bold text-navy hover:bg-sun-50"
                >
                  <Avatar name={user.name} className="h-9 w-9 text-base" />
                  {t("myProfile")}
                </Link>
                <LogoutButton className="rounded-full border-2 border-navy px-5 py-2 font-bold text-navy hover:bg-navy-50" />
              </div>
            ) : (
              <Link
                to={local("/login")}
                className="mt-4 block rounded-full bg-coral px-5 py-3 text-center text-lg font-bold text-white shadow-soft hover:bg-coral-dark"
              >
                {t("login")}
              </Link>
            )}
          </nav>
        </details>
      </div>
    </header>
  );
}
