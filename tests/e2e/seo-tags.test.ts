import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import { DEMO_COMPANY_DETAILS } from "../../db/demo/content";
import { callApi } from "../support/app";
import { MODES, openPage, untilHydrated } from "../support/browser";
import type { RunningServer } from "../support/server";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/**
 * Issue 24, points 2 and 3: every public page's head (canonical link, unique title and
 * description, Open Graph and X card tags with a picture that answers) and its JSON-LD, in the
 * server's HTML (scripts off) and after hydration and client-side navigation (scripts on).
 * PUBLIC_URL differs from the address the browser uses: every absolute URL must come from it,
 * never from the Host header.
 */
const PUBLIC_URL = "https://www.zipat.example";

/** A title that would end the JSON-LD script early if it were written out unescaped. */
const HOSTILE_TITLE = `Quotes "double" & 'single' </script><script>window.__pwned = 1</script> end`;

type Head = {
  title: string;
  metas: Record<string, string[]>;
  canonical: string[];
  feeds: { href: string; title: string }[];
  robots: string | null;
  jsonLd: string[];
};

type Node = Record<string, unknown> & { "@type"?: string; "@id"?: string };

/** What the page's head says, read from the DOM (with scripts off, the server's HTML as it came). */
function headOf(page: Page): Promise<Head> {
  return page.evaluate(() => {
    const metas: Record<string, string[]> = {};
    for (const meta of document.head.querySelectorAll("meta[property], meta[name]")) {
      const key = meta.getAttribute("property") ?? meta.getAttribute("name")!;
      (metas[key] ??= []).push(meta.getAttribute("content") ?? "");
    }
    return {
      title: document.title,
      metas,
      canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((link) =>
        link.getAttribute("href")!,
      ),
      feeds: [...document.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]')].map(
        (link) => ({
          href: link.getAttribute("href")!,
          title: link.getAttribute("title")!,
        }),
      ),
      robots: document.querySelector('meta[name="robots"]')?.getAttribute("content") ?? null,
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => script.textContent,
      ),
    };
  });
}

const one = (head: Head, key: string) => {
  expect(head.metas[key], key).toHaveLength(1);
  return head.metas[key]![0]!;
};

/** schema.org's expectations for each type the site writes (and Google's for rich results). */
const REQUIRED: Record<string, string[]> = {
  School: ["@id", "name", "url", "logo", "address", "email", "telephone"],
  PostalAddress: ["streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry"],
  BlogPosting: [
    "headline",
    "description",
    "datePublished",
    "dateModified",
    "image",
    "author",
    "publisher",
    "mainEntityOfPage",
  ],
  Course: ["name", "description", "provider"],
  BreadcrumbList: ["itemListElement"],
  ListItem: ["position", "name", "item"],
  ImageObject: ["url"],
  WebPage: ["@id"],
};

/** Every node and nested object with a type has the properties its type requires, and only known types occur. */
function checkShape(value: unknown, where = "$") {
  if (Array.isArray(value)) return value.forEach((item, index) => checkShape(item, `${where}[${index}]`));
  if (!value || typeof value !== "object") return;
  const node = value as Node;
  if (node["@type"]) {
    const required = REQUIRED[node["@type"]];
    expect(required, `${where}: unexpected @type ${node["@type"]}`).toBeDefined();
    // A reference to the school (author, publisher, provider) only names it; the full node is in the graph.
    const isReference = node["@type"] === "School" && Object.keys(node).length <= 4;
    for (const property of isReference ? ["@id", "name"] : required!)
      expect(node[property], `${where}.${property} (${node["@type"]})`).toBeTruthy();
  }
  for (const [key, child] of Object.entries(node)) checkShape(child, `${where}.${key}`);
}

