import { LANGUAGES, localHref, withoutLanguage, type Language } from "./languages";

/**
 * What search engines may find: the public site's pages, the paths they must stay out of, and the
 * addresses of a post and a course. The navigation (app/components/layout/nav-links.ts), the
 * sitemap and robots.txt (app/services/site-index.server.ts) all read them here, so a new page is
 * added once. `tests/api/sitemap-feed.test.ts` fails when a public route is in neither list.
 */

/** The content a page lists, whose newest change is the page's `lastmod` in the sitemap. */
export type ListedContent = "blog" | "courses";

export type PublicPage = { path: string; lists?: ListedContent };

/** Every public page without a parameter, in the sitemap's order (home first). */
export const PUBLIC_PAGES = {
  home: { path: "/" },
  about: { path: "/about-us-zipat" },
  accreditation: { path: "/accreditation" },
  earlyYears: { path: "/programs/early-years" },
  primary: { path: "/programs/primary" },
  middle: { path: "/programs/middle" },
  admissions: { path: "/admissions" },
  feeStructure: { path: "/fee-structure" },
  apply: { path: "/apply" },
  bookDemo: { path: "/book-demo" },
  courses: { path: "/courses", lists: "courses" },
  teachers: { path: "/teachers" },
  blog: { path: "/blog", lists: "blog" },
  privacy: { path: "/privacy" },
} as const satisfies Record<string, PublicPage>;

/** A post's own page. */
export const blogPostPath = (id: number) => `/blog/${id}`;
/** A course's own page (its dialog over the catalogue). */
export const coursePath = (id: number) => `/courses/${id}`;
/** The blog's Atom feed; the blog pages name it in their head and body. */
export const BLOG_FEED_PATH = "/blog/feed.xml";

/**
 * What robots.txt keeps crawlers out of: the back office, the signed-in pages, the JSON API and
 * every page reached through a token (payment, receipt, e-mail and password links), which must
 * never be indexed even when a link leaks. A rule is a path prefix, so "/api/" keeps its slash:
 * "/api" would also shut out "/apply".
 */
export const UNCRAWLED_PATHS: readonly string[] = [
  ...new Set([
    "/admin",
    "/api/",
    "/logout",
    // A family's private pages, in each language that has them (a rule is a prefix: "/pay/" does
    // not cover "/hi/pay/"; the receipt has one address).
    ...["/profile", "/pay/", "/receipt/", "/verify-email", "/reset-password"].flatMap((path) =>
      LANGUAGES.map((language) => localHref(language, path)),
    ),
  ]),
];

/**
 * The pages that have their Hindi under /hi (issue 37), by their English path; a page is added
 * here once every text it shows is translated, and only then does /hi answer for it, the
 * language switch show on it and the sitemap pair it. A segment written ":name" stands for any
 * one segment (a page reached by a token).
 */
const HINDI_PAGES: readonly string[] = [
  PUBLIC_PAGES.home.path,
  PUBLIC_PAGES.apply.path,
  PUBLIC_PAGES.bookDemo.path,
  PUBLIC_PAGES.about.path,
  PUBLIC_PAGES.accreditation.path,
  PUBLIC_PAGES.earlyYears.path,
  PUBLIC_PAGES.primary.path,
  PUBLIC_PAGES.middle.path,
  PUBLIC_PAGES.teachers.path,
  // An order's payment page and the gateway's way back to it, by the order's link token: a Hindi
  // order's link leads there (never in the sitemap; robots.txt shuts them out, UNCRAWLED_PATHS).
  "/pay/:token",
  "/pay/:token/callback",
  PUBLIC_PAGES.admissions.path,
  PUBLIC_PAGES.feeStructure.path,
  PUBLIC_PAGES.privacy.path,
  PUBLIC_PAGES.blog.path,
  PUBLIC_PAGES.courses.path,
  // Each post's page, and each course's dialog with the like control's form action under it: any
  // segment, so that a mistyped id gets the post's or course's own "not found" in Hindi.
  "/blog/:id",
  "/courses/:id",
  "/courses/:id/like",
  // The family's account pages: public routes, but kept out of PUBLIC_PAGES (no navigation entry,
  // never in the sitemap; robots.txt shuts them out, UNCRAWLED_PATHS).
  "/login",
  "/reset-password",
  "/verify-email",
  "/profile",
  "/profile/delete",
  // "Download my data" from a Hindi page: the CSV's labels in Hindi (the JSON's keys never change).
  "/profile/data.csv",
  "/profile/data.json",
];

/** Whether `path` is the page `page` names, a ":name" segment matching any one segment. */
function isPage(page: string, path: string): boolean {
  if (!page.includes("/:")) return page === path;
  const wanted = page.split("/");
  const given = path.split("/");
  return (
    wanted.length === given.length &&
    wanted.every((segment, index) =>
      segment.startsWith(":") ? given[index] !== "" : segment === given[index],
    )
  );
}

/** Whether the page at this English or Hindi path has its Hindi. */
export function hasHindi(pathname: string): boolean {
  const path = withoutLanguage(pathname);
  return HINDI_PAGES.some((page) => isPage(page, path));
}

/**
 * An in-site link from a page in `language`: to that language's page where the page has one,
 * otherwise to the English page (a Hindi page links to an English one rather than to a 404 while
 * that page waits for its translation).
 */
export function pageHref(language: Language, href: string): string {
  if (language === "en") return href;
  const path = href.split(/[?#]/)[0] ?? href;
  return hasHindi(path) ? localHref(language, href) : href;
}
