import type { LinksFunction } from "@remix-run/node";
import regular from "@fontsource/noto-sans-devanagari/devanagari-400.css";
import bold from "@fontsource/noto-sans-devanagari/devanagari-700.css";
import regularFile from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2";
import boldFile from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2";

/**
 * Noto Sans Devanagari for the Hindi pages (decision 0047): the Devanagari subset only, the two
 * weights the pages use (the 900 of the headings takes the 700 face rather than a synthesised
 * one), `font-display: swap` from @fontsource's own @font-face rules, served with the site's other
 * assets. Both files are preloaded, so on a slow network the text is set in them before it is
 * first shown rather than swapped later (what would shift the layout). English pages link none.
 */
export function DevanagariFont() {
  return (
    <>
      <link rel="preload" as="font" type="font/woff2" href={regularFile} crossOrigin="anonymous" />
      <link rel="preload" as="font" type="font/woff2" href={boldFile} crossOrigin="anonymous" />
      <link rel="stylesheet" href={regular} />
      <link rel="stylesheet" href={bold} />
    </>
  );
}

/**
 * The two faces alone, for the `links` of an English page that takes Hindi typed into it (the
 * admin's post and course forms, issue 37): what staff type is set as the Hindi pages set it,
 * whatever fonts their computer has. No preload: the form is read in English first.
 */
export const devanagariFontLinks: LinksFunction = () => [
  { rel: "stylesheet", href: regular },
  { rel: "stylesheet", href: bold },
];