/** The page's one JSON-LD script: parsed, shape-checked, its nodes by type. */
function structuredData(head: Head) {
  expect(head.jsonLd).toHaveLength(1);
  const data = JSON.parse(head.jsonLd[0]!) as { "@context": string; "@graph": Node[] };
  expect(data["@context"]).toBe("https://schema.org");
  checkShape(data["@graph"]);
  const byType = (type: string) => data["@graph"].filter((node) => node["@type"] === type);
  return { graph: data["@graph"], byType };
}

function checkSchool(school: Node) {
  expect(school).toMatchObject({
    "@id": `${PUBLIC_URL}/#school`,
    name: "Zipat Online School",
    url: `${PUBLIC_URL}/`,
    email: DEMO_COMPANY_DETAILS.email,
    telephone: DEMO_COMPANY_DETAILS.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: "3rd Floor, Sunrise Business Park, 100 Feet Road, Indiranagar",
      addressLocality: "Bengaluru",
      addressRegion: "Karnataka",
      postalCode: "560038",
      addressCountry: "IN",
    },
  });
  expect(school.logo).toMatch(new RegExp(`^${PUBLIC_URL}/school-logo\\.png\\?v=[0-9a-f]{10}$`));
}

function checkTrail(list: Node, trail: [string, string][]) {
  expect(list.itemListElement).toEqual(
    trail.map(([name, path], index) => ({
      "@type": "ListItem",
      position: index + 1,
      name,
      item: PUBLIC_URL + path,
    })),
  );
}

