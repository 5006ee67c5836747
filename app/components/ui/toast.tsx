import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { Flash } from "~/domain/flash";
import { SITE_TEXTS } from "~/domain/texts/site";
import { useTexts } from "~/utils/language";

export const TOAST_MS = 5_000;

/**
 * The message that travelled across a redirect. With JavaScript it fades after five seconds;
 * without, it stays, and "Dismiss" reloads the page, which no longer carries it.
 */
export function FlashToast({ flash }: { flash: Flash | null }) {
  // The message that faded or was dismissed. Kept rather than a flag, so that a new message (a new
  // object from the loader) shows at once, with no effect to reset a flag.
  const [hiddenFlash, setHiddenFlash] = useState<Flash | null>(null);
  const location = useLocation();
  const t = useTexts(SITE_TEXTS);

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setHiddenFlash(flash), TOAST_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  if (!flash || hiddenFlash === flash) return null;
  const success = flash.kind === "success";
  return (
    <div className="pointer-events-none fixed inset-x-0 top-20 z-[60] flex justify-center px-4 sm:justify-end">
      <div
        role={success ? "status" : "alert"}
        className={`pointer-events-auto flex w-full max-w-md animate-toast-in items-start gap-3 rounded-2xl border-2 p-4 shadow-lift ${
          success ? "border-teal/30 bg-teal-50 text-teal" : "border-coral/30 bg-coral-50 text-coral-dark"
        }`}
      >
        <svg viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 flex-none" fill="currentColor" aria-hidden="true">
          {success ? (
            <path
              fillRule="evenodd"
              d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.86a.75.75 0 1 0-1.22-.88l-3.24 4.5-1.6-1.6a.75.75 0 1 0-1.06 1.06l2.22 2.22a.75.75 0 0 0 1.14-.09l3.76-5.21Z"
              clipRule="evenodd"
            />
          ) : (
            <path
              fillRule="evenodd"
              d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm-.75-11.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4ZM10 13a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z"
              clipRule="evenodd"
            />
          )}
        </svg>
        <p className="flex-1 font-semibold">{flash.message}</p>
        <a
          href={location.pathname + location.search}
          onClick={(event) => {
            event.preventDefault();
            setHiddenFlash(flash);
          }}
          className="text-sm font-bold underline underline-offset-2"
        >
          {t("toast.dismiss")}
        </a>
      </div>
    </div>
  );
}
