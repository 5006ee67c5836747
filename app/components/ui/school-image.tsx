/**
 * Every content image (blog posts, courses, page illustrations served from /uploads) goes through
 * here, so the rules for images live in one place: intrinsic width and height always set (no
 * layout shift), lazy loading unless the image is the first thing a visitor sees, async decoding.
 */
export function SchoolImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  className,
}: {
  src: string;
  /** Empty string for a purely decorative image. */
  alt: string;
  width: number;
  height: number;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes?: string;
  /** The page's main (LCP) image: loaded eagerly. */
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      className={className}
    />
  );
}

/** Demo and uploaded images are stored at 3:2 (1200×800); cards crop to that ratio with object-cover. */
export const CONTENT_IMAGE = { width: 1200, height: 800 } as const;
