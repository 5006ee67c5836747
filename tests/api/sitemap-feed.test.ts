import { readdirSync, readFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import { DOMParser, onWarningStopParsing, type Document, type Element } from "@xmldom/xmldom";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { blogPostAnswer, courseAnswer } from "~/api/schemas.server";
import { BLOG_FEED_PATH, hasHindi, PUBLIC_PAGES, UNCRAWLED_PATHS } from "~/domain/public-pages";
import { FEED_ENTRIES, xmlText } from "~/services/site-index.server";
import { blogPosts, courses } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { expectOk, makeImage, multipart } from "./helpers";

/**
 * robots.txt, the sitemap and the blog's Atom feed, read as a crawler and a feed reader would:
 * parsed with a real XML parser and validated with libxml2 (xmllint, as WebAssembly) against the
 * sitemaps.org schema and RFC 4287's RELAX NG grammar, kept in tests/fixtures (no network).
 */

const PUBLIC_URL = "https://www.zipat.example";
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const ATOM_NS = "http://www.w3.org/2005/Atom";
const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8");

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp({ publicUrl: PUBLIC_URL });
  admin = (await app.createUser("ADMIN")).token;
});
afterAll(async () => {
  await app?.close();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(app.baseUrl + path, { headers });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/**
 * The status of a conditional GET as a crawler sends it: through node:http, since fetch adds
 * `Cache-Control: no-cache` to a request with If-None-Match, which rightly forbids a 304.
 */
function conditionalStatus(path: string, etag: string) {
  return new Promise<number>((resolve, reject) => {
    httpGet(`${app.baseUrl}${path}`, { headers: { "if-none-match": etag } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode!));
    }).on("error", reject);
  });
}

/** A well-formed XML document, or the test fails with the parser's complaint (warnings too). */
function parse(xml: string): Document {
  return new DOMParser({ onError: onWarningStopParsing }).parseFromString(xml, "application/xml");
}

const children = (parent: Element | Document, ns: string, name: string): Element[] =>
  Array.from(parent.getElementsByTagNameNS(ns, name)).filter((element) => element.parentNode === parent);
const textOf = (parent: Element, ns: string, name: string) => {
  const [child, ...more] = children(parent, ns, name);
  expect(more, `one ${name}`).toEqual([]);
  return child?.textContent ?? undefined;
};

async function expectValid(xml: string, schema: "sitemap.xsd" | "atom.rng") {
  const result = await validateXML({
    xml: { fileName: "document.xml", contents: xml },
    schema: { fileName: schema, contents: fixture(schema) },
    extension: schema.endsWith(".rng") ? "relaxng" : "schema",
  });
  expect(result.errors.map((error) => error.rawMessage)).toEqual([]);
  expect(result.valid).toBe(true);
}

type SitemapUrl = {
  loc: string;
  lastmod: string | undefined;
  /** hreflang -> address, from the url's xhtml:link alternates (a page with its Hindi). */
  alternates: Record<string, string>;
};

const XHTML_NS = "http://www.w3.org/1999/xhtml";

async function sitemap(): Promise<SitemapUrl[]> {
  const answer = await get("/sitemap.xml");
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  // The sitemaps.org schema checks its own elements strictly and knows no other namespace: it is
  // given the document without the xhtml:link alternates, which are checked below one by one.
  await expectValid(answer.body.replace(/\n\s*<xhtml:link [^>]*\/>/g, ""), "sitemap.xsd");
  const root = parse(answer.body).documentElement!;
  expect([root.namespaceURI, root.localName]).toEqual([SITEMAP_NS, "urlset"]);
  return children(root, SITEMAP_NS, "url").map((url) => ({
    loc: textOf(url, SITEMAP_NS, "loc")!,
    lastmod: textOf(url, SITEMAP_NS, "lastmod"),
    alternates: Object.fromEntries(
      children(url, XHTML_NS, "link").map((link) => {
        expect(link.getAttribute("rel")).toBe("alternate");
        return [link.getAttribute("hreflang")!, link.getAttribute("href")!];
      }),
    ),
  }));
}

type FeedEntry = {
  id: string;
  title: string;
  updated: string;
  published: string | undefined;
  summary: string | undefined;
  links: { rel: string; href: string; type: string }[];
  categories: string[];
  authors: string[];
};

