import type { LinksFunction } from "@remix-run/node";
import sheet from "~/assets/fonts/devanagari.css";
import interfaceFile from "~/assets/fonts/noto-sans-devanagari-interface-400.woff2";

/**
 * Noto Sans Devanagari for the Hindi pages (decisions 0047 and 0049): one weight (bold is the
 * browser's), as a 29 KB subset holding the letters the interface writes with all their shaping
 * rules, preloaded so the first paint already sets the text in it; `font-display: swap`. The
 * stylesheet (written by `npm run fonts:hindi`) also names the whole font for any other
 * Devanagari letter, which the browser fetches only for a page that shows one (what staff or a
 * family typed). English pages link none of it.
 */
export function DevanagariFont() {
  return (
    <>
      <link rel="preload" as="font" type="font/woff2" href={interfaceFile} crossOrigin="anonymous" />
      <link rel="stylesheet" href={sheet} />
    </>
  );
}

/**
 * The font alone, for the `links` of an English page that takes Hindi typed into it (the admin's
 * post and course forms, issue 37): what staff type is set as the Hindi pages set it, whatever
 * fonts their computer has. No preload: the form is read in English first.
 */
export const devanagariFontLinks: LinksFunction = () => [{ rel: "stylesheet", href: sheet }];
