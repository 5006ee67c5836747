/**
 * Every stored image is kept as uploaded and, beside it, as WebP copies at these widths, named
 * after the original (`/uploads/<name>.png` → `/uploads/<name>-800w.webp`). The API keeps
 * answering the original's URL; pages derive the copies from it, so the one rule for their
 * names lives here, shared by the storage (server) and `SchoolImage` (browser).
 */
export const IMAGE_VARIANT_WIDTHS = [400, 800, 1200] as const;

export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** The copy a browser gets when it reads no `srcset`: sharp enough for a card on any screen. */
const FALLBACK_VARIANT_WIDTH: ImageVariantWidth = 800;

export const UPLOADS_URL_PREFIX = "/uploads/";

/** A stored original's file name: the base the storage chose and the type its bytes showed. */
const STORED_IMAGE_NAME = /^([a-zA-Z0-9-]+)\.(jpg|png|gif|webp|avif)$/;

/** The base never ends like a variant itself: a variant is not an original to make copies of. */
const VARIANT_NAME = /^([a-zA-Z0-9-]+?(?<!-\d+w))-(\d+)w\.(webp|jpg)$/;

/**
 * The copy link previews show (Open Graph and X cards): JPEG, because WhatsApp does not show a
 * WebP preview on every version, and 1200 pixels wide, the size Facebook asks for. Only crawlers
 * ask for it, so it is made on its first request like any missing variant, never at upload.
 */
const SHARE_VARIANT_WIDTH: ImageVariantWidth = 1200;

export type VariantFormat = "webp" | "jpeg";

/** The base of a stored original's URL, or null for anything that is not one. */
export function storedImageBase(url: string): string | null {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
  return STORED_IMAGE_NAME.exec(url.slice(UPLOADS_URL_PREFIX.length))?.[1] ?? null;
}

export const variantFileName = (base: string, width: ImageVariantWidth) => `${base}-${width}w.webp`;

export const shareVariantFileName = (base: string) => `${base}-${SHARE_VARIANT_WIDTH}w.jpg`;

/** The original's base, width and format a variant's file name asks for, if it names one we make. */
export function parseVariantFileName(
  name: string,
): { base: string; width: ImageVariantWidth; format: VariantFormat } | null {
  const match = VARIANT_NAME.exec(name);
  const width = Number(match?.[2]);
  if (!match || !IMAGE_VARIANT_WIDTHS.includes(width as ImageVariantWidth)) return null;
  if (match[3] === "jpg")
    return width === SHARE_VARIANT_WIDTH
      ? { base: match[1]!, width: SHARE_VARIANT_WIDTH, format: "jpeg" }
      : null;
  return { base: match[1]!, width: width as ImageVariantWidth, format: "webp" };
}

/** The link-preview copy of a stored image (see SHARE_VARIANT_WIDTH); null for anything else. */
export function shareImageUrl(url: string): string | null {
  const base = storedImageBase(url);
  return base ? UPLOADS_URL_PREFIX + shareVariantFileName(base) : null;
}

/** `src` and `srcset` for a stored image; null for a URL that is not a stored original. */
export function imageSources(url: string): { src: string; srcSet: string } | null {
  const base = storedImageBase(url);
  if (!base) return null;
  const urlOf = (width: ImageVariantWidth) => UPLOADS_URL_PREFIX + variantFileName(base, width);
  return {
    src: urlOf(FALLBACK_VARIANT_WIDTH),
    srcSet: IMAGE_VARIANT_WIDTHS.map((width) => `${urlOf(width)} ${width}w`).join(", "),
  };
}
