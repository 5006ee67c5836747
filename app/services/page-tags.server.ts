import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { MetaDescriptor } from "@remix-run/node";
import type {
  BlogPosting,
  BreadcrumbList,
  Course,
  Graph,
  ImageObject,
  PostalAddress,
  School,
  Thing,
} from "schema-dts";
import { projectFile } from "../../db/project-files";
import { postExcerpt } from "~/domain/format";
import { SCHOOL } from "~/domain/brand";
import { shareImageUrl } from "~/domain/image-variants";
import { LANGUAGE_INFO, LANGUAGES, pathIn, type Language } from "~/domain/languages";
import { BLOG_FEED_PATH, hasHindi } from "~/domain/public-pages";
import { SITE_TEXTS } from "~/domain/texts/site";
import { translator } from "~/domain/translations";
import type { CompanyDetails } from "./details.server";

/**
 * The head of every public page in one place: title, description, canonical link, Open Graph and
 * X (Twitter) card tags, and one JSON-LD script (schema.org, typed with schema-dts) that names
 * the school with its contact details, plus the post, course and breadcrumb trail a page shows.
 * Built on the server in the page's loader and handed to `meta` as data, so none of this code
 * ships to browsers (docs/decisions/0031-page-tags-and-structured-data.md). Routes reach it through
 * `context.services.pageTags`, never by import: an import of a `.server` module leaves an empty
 * stand-in in the browser bundle, and this one would have been shared by every page, the home
 * page's first load included.
 */

/** What every page says about the site: its public address (PUBLIC_URL) and the school's details. */
export type Site = { url: string; details: CompanyDetails | null };

type Crumb = { name: string; path: string };

export type PageTagsInput = {
  /** The page's path in English; a query only where it names other content (the blog's `?page=2`). */
  path: string;
  /** The language the page is shown in (its address is the path in that language: decision 0047). */
  language: Language;
  /** Unique across the site (a test checks every public page). */
  title: string;
  /** Unique too; cut at a word to the 155 characters search results show. */
  description: string;
  /** The stored image the page is about (its URL as the API answers it); the school's card otherwise. */
  image?: { url: string | null; alt: string };
  /** The pages above this one, home first (this page ends the trail): a BreadcrumbList. */
  trail?: Crumb[];
  /**
   * A blog post: og:type article and a BlogPosting. `language`: what its headline and text are
   * written in (English unless the page shows the Hindi staff wrote for it, issue 37).
   */
  post?: { headline: string; section: string; published: Date; modified: Date; language?: Language };
  /** A course: a Course, its name and description written in `language` (English unless given). */
  course?: { name: string; description: string; language?: Language };
  /** The blog's pages name its Atom feed. */
  feed?: boolean;
};

/**
 * The site's own pictures, drawn once by dev/social-card.tsx and committed under app/assets:
 * served by their resource routes (`/social-card.jpg`, `/school-logo.png`) with a version from
 * their bytes, so a new drawing gets a new address and link previews fetch it again.
 */
const SHARE_ASSETS = {
  card: { file: "social-card.jpg", path: "/social-card.jpg", type: "image/jpeg" },
  logo: { file: "school-logo.png", path: "/school-logo.png", type: "image/png" },
} as const;

type ShareAsset = keyof typeof SHARE_ASSETS;

const assetBytes = new Map<ShareAsset, { bytes: Buffer; version: string }>();

/** An asset's bytes and version, read once (the files ship with the code, under app/assets). */
function shareAsset(name: ShareAsset): { bytes: Buffer; version: string; type: string } {
  let asset = assetBytes.get(name);
  if (!asset) {
    const bytes = readFileSync(projectFile("app", "assets", SHARE_ASSETS[name].file));
    asset = { bytes, version: createHash("sha256").update(bytes).digest("hex").slice(0, 10) };
    assetBytes.set(name, asset);
  }
  return { ...asset, type: SHARE_ASSETS[name].type };
}

const assetPath = (name: ShareAsset) => `${SHARE_ASSETS[name].path}?v=${shareAsset(name).version}`;

