import type { MetaDescriptor } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { parseVariantFileName, shareImageUrl } from "~/domain/image-variants";
import { buildPageTags, postalAddress, type PageTagsInput, type Site } from "~/services/page-tags.server";
import { DEMO_COMPANY_DETAILS } from "../../db/demo/content";

const SITE: Site = { url: "https://zipat.example", details: DEMO_COMPANY_DETAILS };
const PAGE: PageTagsInput = {
  path: "/about-us-zipat",
  language: "en",
  title: "About us | Zipat",
  description: "Who we are.",
};

/** `{ property | name: content }` of the meta tags, one value per key (a repeated key fails). */
function tagsByKey(tags: MetaDescriptor[]) {
  const found: Record<string, string> = {};
  for (const tag of tags) {
    const { property, name, content } = tag as { property?: string; name?: string; content?: string };
    const key = property ?? name;
    if (!key) continue;
    expect(found[key], `${key} twice`).toBeUndefined();
    found[key] = content!;
  }
  return found;
}

const linksOf = (tags: MetaDescriptor[], rel: string) =>
  tags.filter((tag) => "tagName" in tag && tag.tagName === "link" && (tag as { rel?: string }).rel === rel);

type Graph = { "@context": string; "@graph": Record<string, unknown>[] };
const graphOf = (tags: MetaDescriptor[]) => {
  const scripts = tags.filter((tag) => "script:ld+json" in tag);
  expect(scripts).toHaveLength(1);
  return (scripts[0] as { "script:ld+json": Graph })["script:ld+json"];
};

