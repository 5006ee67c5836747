import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  data,
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from "@remix-run/react";
import { BrandMark } from "~/components/layout/brand-logo";
import { SiteErrorMessage } from "~/components/site-error";
import { FlashToast } from "~/components/ui/toast";
import { DevanagariFont } from "~/components/layout/devanagari-font";
import { LanguageSuggestion } from "~/components/layout/language-suggestion";
import { SCHOOL } from "~/domain/brand";
import { SITE_TEXTS } from "~/domain/texts/site";
import { useLanguage, useTexts } from "~/utils/language";
import stylesheet from "~/tailwind.css";
import type { PublicDataHandle } from "~/services/public-data.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const { user, flash, cspNonce, formStamp, suggestHindi } = context;
  // Every page carries a fresh signed stamp, so any public form on it can hold <BotCheck />.
  return data(
    { user, flash: flash.message, cspNonce, formStamp, suggestHindi },
    flash.message ? { headers: { "Set-Cookie": await flash.clear() } } : undefined,
  );
}

/** The root shows no public data (its values are the visitor's own). */
export const handle = { publicData: [] } satisfies PublicDataHandle;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useRouteLoaderData<typeof loader>("root")?.cspNonce;
  const language = useLanguage();
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2E4A7D" />
        <Meta />
        <Links />
        {language === "hi" && <DevanagariFont />}
      </head>
      <body className={`flex min-h-screen flex-col${language === "hi" ? " font-hindi" : ""}`}>
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
  const { flash, suggestHindi } = useLoaderData<typeof loader>();
  const t = useTexts(SITE_TEXTS);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[70] rounded-full bg-navy px-4 py-2 font-bold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t("skipToContent")}
      </a>
      {suggestHindi && <LanguageSuggestion />}
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
  return (
    <main id="main" className="flex flex-1 flex-col items-center justify-center pt-20">
      <BrandMark className="h-20 w-20" />
      <SiteErrorMessage className="!pt-6" />
    </main>
  );
}
