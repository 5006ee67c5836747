import { imageSources } from "~/domain/image-variants";

/**
 * Every image (blog posts, courses, admin thumbnails, the drawings of `Illustration`) goes through here, so the rules for
 * images live in one place: a stored image is offered as its right-sized WebP variants (`srcset`
 * with the caller's `sizes`), intrinsic width and height always set (no layout shift), lazy
 * loading unless the image is the first thing a visitor sees, async decoding.
 */
export function SchoolImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  className,
  lang,
}: {
  /** The stored image's URL as the API answers it (the original); its variants are derived. */
  src: string;
  /** Empty string for a purely decorative image. */
  alt: string;
  width: number;
  height: number;
  /** How wide a stored image is drawn at each viewport width, so the browser picks its variant. */
  sizes?: string;
  /** The page's main (LCP) image: loaded eagerly and ahead of other images. */
  priority?: boolean;
  className?: string;
  /** The language of `alt` where it is not the page's (staff's English on a Hindi page). */
  lang?: string;
}) {
  const sources = imageSources(src);
  return (
    <img
      src={sources?.src ?? src}
      srcSet={sources?.srcSet}
      sizes={sources ? sizes : undefined}
      alt={alt}
      lang={lang}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      // React 18 knows no fetchPriority prop; the lowercase attribute passes through as it is.
      {...(priority ? { fetchpriority: "high" } : {})}
      className={className}
    />
  );
}

/**
 * What a page's `meta` returns to preload its main image (the LCP element) with the same choice
 * of variant the `<img>` makes, so the browser starts on it before the stylesheet has arrived.
 */
export function imagePreload(src: string, sizes: string) {
  const sources = imageSources(src);
  if (!sources) return { tagName: "link", rel: "preload", as: "image", href: src } as const;
  return {
    tagName: "link",
    rel: "preload",
    as: "image",
    href: sources.src,
    imageSrcSet: sources.srcSet,
    imageSizes: sizes,
  } as const;
}

/** Demo and uploaded images are stored at 3:2 (1200×800); cards crop to that ratio with object-cover. */
export const CONTENT_IMAGE = { width: 1200, height: 800 } as const;
