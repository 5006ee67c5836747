import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { BrandMark } from "~/components/layout/brand-logo";
import { buttonClasses } from "~/components/ui/button";
import { FlashToast } from "~/components/ui/toast";
import { SCHOOL } from "~/domain/brand";
import stylesheet from "~/tailwind.css";

export async function loader({ context }: LoaderFunctionArgs) {
  const { user, flash, cspNonce, formStamp } = context;
  // Every page carries a fresh signed stamp, so any public form on it can hold <BotCheck />.
  return data(
    { user, flash: flash.message, cspNonce, formStamp },
    flash.message ? { headers: { "Set-Cookie": await flash.clear() } } : undefined,
  );
}

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useRouteLoaderData<typeof loader>("root")?.cspNonce;
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2E4A7D" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* Development only (renders nothing in production): reload after `npm run dev` rebuilds. */}
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { flash } = useLoaderData<typeof loader>();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[70] rounded-full bg-navy px-4 py-2 font-bold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      {/* A completed enrollment has its own confirmation dialog; one message, not two. */}
      <FlashToast key={flash?.id} flash={flash?.enrollment ? null : flash} />
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: `${SCHOOL.fullName} | ${SCHOOL.tagline}` },
  {
    name: "description",
    content: `${SCHOOL.fullName}: an accredited, 100% online school for Nursery to Grade 8 in India. Admissions open for ${SCHOOL.session}.`,
  },
];

/** The last resort when a page cannot render at all: friendly, no details, a way home. */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main
      id="main"
      className="container-page flex flex-1 flex-col items-center justify-center py-20 text-center"
    >
      <BrandMark className="h-20 w-20" />
      <h1 className="mt-6 text-3xl sm:text-4xl">
        {notFound ? "We couldn't find that page" : "Something went wrong"}
      </h1>
      <p className="mt-3 max-w-md text-ink-soft">
        {notFound
          ? "The page may have moved, or the link may be mistyped."
          : "Sorry, we couldn't show this page just now. Please try again in a moment."}
      </p>
      <Link to="/" className={buttonClasses({ className: "mt-8" })}>
        Go to the home page
      </Link>
    </main>
  );
}
