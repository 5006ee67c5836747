import type { ServerBuild } from "@remix-run/node";
import type { Request, Response } from "express";
import { renderToStaticMarkup } from "react-dom/server";
import { BrandMark } from "~/components/layout/brand-logo";
import { buttonClasses } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import { MESSAGES } from "~/domain/messages";
import { safeRedirect } from "~/utils/redirect";
import { RETRY_AFTER_SECONDS } from "./errors.server";

const TITLES: Record<number, string> = {
  400: "We couldn't read that address",
  403: "We could not accept this form",
  413: "That was too much for one form",
  503: "We'll be right back",
};

function FallbackPage({
  status,
  message,
  stylesheets,
  retryPath,
}: {
  status: number;
  message: string;
  stylesheets: string[];
  retryPath: string;
}) {
  const title = TITLES[status] ?? MESSAGES.errorPage.failedTitle;
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} | ${SCHOOL.name}`}</title>
        {stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body className="flex min-h-screen flex-col">
        <main
          id="main"
          className="container-page flex flex-1 flex-col items-center justify-center py-20 text-center"
        >
          <BrandMark className="h-20 w-20" />
          <h1 className="mt-6 text-3xl sm:text-4xl">{title}</h1>
          <p className="mt-3 max-w-md text-ink-soft">{message}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {status === 400 ? null : (
              <a href={retryPath} className={buttonClasses()}>
                {status === 403 || status === 413 ? "Back to the form" : "Try again"}
              </a>
            )}
            <a href="/" className={buttonClasses({ variant: "outline" })}>
              Go to the home page
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}

/**
 * The page for refusals and failures that happen outside Remix (foreign origin, body too large,
 * an error before a page could render): the site's stylesheet and mark, a plain message, a way
 * back. Never a detail of the error.
 */
export function createFallbackPage(build: ServerBuild | (() => Promise<ServerBuild>) | undefined) {
  async function stylesheets(): Promise<string[]> {
    if (!build) return [];
    try {
      const resolved = typeof build === "function" ? await build() : build;
      const root = resolved.routes.root?.module as { links?: () => Array<{ rel?: string; href?: string }> };
      return (root?.links?.() ?? []).flatMap((link) =>
        link.rel === "stylesheet" && link.href ? [link.href] : [],
      );
    } catch {
      return [];
    }
  }

  return async function send(req: Request, res: Response, status: number, message: string) {
    try {
      if (status === 503) res.set("Retry-After", String(RETRY_AFTER_SECONDS));
      const html = renderToStaticMarkup(
        <FallbackPage
          status={status}
          message={message}
          stylesheets={await stylesheets()}
          retryPath={safeRedirect(req.originalUrl)}
        />,
      );
      res.status(status).type("html").set("Cache-Control", "no-store").send(`<!doctype html>${html}`);
    } catch {
      if (!res.headersSent) res.status(status).type("text").send(message);
      else res.end();
    }
  };
}

export type SendFallbackPage = ReturnType<typeof createFallbackPage>;