describe("buildPageTags", () => {
  it("names a page's two languages when it has its Hindi: canonical in its own, alternates both ways, English the default", () => {
    const home = { ...PAGE, path: "/" };
    for (const language of ["en", "hi"] as const) {
      const tags = buildPageTags(SITE, { ...home, language });
      expect(linksOf(tags, "canonical").map((link) => (link as { href: string }).href)).toEqual([
        language === "hi" ? "https://zipat.example/hi" : "https://zipat.example/",
      ]);
      expect(
        linksOf(tags, "alternate").map((link) => [
          (link as { hrefLang: string }).hrefLang,
          (link as { href: string }).href,
        ]),
      ).toEqual([
        ["en-IN", "https://zipat.example/"],
        ["hi-IN", "https://zipat.example/hi"],
        ["x-default", "https://zipat.example/"],
      ]);
      const byKey = tagsByKey(tags);
      expect(byKey["og:locale"]).toBe(language === "hi" ? "hi_IN" : "en_IN");
      expect(byKey["og:locale:alternate"]).toBe(language === "hi" ? "en_IN" : "hi_IN");
      expect(byKey["og:url"]).toBe(language === "hi" ? "https://zipat.example/hi" : "https://zipat.example/");
      // The school's card is described in the page's language.
      expect(byKey["og:image:alt"]).toMatch(language === "hi" ? /खुश विद्यार्थी/ : /Happy Students/);
    }
  });

  it("names no other language for a page that has no Hindi", () => {
    const tags = buildPageTags(SITE, { ...PAGE, path: "/a-page-only-in-english" });
    expect(linksOf(tags, "alternate")).toEqual([]);
    expect(tagsByKey(tags)["og:locale:alternate"]).toBeUndefined();
  });

  it("writes one title, description, canonical link and the share tags, all absolute from the site's address", () => {
    const tags = buildPageTags(SITE, PAGE);
    expect(tags.filter((tag) => "title" in tag)).toEqual([{ title: "About us | Zipat" }]);
    expect(linksOf(tags, "canonical")).toEqual([
      { tagName: "link", rel: "canonical", href: "https://zipat.example/about-us-zipat" },
    ]);
    const meta = tagsByKey(tags);
    expect(meta).toMatchObject({
      description: "Who we are.",
      "og:type": "website",
      "og:title": "About us | Zipat",
      "og:description": "Who we are.",
      "og:url": "https://zipat.example/about-us-zipat",
      "og:site_name": "Zipat Online School",
      "og:locale": "en_IN",
      "og:image:type": "image/jpeg",
      "og:image:width": "1200",
      "og:image:height": "630",
      "twitter:card": "summary_large_image",
      "twitter:title": "About us | Zipat",
      "twitter:description": "Who we are.",
    });
    expect(meta["og:image"]).toMatch(/^https:\/\/zipat\.example\/social-card\.jpg\?v=[0-9a-f]{10}$/);
    expect(meta["twitter:image"]).toBe(meta["og:image"]);
    expect(meta["og:image:alt"]).toContain("Zipat Online School");
    expect(meta["article:published_time"]).toBeUndefined();
  });

  it("names the school with its contact details on every page, and nothing else without a trail", () => {
    const graph = graphOf(buildPageTags(SITE, PAGE));
    expect(graph["@context"]).toBe("https://schema.org");
    expect(graph["@graph"]).toHaveLength(1);
    expect(graph["@graph"][0]).toMatchObject({
      "@type": "School",
      "@id": "https://zipat.example/#school",
      name: "Zipat Online School",
      url: "https://zipat.example/",
      email: DEMO_COMPANY_DETAILS.email,
      telephone: DEMO_COMPANY_DETAILS.phone,
      address: { "@type": "PostalAddress", addressLocality: "Bengaluru", postalCode: "560038" },
    });
    expect(graph["@graph"][0]!.logo).toMatch(/^https:\/\/zipat\.example\/school-logo\.png\?v=[0-9a-f]{10}$/);
  });

  it("leaves the contact details out, not the page, when they cannot be read", () => {
    const [school] = graphOf(buildPageTags({ ...SITE, details: null }, PAGE))["@graph"];
    expect(school).toMatchObject({ "@type": "School", name: "Zipat Online School" });
    expect(school).not.toHaveProperty("address");
    expect(school).not.toHaveProperty("email");
  });

  it("describes a post: article tags, its JPEG share copy, a BlogPosting by the school and the trail", () => {
    const published = new Date("2025-06-01T04:30:00Z");
    const modified = new Date("2025-06-02T10:00:00Z");
    const tags = buildPageTags(SITE, {
      path: "/blog/7",
      language: "en",
      title: "Morning routines | Zipat Blog",
      description: "Calm mornings.",
      image: { url: "/uploads/0b5c1f9e-1111-4222-8333-944445555666.png", alt: "Morning routines" },
      post: { headline: "Morning routines", section: "Parenting", published, modified },
      trail: [
        { name: "Home", path: "/" },
        { name: "Blog", path: "/blog" },
        { name: "Morning routines", path: "/blog/7" },
      ],
      feed: true,
    });
    const meta = tagsByKey(tags);
    const image = "https://zipat.example/uploads/0b5c1f9e-1111-4222-8333-944445555666-1200w.jpg";
    expect(meta).toMatchObject({
      "og:type": "article",
      "og:image": image,
      "og:image:alt": "Morning routines",
      "article:published_time": "2025-06-01T04:30:00.000Z",
      "article:modified_time": "2025-06-02T10:00:00.000Z",
      "article:section": "Parenting",
    });
    // A stored picture's height depends on it: none is claimed.
    expect(meta["og:image:width"]).toBeUndefined();
    // A post has its Hindi page (issue 37): both addresses, English the default, then the feed.
    expect(linksOf(tags, "alternate")).toEqual([
      { tagName: "link", rel: "alternate", hrefLang: "en-IN", href: "https://zipat.example/blog/7" },
      { tagName: "link", rel: "alternate", hrefLang: "hi-IN", href: "https://zipat.example/hi/blog/7" },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: "https://zipat.example/blog/7" },
      {
        tagName: "link",
        rel: "alternate",
        type: "application/atom+xml",
        title: "Zipat blog",
        href: "/blog/feed.xml",
      },
    ]);
    const graph = graphOf(tags)["@graph"];
    expect(graph.map((node) => node["@type"])).toEqual(["School", "BlogPosting", "BreadcrumbList"]);
    expect(graph[1]).toMatchObject({ inLanguage: "en-IN" });
    const school = { "@type": "School", "@id": "https://zipat.example/#school" };
    expect(graph[1]).toMatchObject({
      headline: "Morning routines",
      description: "Calm mornings.",
      articleSection: "Parenting",
      datePublished: "2025-06-01T04:30:00.000Z",
      dateModified: "2025-06-02T10:00:00.000Z",
      image: { "@type": "ImageObject", url: image },
      author: school,
      publisher: school,
      mainEntityOfPage: { "@type": "WebPage", "@id": "https://zipat.example/blog/7" },
    });
    expect(graph[2]).toEqual({
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://zipat.example/" },
        { "@type": "ListItem", position: 2, name: "Blog", item: "https://zipat.example/blog" },
        { "@type": "ListItem", position: 3, name: "Morning routines", item: "https://zipat.example/blog/7" },
      ],
    });
  });

  it("names the language a post's words are in: the Hindi staff wrote for it on its Hindi page", () => {
    const graph = graphOf(
      buildPageTags(SITE, {
        ...PAGE,
        path: "/blog/7",
        language: "hi",
        post: {
          headline: "खेल दिवस",
          section: "News",
          published: new Date(0),
          modified: new Date(0),
          language: "hi",
        },
      }),
    )["@graph"];
    expect(graph[1]).toMatchObject({ "@type": "BlogPosting", headline: "खेल दिवस", inLanguage: "hi-IN" });
  });

  it("cuts a headline to the 110 characters search engines show", () => {
    const headline = "A".repeat(150);
    const graph = graphOf(
      buildPageTags(SITE, {
        ...PAGE,
        post: { headline, section: "News", published: new Date(0), modified: new Date(0) },
      }),
    )["@graph"];
    expect((graph[1]!.headline as string).length).toBe(110);
  });

  it("describes a course as a Course the school provides", () => {
    const graph = graphOf(
      buildPageTags(SITE, {
        path: "/courses/3",
        language: "en",
        title: "Coding | Courses | Zipat",
        description: "Blocks, then text.",
        image: { url: "/uploads/0b5c1f9e-1111-4222-8333-944445555666.webp", alt: "Coding" },
        course: { name: "Coding for Kids", description: "Blocks, then text." },
      }),
    )["@graph"];
    expect(graph[1]).toMatchObject({
      "@type": "Course",
      name: "Coding for Kids",
      description: "Blocks, then text.",
      provider: { "@type": "School", "@id": "https://zipat.example/#school" },
      url: "https://zipat.example/courses/3",
    });
  });

  it("falls back to the school's card for a picture that is not a stored image", () => {
    const meta = tagsByKey(
      buildPageTags(SITE, { ...PAGE, image: { url: "https://elsewhere.example/a.png", alt: "x" } }),
    );
    expect(meta["og:image"]).toMatch(/social-card/);
    expect(meta["og:image:width"]).toBe("1200");
  });
});

