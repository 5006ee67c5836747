import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/button";
import { SITE_TEXTS } from "~/domain/texts/site";
import { useLocalHref, useTexts } from "~/utils/language";

/** The error a route's ErrorBoundary caught, as the pages tell it apart: missing, or failed. */
export function useRouteFailure(): { notFound: boolean; serviceMessage: string | undefined } {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A service's own "not found" text ('Post not found.'), so that it is written once.
  const serviceMessage = notFound && typeof error.data === "string" ? error.data : undefined;
  return { notFound, serviceMessage };
}

/**
 * What a public page that cannot be shown says, never with details, and the way home: inside the
 * site's frame (the `_site` layout) or, when even the layout failed, on its own (the root).
 */
export function SiteErrorMessage({ className = "" }: { className?: string }) {
  const { notFound } = useRouteFailure();
  const t = useTexts(SITE_TEXTS);
  const local = useLocalHref();
  return (
    <section className={`container-page flex flex-col items-center py-20 text-center ${className}`}>
      <h1 className="text-3xl sm:text-4xl">{t(notFound ? "error.notFoundTitle" : "error.failedTitle")}</h1>
      <p className="mt-3 max-w-md text-ink-soft">{t(notFound ? "error.notFoundText" : "error.failedText")}</p>
      <ButtonLink to={local("/")} className="mt-8">
        {t("error.goHome")}
      </ButtonLink>
    </section>
  );
}