describe("page tags and structured data", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;
  siteAndBrowserForFile(
    (site) => ({ server, browser, adminToken } = site),
    () => ({ PUBLIC_URL }),
  );

  let posts: { id: number; title: string; description: string; imageUrl: string | null }[];
  let courses: { id: number; title: string; description: string; imageUrl: string }[];
  let hostile: { id: number };
  beforeAll(async () => {
    const created = await callApi(server.url, "/blog", {
      token: adminToken,
      json: { title: HOSTILE_TITLE, category: "News", description: "A post whose title tries to break out." },
    });
    expect(created.status).toBe(201);
    hostile = created.body as { id: number };
    posts = ((await callApi(server.url, "/blog?limit=50")).body as { posts: typeof posts }).posts;
    courses = (await callApi(server.url, "/courses")).body as typeof courses;
  });

  /** The path part of one of the site's absolute URLs, asked of the test server. */
  const local = (url: string) => server.url + url.slice(PUBLIC_URL.length);

  async function expectImage(url: string) {
    expect(url.startsWith(`${PUBLIC_URL}/`), url).toBe(true);
    const response = await fetch(local(url));
    expect(response.status, url).toBe(200);
    expect(response.headers.get("content-type"), url).toBe("image/jpeg");
    // A real JPEG, not a page named like one.
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  }

  /** The tags every public page has, with this page's path; answers the head and its graph. */
  async function checkPage(page: Page, path: string, { type = "website" } = {}) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    // With scripts on, the tags are read once React has hydrated the page (and rendered `<Meta>` again).
    if (scriptsOn) await untilHydrated(page);
    const head = await headOf(page);
    const url = PUBLIC_URL + path;
    expect(head.canonical, path).toEqual([url]);
    expect(head.robots).toBeNull();
    expect(head.title.length).toBeGreaterThan(5);
    const description = one(head, "description");
    expect(description.length).toBeGreaterThan(30);
    expect(description.length).toBeLessThanOrEqual(300);
    expect(one(head, "og:title")).toBe(head.title);
    expect(one(head, "og:description")).toBe(description);
    expect(one(head, "og:url")).toBe(url);
    expect(one(head, "og:type")).toBe(type);
    expect(one(head, "og:site_name")).toBe("Zipat Online School");
    expect(one(head, "og:locale")).toBe("en_IN");
    expect(one(head, "og:image:alt").length).toBeGreaterThan(3);
    expect(one(head, "twitter:card")).toBe("summary_large_image");
    expect(one(head, "twitter:title")).toBe(head.title);
    expect(one(head, "twitter:description")).toBe(description);
    const image = one(head, "og:image");
    expect(one(head, "twitter:image")).toBe(image);
    const data = structuredData(head);
    const [school, ...others] = data.byType("School");
    expect(others).toEqual([]);
    checkSchool(school!);
    return { head, image, data };
  }

  const SCRIPT_ERRORS: string[] = [];
  let scriptsOn = false;

  describe.each(MODES)("$label", ({ javaScript }) => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await openPage(browser, server, { javaScript }));
      scriptsOn = javaScript;
      page.on("pageerror", (error) => SCRIPT_ERRORS.push(error.message));
      // A CSP refusal shows as a console error: JSON-LD is data, the policy must neither block nor report it.
      page.on("console", (message) => {
        if (message.type() === "error") SCRIPT_ERRORS.push(message.text());
      });
    });
    afterAll(async () => {
      await context?.close();
    });

    it("home, a content page and a program page: the school, the card, a trail on programs", async () => {
      const home = await checkPage(page, "/");
      expect(home.image).toMatch(new RegExp(`^${PUBLIC_URL}/social-card\\.jpg\\?v=[0-9a-f]{10}$`));
      expect(one(home.head, "og:image:width")).toBe("1200");
      expect(one(home.head, "og:image:height")).toBe("630");
      expect(one(home.head, "og:image:type")).toBe("image/jpeg");
      await expectImage(home.image);
      const logo = await fetch(local(home.data.byType("School")[0]!.logo as string));
      expect(logo.status).toBe(200);
      expect(logo.headers.get("content-type")).toBe("image/png");
      expect(home.data.byType("BreadcrumbList")).toEqual([]);

      const about = await checkPage(page, "/about-us-zipat");
      expect(about.image).toBe(home.image);

      const program = await checkPage(page, "/programs/primary");
      checkTrail(program.data.byType("BreadcrumbList")[0]!, [
        ["Home", "/"],
        ["Primary, Grade 1 to 5", "/programs/primary"],
      ]);
    });

    it("blog pages name the feed; page 2 is its own canonical page", async () => {
      for (const path of ["/blog", "/blog?page=2"]) {
        const { head } = await checkPage(page, path);
        expect(head.feeds).toEqual([{ href: "/blog/feed.xml", title: "Zipat blog" }]);
      }
      // Tracking parameters are not part of the address.
      await page.goto("/blog?utm_source=newsletter");
      expect((await headOf(page)).canonical).toEqual([`${PUBLIC_URL}/blog`]);
    });

    it("a post: article tags, its own picture as JPEG, a BlogPosting and its trail", async () => {
      const post = posts.find((candidate) => candidate.imageUrl && candidate.id !== hostile.id)!;
      const path = `/blog/${post.id}`;
      const { head, image, data } = await checkPage(page, path, { type: "article" });
      expect(head.feeds).toHaveLength(1);
      expect(image).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/[\\w-]+-1200w\\.jpg$`));
      await expectImage(image);
      expect(one(head, "article:published_time")).toMatch(/^\d{4}-\d\d-\d\dT/);
      const [posting] = data.byType("BlogPosting");
      expect(posting).toMatchObject({
        headline: post.title,
        mainEntityOfPage: { "@type": "WebPage", "@id": PUBLIC_URL + path },
        author: { "@id": `${PUBLIC_URL}/#school` },
        publisher: { "@id": `${PUBLIC_URL}/#school` },
        image: { "@type": "ImageObject", url: image },
      });
      expect(Date.parse(posting!.datePublished as string)).not.toBeNaN();
      expect(Date.parse(posting!.dateModified as string)).not.toBeNaN();
      checkTrail(data.byType("BreadcrumbList")[0]!, [
        ["Home", "/"],
        ["Blog", "/blog"],
        [post.title, path],
      ]);
    });

    it("a post without a picture shares the school's card", async () => {
      const { image } = await checkPage(page, `/blog/${hostile.id}`, { type: "article" });
      expect(image).toMatch(/\/social-card\.jpg\?v=[0-9a-f]{10}$/);
    });

    it("courses and a course: a Course from the school, with its picture and trail", async () => {
      await checkPage(page, "/courses");
      const course = courses[0]!;
      const path = `/courses/${course.id}`;
      const { image, data } = await checkPage(page, path);
      expect(image).toMatch(/\/uploads\/[\w-]+-1200w\.jpg$/);
      await expectImage(image);
      expect(data.byType("Course")[0]).toMatchObject({
        name: course.title,
        description: course.description,
        provider: { "@type": "School", "@id": `${PUBLIC_URL}/#school` },
      });
      checkTrail(data.byType("BreadcrumbList")[0]!, [
        ["Home", "/"],
        ["Courses", "/courses"],
        [course.title, path],
      ]);
    });

    it("fee structure and apply", async () => {
      await checkPage(page, "/fee-structure");
      await checkPage(page, "/apply");
    });

    it("escapes a title that tries to end the script: the JSON-LD keeps it as text", async () => {
      const path = `/blog/${hostile.id}`;
      await page.goto(path);
      const head = await headOf(page);
      expect(head.title).toBe(`${HOSTILE_TITLE} | Zipat Blog`);
      expect(one(head, "og:title")).toBe(head.title);
      const [posting] = structuredData(head).byType("BlogPosting");
      expect(posting!.headline).toBe(HOSTILE_TITLE);
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      // As the server sent it: no `</script>` inside the data, `<` written as \u003c.
      const html = await (await fetch(server.url + path)).text();
      const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
      expect(script).not.toContain("<");
      expect(script).toContain("\\u003c/script\\u003e");
    });

    it("private pages keep noindex and get no canonical or share tags", async () => {
      for (const path of ["/reset-password", "/verify-email"]) {
        await page.goto(path);
        const head = await headOf(page);
        expect(head.robots, path).toBe("noindex");
        expect(head.canonical, path).toEqual([]);
        expect(
          Object.keys(head.metas).filter((key) => /^(og|twitter):/.test(key)),
          path,
        ).toEqual([]);
        expect(head.jsonLd, path).toEqual([]);
      }
    });

    if (javaScript)
      it("a client-side navigation brings the next page's tags, once each", async () => {
        await page.goto("/blog");
        await untilHydrated(page);
        const post = posts[0]!;
        await page.locator(`a[href="/blog/${post.id}"]`).first().click();
        await page.waitForURL(`**/blog/${post.id}`);
        await expect
          .poll(async () => (await headOf(page)).canonical)
          .toEqual([`${PUBLIC_URL}/blog/${post.id}`]);
        const head = await headOf(page);
        expect(one(head, "og:url")).toBe(`${PUBLIC_URL}/blog/${post.id}`);
        expect(structuredData(head).byType("BlogPosting")[0]!.headline).toBe(post.title);
      });

    it("ran without a script error or a policy report", () => {
      expect(SCRIPT_ERRORS).toEqual([]);
    });
  });

  it("every public page, post and course has its own title and description", async () => {
    const paths = [
      ...Object.values(PUBLIC_PAGES).map((entry) => entry.path),
      "/blog?page=2",
      ...posts.map((post) => `/blog/${post.id}`),
      ...courses.map((course) => `/courses/${course.id}`),
    ];
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of paths) {
      const html = await (await fetch(server.url + path)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
      expect(title, path).toBeTruthy();
      expect(description, path).toBeTruthy();
      expect(canonical, path).toBe(PUBLIC_URL + path);
      expect(titles.get(title!), `${path} has the title of ${titles.get(title!)}`).toBeUndefined();
      expect(
        descriptions.get(description!),
        `${path} has the description of ${descriptions.get(description!)}`,
      ).toBeUndefined();
      titles.set(title!, path);
      descriptions.set(description!, path);
    }
    expect(titles.size).toBe(paths.length);
  });
});
