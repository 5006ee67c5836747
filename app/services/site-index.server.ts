import { max } from "drizzle-orm";
import { postExcerpt } from "~/domain/format";
import { SCHOOL } from "~/domain/brand";
import { LANGUAGE_INFO, LANGUAGES, pathIn } from "~/domain/languages";
import {
  BLOG_FEED_PATH,
  blogPostPath,
  coursePath,
  hasHindi,
  PUBLIC_PAGES,
  UNCRAWLED_PATHS,
  type ListedContent,
} from "~/domain/public-pages";
import type { Database } from "../../db/client";
import { blogPosts, courses } from "../../db/schema";
import { byAge } from "./paging.server";

/**
 * What crawlers and feed readers read: robots.txt, the sitemap (sitemaps.org 0.9) and the blog's
 * Atom feed (RFC 4287). Each is made from the database on every request rather than from the
 * process's public caches, so a post shows in them at once on every instance, whichever one
 * took the write; the route sends an ETag, so a reader that has the answer gets a 304.
 * See docs/decisions/0030-sitemap-and-feed.md.
 */

/** The sitemaps.org limit for one file; past it a sitemap index would be needed. */
const SITEMAP_MAX_URLS = 50_000;
/** How many of the newest posts the feed carries. */
export const FEED_ENTRIES = 20;
/** A feed entry's summary: a plain-text excerpt, longer than a card's. */
const SUMMARY_CHARACTERS = 300;
/** A feed with no posts yet has changed never: Atom requires a date, this one says "nothing". */
const NEVER = new Date(0);

/**
 * Text as XML character data or an attribute value: the five special characters escaped, and the
 * characters XML 1.0 does not allow (control characters, unpaired surrogates) dropped, since no
 * escape makes them legal and one would make the whole document unreadable.
 */
export function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** A W3C datetime (an RFC 3339 timestamp in UTC), as both the sitemap and Atom take it. */
const timestamp = (date: Date) => date.toISOString();

const newest = (dates: readonly Date[]): Date | undefined =>
  dates.reduce<Date | undefined>((latest, date) => (!latest || date > latest ? date : latest), undefined);

type SitemapEntry = { path: string; lastmod?: Date };