/** The feed, valid by the grammar and by RFC 4287's rules the grammar cannot say. */
async function feed() {
  const answer = await get(BLOG_FEED_PATH);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
  await expectValid(answer.body, "atom.rng");
  const root = parse(answer.body).documentElement!;
  expect([root.namespaceURI, root.localName]).toEqual([ATOM_NS, "feed"]);
  const linksOf = (parent: Element) =>
    children(parent, ATOM_NS, "link").map((link) => ({
      rel: link.getAttribute("rel") ?? "alternate",
      href: link.getAttribute("href")!,
      type: link.getAttribute("type") ?? "",
    }));
  const authorsOf = (parent: Element) =>
    children(parent, ATOM_NS, "author").map((author) => textOf(author, ATOM_NS, "name")!);
  const entries: FeedEntry[] = children(root, ATOM_NS, "entry").map((entry) => ({
    id: textOf(entry, ATOM_NS, "id")!,
    title: textOf(entry, ATOM_NS, "title")!,
    updated: textOf(entry, ATOM_NS, "updated")!,
    published: textOf(entry, ATOM_NS, "published"),
    summary: textOf(entry, ATOM_NS, "summary"),
    links: linksOf(entry),
    categories: children(entry, ATOM_NS, "category").map((category) => category.getAttribute("term")!),
    authors: authorsOf(entry),
  }));
  const head = {
    id: textOf(root, ATOM_NS, "id"),
    title: textOf(root, ATOM_NS, "title"),
    updated: textOf(root, ATOM_NS, "updated"),
    links: linksOf(root),
    authors: authorsOf(root),
  };
  // RFC 4287 4.1.1: a feed has an author unless every entry has one, and no two entries share
  // an id and an updated time; 4.1.2: an entry without content has an alternate link.
  for (const entry of entries) {
    expect([...head.authors, ...entry.authors].length).toBeGreaterThan(0);
    expect(entry.links.some((link) => link.rel === "alternate")).toBe(true);
  }
  expect(new Set(entries.map((entry) => `${entry.id} ${entry.updated}`)).size).toBe(entries.length);
  return { head, entries, etag: answer.headers.get("etag") };
}

async function createPost(fields: { title: string; category?: string; description?: string }) {
  const answer = await app.api("/blog", {
    method: "POST",
    token: admin,
    form: multipart({ category: "News", description: `All about ${fields.title}.`, ...fields }),
  });
  return expectOk(answer, 201, blogPostAnswer);
}

const iso = (date: Date | string | number) => new Date(date).toISOString();
const at = (path: string) => PUBLIC_URL + path;

describe("robots.txt", () => {
  it("lets crawlers read the public site, keeps them out of private and tokened pages, and names the sitemap", async () => {
    const answer = await get("/robots.txt");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = answer.body.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    const disallowed = lines.filter((line) => line.startsWith("Disallow: ")).map((line) => line.slice(10));
    expect(disallowed.sort()).toEqual([...UNCRAWLED_PATHS].sort());
    const blocked = (path: string) => disallowed.some((rule) => path.startsWith(rule));
    for (const path of [
      "/admin",
      "/admin/blog",
      "/api/blog",
      "/profile",
      "/logout",
      "/pay/abc",
      "/receipt/abc",
      "/verify-email?token=abc",
      "/reset-password?token=abc",
    ])
      expect(blocked(path), path).toBe(true);
    // A rule is a prefix: "/api" would have shut out "/apply", "/admin" must not touch "/admissions".
    for (const page of Object.values(PUBLIC_PAGES)) expect(blocked(page.path), page.path).toBe(false);
    for (const path of ["/blog/1", "/courses/1", BLOG_FEED_PATH, "/sitemap.xml"])
      expect(blocked(path), path).toBe(false);
  });
});

