import type { AppLoadContext } from "@remix-run/node";
import type { Program } from "~/domain/programs";
import { PUBLIC_PAGES } from "~/domain/public-pages";
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

/**
 * A program page's loader data: its head, with the breadcrumb trail every program page shows, Home
 * then the program.
 */
export async function programPageHead(
  context: AppLoadContext,
  program: Program,
  head: { title: string; description: string },
) {
  return pageHead(context, {
    path: program.path,
    ...head,
    trail: [
      { name: "Home", path: PUBLIC_PAGES.home.path },
      { name: `${program.name}, ${program.grades}`, path: program.path },
    ],
  });
}