describe("postalAddress", () => {
  it("reads street, locality, region and PIN code from the lines staff keep", () => {
    expect(postalAddress(DEMO_COMPANY_DETAILS.address)).toEqual({
      "@type": "PostalAddress",
      streetAddress: "3rd Floor, Sunrise Business Park, 100 Feet Road, Indiranagar",
      addressLocality: "Bengaluru",
      addressRegion: "Karnataka",
      postalCode: "560038",
      addressCountry: "IN",
    });
  });

  it("reads the same from one line, with a spaced or dashed PIN code", () => {
    expect(postalAddress("12 MG Road, Pune, Maharashtra - 411 001, India")).toEqual({
      "@type": "PostalAddress",
      streetAddress: "12 MG Road",
      addressLocality: "Pune",
      addressRegion: "Maharashtra",
      postalCode: "411001",
      addressCountry: "IN",
    });
  });

  it("keeps an address it cannot read whole as the street address", () => {
    expect(postalAddress("Online only\nWrite to us")).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Online only, Write to us",
      addressCountry: "IN",
    });
  });
});

describe("the link-preview copy of a stored image", () => {
  it("is a 1200-pixel JPEG named after the original, made only for stored originals", () => {
    expect(shareImageUrl("/uploads/abc-123.webp")).toBe("/uploads/abc-123-1200w.jpg");
    expect(shareImageUrl("https://elsewhere.example/abc.png")).toBeNull();
    expect(parseVariantFileName("abc-123-1200w.jpg")).toEqual({
      base: "abc-123",
      width: 1200,
      format: "jpeg",
    });
    expect(parseVariantFileName("abc-123-800w.webp")).toEqual({
      base: "abc-123",
      width: 800,
      format: "webp",
    });
    // Only the one JPEG size is made: nobody can ask the server for others.
    expect(parseVariantFileName("abc-123-800w.jpg")).toBeNull();
    expect(parseVariantFileName("abc-123-1200w.png")).toBeNull();
  });
});