/** The card's size: what Facebook, WhatsApp and X ask for. */
const SOCIAL_CARD = { width: 1200, height: 630 };

/** Search results show about 155 characters of a description. */
const DESCRIPTION_CHARACTERS = 155;

/** Google shows at most 110 characters of a headline. */
const HEADLINE_CHARACTERS = 110;

const absolute = (site: Site, path: string) => `${site.url}${path}`;

/** "Karnataka 560038" (or "Karnataka - 560 038"): a region and an Indian PIN code. */
const PIN_CODE = /^(.+?)\s*[-–]?\s*(\d{3} ?\d{3})$/;

/**
 * The school's address for machines, from the one text staff keep ("Zipat School\n3rd Floor, …\n
 * Bengaluru, Karnataka 560038\nIndia", on lines or one line): the part ending in the six-digit PIN
 * code gives region and postal code, the part before it the locality, those before that the
 * street (an opening part naming the school is the addressee, not the street). An address with
 * no PIN code goes whole into the street address.
 */
export function postalAddress(text: string): PostalAddress {
  const parts = text
    .split(/[\n,]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const india: PostalAddress = { "@type": "PostalAddress", addressCountry: "IN" };
  const index = parts.findIndex((part) => PIN_CODE.test(part));
  if (index < 1) return { ...india, streetAddress: parts.join(", ") };
  const [, region, postalCode] = PIN_CODE.exec(parts[index]!)!;
  const street = parts.slice(parts[0]!.startsWith(SCHOOL.name) ? 1 : 0, index - 1);
  return {
    ...india,
    ...(street.length > 0 ? { streetAddress: street.join(", ") } : {}),
    addressLocality: parts[index - 1]!,
    addressRegion: region!,
    postalCode: postalCode!.replace(" ", ""),
  };
}

/** The school as every page describes it; other nodes point at it by its `@id`. */
function school(site: Site): School {
  const { details } = site;
  return {
    "@type": "School",
    "@id": absolute(site, "/#school"),
    name: SCHOOL.fullName,
    alternateName: SCHOOL.name,
    slogan: SCHOOL.tagline,
    url: absolute(site, "/"),
    logo: absolute(site, assetPath("logo")),
    image: absolute(site, assetPath("card")),
    ...(details && {
      email: details.email,
      telephone: details.phone,
      address: postalAddress(details.address),
    }),
  };
}

/** A reference to the school node, named too so a reader that does not follow `@id` still knows it. */
const schoolRef = (site: Site): School => ({
  "@type": "School",
  "@id": absolute(site, "/#school"),
  name: SCHOOL.fullName,
  url: absolute(site, "/"),
});

function breadcrumbs(site: Site, trail: Crumb[], language: Language): BreadcrumbList {
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absolute(site, pathIn(language, crumb.path)),
    })),
  };
}

/** The image link previews show: the page's own (its JPEG share copy) or the school's card. */
function shareImage(site: Site, page: PageTagsInput) {
  const own = page.image?.url ? shareImageUrl(page.image.url) : null;
  if (own) return { url: absolute(site, own), alt: page.image!.alt, width: undefined, height: undefined };
  const alt = translator(SITE_TEXTS, page.language)("socialCard.alt", { school: SCHOOL.fullName });
  return { ...SOCIAL_CARD, alt, url: absolute(site, assetPath("card")) };
}

function structuredData(site: Site, page: PageTagsInput, url: string, image: string): Graph {
  const nodes: Thing[] = [school(site)];
  const picture: ImageObject = { "@type": "ImageObject", url: image };
  if (page.post) {
    const posting: BlogPosting = {
      "@type": "BlogPosting",
      "@id": `${url}#post`,
      headline: clip(page.post.headline, HEADLINE_CHARACTERS),
      description: page.description,
      articleSection: page.post.section,
      datePublished: page.post.published.toISOString(),
      dateModified: page.post.modified.toISOString(),
      image: picture,
      author: schoolRef(site),
      publisher: schoolRef(site),
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
      url,
      inLanguage: LANGUAGE_INFO[page.post.language ?? "en"].tag,
    };
    nodes.push(posting);
  }
  if (page.course) {
    const course: Course = {
      "@type": "Course",
      "@id": `${url}#course`,
      name: page.course.name,
      description: page.course.description,
      provider: schoolRef(site),
      image: picture,
      url,
      inLanguage: LANGUAGE_INFO[page.course.language ?? "en"].tag,
    };
    nodes.push(course);
  }
  if (page.trail?.length) nodes.push(breadcrumbs(site, page.trail, page.language));
  return { "@context": "https://schema.org", "@graph": nodes };
}

