import type { AppLoadContext } from "@remix-run/node";
import type { Program } from "~/domain/programs";
import { PUBLIC_PAGES } from "~/domain/public-pages";

/**
 * A program page's loader data: its head (page-tags.server.ts), built on the server so its texts
 * ship to no browser, with the breadcrumb trail every program page shows, Home then the program.
 */
export async function programPageHead(
  context: AppLoadContext,
  program: Program,
  head: { title: string; description: string },
) {
  return {
    tags: await context.services.pageTags.page({
      path: program.path,
      ...head,
      trail: [
        { name: "Home", path: PUBLIC_PAGES.home.path },
        { name: `${program.name}, ${program.grades}`, path: program.path },
      ],
    }),
  };
}