export function createSiteIndexService({ db, publicUrl }: { db: Database; publicUrl: string }) {
  const url = (path: string) => `${publicUrl}${path}`;

  /** When the rows a listing shows last changed (the newest `updatedAt` of those left). */
  async function lastChanged(): Promise<Record<ListedContent, Date | undefined>> {
    const [[posts], [catalogue]] = await Promise.all([
      db.select({ at: max(blogPosts.updatedAt) }).from(blogPosts),
      db.select({ at: max(courses.updatedAt) }).from(courses),
    ]);
    return { blog: posts?.at ?? undefined, courses: catalogue?.at ?? undefined };
  }

  return {
    robotsTxt(): string {
      return [
        `# ${SCHOOL.fullName}: the public site may be crawled; the back office, accounts,`,
        "# the API and the pages reached through a link with a token may not.",
        "User-agent: *",
        "Allow: /",
        ...UNCRAWLED_PATHS.map((path) => `Disallow: ${path}`),
        "",
        `Sitemap: ${url("/sitemap.xml")}`,
        "",
      ].join("\n");
    },

    /**
     * Every public page: the fixed pages (without `lastmod`, which no record of theirs would
     * make true, except the listings, which changed when what they list did), each course and
     * each post, newest posts first, up to the sitemaps.org limit of one file.
     */
    async sitemap(): Promise<string> {
      const pages = Object.values(PUBLIC_PAGES);
      const [changed, courseRows] = await Promise.all([
        lastChanged(),
        db
          .select({ id: courses.id, updatedAt: courses.updatedAt })
          .from(courses)
          .orderBy(...byAge("oldest", courses.createdAt, courses.id))
          .limit(SITEMAP_MAX_URLS - pages.length),
      ]);
      const postRows = await db
        .select({ id: blogPosts.id, updatedAt: blogPosts.updatedAt })
        .from(blogPosts)
        .orderBy(...byAge("newest", blogPosts.createdAt, blogPosts.id))
        .limit(SITEMAP_MAX_URLS - pages.length - courseRows.length);
      const entries: SitemapEntry[] = [
        ...pages.map((page) => ({
          path: page.path,
          lastmod: "lists" in page ? changed[page.lists] : undefined,
        })),
        ...courseRows.map((course) => ({ path: coursePath(course.id), lastmod: course.updatedAt })),
        ...postRows.map((post) => ({ path: blogPostPath(post.id), lastmod: post.updatedAt })),
      ];
      // A page with its Hindi is listed in both languages, each naming both (and English as the
      // default) with xhtml:link alternates, as search engines read hreflang from a sitemap.
      const urls = entries
        .flatMap(({ path, lastmod }) => {
          const alternates = hasHindi(path)
            ? [
                ...LANGUAGES.map(
                  (language) => [LANGUAGE_INFO[language].tag, pathIn(language, path)] as const,
                ),
                ["x-default", path] as const,
              ].map(
                ([hreflang, href]) =>
                  `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${xmlText(url(href))}"/>`,
              )
            : [];
          const languages = alternates.length > 0 ? LANGUAGES : (["en"] as const);
          return languages.map((language) =>
            [
              "  <url>",
              `    <loc>${xmlText(url(pathIn(language, path)))}</loc>`,
              ...(lastmod ? [`    <lastmod>${timestamp(lastmod)}</lastmod>`] : []),
              ...alternates,
              "  </url>",
            ].join("\n"),
          );
        })
        .slice(0, SITEMAP_MAX_URLS);
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        ...urls,
        "</urlset>",
        "",
      ].join("\n");
    },

    /** The newest posts as an Atom feed: plain-text titles and summaries, the school as author. */
    async blogFeed(): Promise<string> {
      const posts = await db
        .select({
          id: blogPosts.id,
          title: blogPosts.title,
          category: blogPosts.category,
          description: blogPosts.description,
          createdAt: blogPosts.createdAt,
          updatedAt: blogPosts.updatedAt,
        })
        .from(blogPosts)
        .orderBy(...byAge("newest", blogPosts.createdAt, blogPosts.id))
        .limit(FEED_ENTRIES);
      const blogUrl = url(PUBLIC_PAGES.blog.path);
      const author = [
        "<author>",
        `<name>${xmlText(SCHOOL.fullName)}</name>`,
        `<uri>${xmlText(url("/"))}</uri>`,
        "</author>",
      ].join("");
      const entries = posts.map((post) => {
        const postUrl = xmlText(url(blogPostPath(post.id)));
        return [
          "  <entry>",
          `    <id>${postUrl}</id>`,
          `    <title type="text">${xmlText(post.title)}</title>`,
          `    <link rel="alternate" type="text/html" href="${postUrl}"/>`,
          `    <published>${timestamp(post.createdAt)}</published>`,
          `    <updated>${timestamp(post.updatedAt)}</updated>`,
          `    ${author}`,
          `    <category term="${xmlText(post.category)}"/>`,
          `    <summary type="text">${xmlText(postExcerpt(post.description, SUMMARY_CHARACTERS))}</summary>`,
          "  </entry>",
        ].join("\n");
      });
      const updated = newest(posts.map((post) => post.updatedAt)) ?? NEVER;
      return [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
        `  <id>${xmlText(blogUrl)}</id>`,
        `  <title type="text">${xmlText(`${SCHOOL.name} Blog`)}</title>`,
        `  <subtitle type="text">${xmlText(`Tips for parents, stories from online classrooms and school news from ${SCHOOL.fullName}.`)}</subtitle>`,
        `  <updated>${timestamp(updated)}</updated>`,
        `  <link rel="self" type="application/atom+xml" href="${xmlText(url(BLOG_FEED_PATH))}"/>`,
        `  <link rel="alternate" type="text/html" href="${xmlText(blogUrl)}"/>`,
        `  ${author}`,
        ...entries,
        "</feed>",
        "",
      ].join("\n");
    },
  };
}
