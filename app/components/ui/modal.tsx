import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { SITE_TEXTS } from "~/domain/texts/site";
import { useTexts } from "~/utils/language";

const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";

/** What Tab can reach inside the dialog, in order: enabled, not hidden from people, not tabindex -1. */
function tabStops(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.matches(":disabled, input[type=hidden]") &&
      !element.closest("[aria-hidden=true]"),
  );
}

/** Tab from the last stop goes to the first, Shift+Tab from the first to the last: focus stays in. */
function keepTabInside(event: KeyboardEvent, container: HTMLElement) {
  const stops = tabStops(container);
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) return event.preventDefault();
  const active = document.activeElement;
  const outside = !container.contains(active);
  if (event.shiftKey && (active === first || active === container || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A dialog that is a URL: it renders open from the server, and closing is a link to `closeTo`,
 * so it opens, closes and can be shared without JavaScript. With JavaScript, focus moves in and
 * Tab keeps it there (aria-modal), Escape closes it, and the page behind does not scroll.
 */
export function Modal({
  title,
  closeTo,
  children,
  size = "md",
  describedBy,
}: {
  title: ReactNode;
  closeTo: string;
  children: ReactNode;
  size?: "md" | "lg";
  describedBy?: string;
}) {
  const t = useTexts(SITE_TEXTS);
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeTo, { preventScrollReset: true });
      if (event.key === "Tab" && panel.current) keepTabInside(event, panel.current);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [closeTo, navigate]);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <Link
        to={closeTo}
        preventScrollReset
        className="absolute inset-0 bg-ink/60"
        aria-hidden="true"
        tabIndex={-1}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`relative max-h-[92vh] w-full overflow-y-auto rounded-t-4xl bg-white p-6 shadow-lift focus:outline-none sm:rounded-4xl sm:p-8 ${
          size === "lg" ? "sm:max-w-2xl" : "sm:max-w-lg"
        }`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-2xl">
            {title}
          </h2>
          <Link
            to={closeTo}
            preventScrollReset
            className="-m-2 flex h-10 w-10 flex-none items-center justify-center rounded-full text-ink-soft hover:bg-navy-50 hover:text-navy"
            aria-label={t("dialog.close")}
          >
            <svg
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              aria-hidden="true"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </Link>
        </div>
        {children}
      </div>
    </div>
  );
}
