import type { AppLoadContext } from "@remix-run/node";
import { programFromAge, type Program } from "~/domain/programs";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import { CONTENT_TEXTS } from "~/domain/texts/content";
import { SITE_TEXTS } from "~/domain/texts/site";
import { translator } from "~/domain/translations";
import type { PageTagsInput } from "~/services/page-tags.server";

/**
 * The loader data of a page whose head (page-tags.server.ts) is all its loader gives: built on the
 * server, so the head's texts ship to no browser, and handed on by the page's `meta`. The content
 * pages use it (about, accreditation, admissions, programs): in the browser build this module is an
 * empty stub that lands in the chunk those pages already share, so a page that shares no chunk
 * with them would load one more script for it, and calls `context.services.pageTags.page` itself.
 */
export async function pageHead(context: AppLoadContext, page: Omit<PageTagsInput, "language">) {
  return { tags: await context.services.pageTags.page({ ...page, language: context.language }) };
}

/** How a program page's head names its program, in the page's language. */
type ProgramNames = { name: string; grades: string; ages: string };

/**
 * A program page's loader data: its head, with the breadcrumb trail every program page shows, Home
 * then the program, in the address's language. `head` writes the title and description from the
 * program's name, grades and ages in that language ("Grade 1 to 5", "5+ years").
 */
export async function programPageHead(
  context: AppLoadContext,
  program: Program,
  head: (names: ProgramNames) => { title: string; description: string },
) {
  const site = translator(SITE_TEXTS, context.language);
  const content = translator(CONTENT_TEXTS, context.language);
  const names: ProgramNames = {
    name: content(`program.${program.key}.name`),
    grades: content(`program.${program.key}.grades`),
    ages: content("program.ages", { from: programFromAge(program) }),
  };
  return pageHead(context, {
    path: program.path,
    ...head(names),
    trail: [
      { name: site("nav.home"), path: PUBLIC_PAGES.home.path },
      { name: `${names.name}, ${names.grades}`, path: program.path },
    ],
  });
}