function clip(text: string, characters: number): string {
  return text.length <= characters ? text : `${text.slice(0, characters - 1).trimEnd()}…`;
}

/** The tags of one page (pure: the unit tests call it with a made-up site). */
export function buildPageTags(site: Site, input: PageTagsInput): MetaDescriptor[] {
  const page = { ...input, description: postExcerpt(input.description, DESCRIPTION_CHARACTERS) };
  // Both languages' addresses, when the page has its Hindi: each names the other, English is the default.
  const [pathOnly = "/", query] = page.path.split("?");
  const translated = hasHindi(pathOnly);
  const inLanguage = (language: Language) =>
    absolute(site, `${pathIn(language, pathOnly)}${query === undefined ? "" : `?${query}`}`);
  const url = inLanguage(page.language);
  const image = shareImage(site, page);
  const property = (name: string, content: string | number | undefined) =>
    content === undefined ? [] : [{ property: name, content: String(content) }];
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    ...(translated
      ? [
          ...LANGUAGES.map((language) => ({
            tagName: "link",
            rel: "alternate",
            hrefLang: LANGUAGE_INFO[language].tag,
            href: inLanguage(language),
          })),
          { tagName: "link", rel: "alternate", hrefLang: "x-default", href: inLanguage("en") },
        ]
      : []),
    ...(page.feed
      ? [
          {
            tagName: "link",
            rel: "alternate",
            type: "application/atom+xml",
            title: `${SCHOOL.name} blog`,
            href: BLOG_FEED_PATH,
          },
        ]
      : []),
    ...property("og:site_name", SCHOOL.fullName),
    ...property("og:locale", LANGUAGE_INFO[page.language].ogLocale),
    ...(translated
      ? LANGUAGES.filter((language) => language !== page.language).flatMap((language) =>
          property("og:locale:alternate", LANGUAGE_INFO[language].ogLocale),
        )
      : []),
    ...property("og:type", page.post ? "article" : "website"),
    ...property("og:title", page.title),
    ...property("og:description", page.description),
    ...property("og:url", url),
    ...property("og:image", image.url),
    ...property("og:image:type", "image/jpeg"),
    ...property("og:image:width", image.width),
    ...property("og:image:height", image.height),
    ...property("og:image:alt", image.alt),
    ...property("article:published_time", page.post?.published.toISOString()),
    ...property("article:modified_time", page.post?.modified.toISOString()),
    ...property("article:section", page.post?.section),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image.url },
    { name: "twitter:image:alt", content: image.alt },
    { "script:ld+json": structuredData(site, page, url, image.url) as unknown as Record<string, unknown> },
  ];
}

/**
 * `services.pageTags`: a page's tags for its loader, `return { tags: await
 * context.services.pageTags.page({...}) }` (or `pageHead` of app/utils/page-head.server.ts when
 * they are all it returns), and its `meta` hands them on. The school's details are
 * never worth failing a page for (as in the footer): without them the school is named without its
 * contact details.
 */
export function createPageTags({
  publicUrl,
  details,
}: {
  publicUrl: string;
  details: { get(): Promise<CompanyDetails> };
}) {
  return {
    async page(page: PageTagsInput): Promise<MetaDescriptor[]> {
      const known = await details.get().catch(() => null);
      return buildPageTags({ url: publicUrl, details: known }, page);
    },
    /** The bytes and type of the card or the logo, for their resource routes. */
    asset: shareAsset,
  };
}