describe("sitemap.xml", () => {
  it("lists each page that has its Hindi in both languages, the two naming each other and English as the default", async () => {
    const urls = await sitemap();
    const byLoc = new Map(urls.map((url) => [url.loc, url]));
    const paired = urls.filter((url) => Object.keys(url.alternates).length > 0);
    expect(paired.map((url) => url.loc)).toContain(at("/hi"));
    for (const url of paired) {
      expect(Object.keys(url.alternates).sort()).toEqual(["en-IN", "hi-IN", "x-default"]);
      expect(url.alternates["x-default"]).toBe(url.alternates["en-IN"]);
      expect([url.alternates["en-IN"], url.alternates["hi-IN"]]).toContain(url.loc);
      for (const language of ["en-IN", "hi-IN"]) {
        const other = byLoc.get(url.alternates[language]!);
        expect(other, url.alternates[language]).toBeDefined();
        expect(other!.alternates).toEqual(url.alternates);
      }
      expect(url.alternates["hi-IN"]!.startsWith(at("/hi"))).toBe(true);
    }
    // Each public page follows its place in HINDI_PAGES: paired with its /hi page, or listed once,
    // in English, naming no other language.
    for (const { path } of Object.values(PUBLIC_PAGES)) {
      const hindi = path === "/" ? "/hi" : `/hi${path}`;
      if (hasHindi(path)) {
        expect(byLoc.get(at(path))?.alternates["hi-IN"], path).toBe(at(hindi));
      } else {
        expect(byLoc.get(at(path))?.alternates ?? {}, path).toEqual({});
        expect(byLoc.has(at(hindi)), hindi).toBe(false);
      }
    }
  });

  it("is valid against the sitemaps.org schema and lists every public page, course and post, from PUBLIC_URL", async () => {
    await app.db.delete(blogPosts);
    const first = await createPost({ title: "Reading at home" });
    const second = await createPost({ title: "Sports day" });
    const course = expectOk(
      await app.api("/courses", {
        method: "POST",
        token: admin,
        form: multipart(
          { title: "Phonics", description: "Letters and sounds." },
          { bytes: await makeImage("png") },
        ),
      }),
      201,
      courseAnswer,
    );
    const [courseRow] = await app.db.select().from(courses).where(eq(courses.id, course.id));
    const [firstRow] = await app.db.select().from(blogPosts).where(eq(blogPosts.id, first.id));
    const [secondRow] = await app.db.select().from(blogPosts).where(eq(blogPosts.id, second.id));

    const urls = await sitemap();
    const byLoc = new Map(urls.map((url) => [url.loc, url.lastmod]));
    expect(byLoc.size, "no page twice").toBe(urls.length);
    for (const url of urls) expect(url.loc.startsWith(`${PUBLIC_URL}/`), url.loc).toBe(true);
    expect(urls[0]!.loc).toBe(at("/"));

    // The fixed pages carry no date nothing records; the listings changed when what they list did.
    for (const page of Object.values(PUBLIC_PAGES)) expect(byLoc.has(at(page.path)), page.path).toBe(true);
    expect(byLoc.get(at("/about-us-zipat"))).toBeUndefined();
    expect(byLoc.get(at("/courses/" + course.id))).toBe(iso(courseRow!.updatedAt));
    expect(byLoc.get(at(`/blog/${first.id}`))).toBe(iso(firstRow!.updatedAt));
    expect(byLoc.get(at(`/blog/${second.id}`))).toBe(iso(secondRow!.updatedAt));
    expect(byLoc.get(at("/blog"))).toBe(iso(secondRow!.updatedAt));
    const catalogue = await app.db.select().from(courses);
    const newestCourse = catalogue
      .map((row) => iso(row.updatedAt))
      .sort()
      .at(-1);
    expect(byLoc.get(at("/courses"))).toBe(newestCourse);

    // Not content, or private: never listed.
    for (const path of ["/login", "/profile", "/admin", "/logout", "/teachers/apply", "/api/blog"])
      expect(byLoc.has(at(path)), path).toBe(false);
    expect(urls.every((url) => !/\/(admin|api|pay|receipt)\//.test(url.loc))).toBe(true);
  });

  it("lists the blog, the catalogue, each post and each course in both languages, each naming the other", async () => {
    const post = await createPost({ title: "Festival week" });
    const [course] = await app.db.select({ id: courses.id }).from(courses).limit(1);
    const urls = await sitemap();
    const byLoc = new Map(urls.map((url) => [url.loc, url]));
    for (const path of ["/blog", "/courses", `/blog/${post.id}`, `/courses/${course!.id}`]) {
      const alternates = { "en-IN": at(path), "hi-IN": at(`/hi${path}`), "x-default": at(path) };
      expect(byLoc.get(at(path))?.alternates, path).toEqual(alternates);
      expect(byLoc.get(at(`/hi${path}`))?.alternates, `/hi${path}`).toEqual(alternates);
      expect(byLoc.get(at(`/hi${path}`))?.lastmod, `/hi${path}`).toBe(byLoc.get(at(path))?.lastmod);
    }
  });

  it("shows a new post at once, an edit's date, and drops a deleted post, whichever process wrote it", async () => {
    const before = await sitemap();
    const post = await createPost({ title: "Science week" });
    expect((await sitemap()).map((url) => url.loc)).toContain(at(`/blog/${post.id}`));

    // A write this process never hears of (another instance's): the database is the only truth.
    const edited = new Date("2030-01-02T03:04:05.000Z");
    await app.db.update(blogPosts).set({ updatedAt: edited }).where(eq(blogPosts.id, post.id));
    const urls = await sitemap();
    expect(urls.find((url) => url.loc === at(`/blog/${post.id}`))?.lastmod).toBe(iso(edited));
    expect(urls.find((url) => url.loc === at("/blog"))?.lastmod).toBe(iso(edited));

    expect((await app.api(`/blog/${post.id}`, { method: "DELETE", token: admin })).status).toBe(204);
    const after = await sitemap();
    expect(after.map((url) => url.loc)).not.toContain(at(`/blog/${post.id}`));
    expect(after.map((url) => url.loc)).toEqual(before.map((url) => url.loc));
  });

  it("answers 304 to a client that has it, until the content changes (the feed and robots.txt too)", async () => {
    const first = await get("/sitemap.xml");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    expect(await conditionalStatus("/sitemap.xml", etag)).toBe(304);
    await createPost({ title: "Art club" });
    expect(await conditionalStatus("/sitemap.xml", etag)).toBe(200);
    expect((await get("/sitemap.xml")).headers.get("etag")).not.toBe(etag);

    const feedTag = (await get(BLOG_FEED_PATH)).headers.get("etag")!;
    expect(await conditionalStatus(BLOG_FEED_PATH, feedTag)).toBe(304);
    const robotsTag = (await get("/robots.txt")).headers.get("etag")!;
    expect(await conditionalStatus("/robots.txt", robotsTag)).toBe(304);
  });
});

describe("the blog's Atom feed", () => {
  it("is valid Atom with the feed's id, title, updated time, self and alternate links and author", async () => {
    const { head, entries } = await feed();
    expect(head.id).toBe(at("/blog"));
    expect(head.title).toBe("Zipat Blog");
    expect(head.links).toEqual(
      expect.arrayContaining([
        { rel: "self", href: at(BLOG_FEED_PATH), type: "application/atom+xml" },
        { rel: "alternate", href: at("/blog"), type: "text/html" },
      ]),
    );
    expect(head.authors).toEqual(["Zipat Online School"]);
    expect(head.updated).toBe([...entries.map((entry) => entry.updated)].sort().at(-1));
  });

  it("carries the newest 20 posts, newest first, each with its link, dates, category, author and a plain-text summary", async () => {
    await app.db.delete(blogPosts);
    const start = Date.parse("2026-01-01T00:00:00Z");
    await app.db.insert(blogPosts).values(
      Array.from({ length: FEED_ENTRIES + 2 }, (_, index) => ({
        title: `Post ${index + 1}`,
        category: index % 2 ? "News" : "Tips",
        description: `Paragraph one of post ${index + 1}.\n\nParagraph two.`,
        createdAt: new Date(start + index * 60_000),
        updatedAt: new Date(start + index * 60_000 + 1_000),
      })),
    );
    const rows = await app.db.select().from(blogPosts);
    const idOf = new Map(rows.map((row) => [row.title, row.id]));

    const { head, entries } = await feed();
    expect(entries.map((entry) => entry.title)).toEqual(
      Array.from({ length: FEED_ENTRIES }, (_, index) => `Post ${FEED_ENTRIES + 2 - index}`),
    );
    const newest = entries[0]!;
    const url = at(`/blog/${idOf.get(newest.title)}`);
    expect(newest).toEqual({
      id: url,
      title: `Post ${FEED_ENTRIES + 2}`,
      updated: iso(start + (FEED_ENTRIES + 1) * 60_000 + 1_000),
      published: iso(start + (FEED_ENTRIES + 1) * 60_000),
      summary: `Paragraph one of post ${FEED_ENTRIES + 2}. Paragraph two.`,
      links: [{ rel: "alternate", href: url, type: "text/html" }],
      categories: ["News"],
      authors: ["Zipat Online School"],
    });
    expect(head.updated).toBe(newest.updated);
  });

  it("keeps XML's special characters as text in titles, categories and summaries, and drops characters XML cannot carry", async () => {
    const title = `Fees & "extras" <2026> it's]]> done`;
    const category = "Tips & <Tricks>";
    // Straight into the table: the admin form's rules are not what keeps the XML well-formed.
    const [post] = await app.db
      .insert(blogPosts)
      .values({
        title: `${title}\u0007`,
        category,
        description: "Use <b>bold</b> & CDATA ]]> freely.\u001B",
      })
      .returning();
    const { entries } = await feed();
    expect(entries[0]).toMatchObject({
      id: at(`/blog/${post!.id}`),
      title,
      categories: [category],
      summary: "Use <b>bold</b> & CDATA ]]> freely.",
    });
    expect((await sitemap()).map((url) => url.loc)).toContain(at(`/blog/${post!.id}`));
  });

  it("shows a new post at once and drops a deleted one", async () => {
    const post = await createPost({ title: "Maths olympiad" });
    expect((await feed()).entries[0]).toMatchObject({ title: "Maths olympiad", id: at(`/blog/${post.id}`) });
    expect((await app.api(`/blog/${post.id}`, { method: "DELETE", token: admin })).status).toBe(204);
    expect((await feed()).entries.map((entry) => entry.title)).not.toContain("Maths olympiad");
  });

  it("is valid with no posts at all", async () => {
    await app.db.delete(blogPosts);
    const { head, entries } = await feed();
    expect(entries).toEqual([]);
    expect(head.updated).toBe(new Date(0).toISOString());
  });
});

describe("xmlText", () => {
  it("escapes the five special characters and drops what XML 1.0 cannot carry", () => {
    expect(xmlText(`a & b < c > d "e" 'f'`)).toBe("a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;");
    expect(xmlText("tab\there\nline\r\u0000\u0007\uFFFE\uD800 emoji 🎓")).toBe("tab\there\nline\r emoji 🎓");
  });
});

describe("the one list of public pages", () => {
  /** Public routes that are not pages to find: a parameter, private, or reached through a token. */
  const NOT_LISTED = new Set([
    "($lang)._site.tsx", // the layout
    "($lang)._site.$.tsx", // not found
    "($lang)._site.blog.$id.tsx", // each post: from the database
    "($lang)._site.courses.$id.tsx", // each course: from the database
    "($lang)._site.courses.$id.like.tsx", // a form's action
    "($lang)._site.login.tsx", // not content
    "($lang)._site.profile.tsx", // signed in
    "($lang)._site.profile_.data[.]json.tsx", // signed in: the parent's data download
    "($lang)._site.profile_.data[.]csv.tsx", // signed in: the parent's data download
    "($lang)._site.profile_.delete.tsx", // signed in: erasing the account
    "($lang)._site.pay.$token.tsx", // tokened
    "($lang)._site.pay_.$token.callback.tsx", // tokened
    "($lang)._site.reset-password.tsx", // tokened
    "($lang)._site.verify-email.tsx", // tokened
    "($lang)._site.l.$code.tsx", // a WhatsApp or SMS update's short link: redirects, tokened
  ]);

  it("names every public page route, so a new page reaches the sitemap", () => {
    const routes = readdirSync(new URL("../../app/routes/", import.meta.url)).filter(
      (file) => file.startsWith("($lang)._site.") && !NOT_LISTED.has(file),
    );
    const paths = routes.map((file) =>
      file === "($lang)._site._index.tsx"
        ? "/"
        : "/" +
          file
            .replace(/^\(\$lang\)\._site\./, "")
            .replace(/(\._index)?\.tsx$/, "")
            .replace(/\./g, "/"),
    );
    expect(paths.sort()).toEqual(
      Object.values(PUBLIC_PAGES)
        .map((page) => page.path)
        .sort(),
    );
  });
});
