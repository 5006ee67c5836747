import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import {
  IMAGE_VARIANT_WIDTHS,
  parseVariantFileName,
  storedImageBase,
  UPLOADS_URL_PREFIX,
  variantFileName,
  type ImageVariantWidth,
  type VariantFormat,
} from "~/domain/image-variants";
import { MAX_IMAGE_BYTES } from "~/domain/limits";
import type { Database } from "../../db/client";
import { storedImages } from "../../db/schema";
import { payloadTooLarge, unsupportedMediaType } from "./errors";

export type ImageType = { extension: "jpg" | "png" | "gif" | "webp" | "avif"; mime: string };

const IMAGE_TYPES = {
  jpg: { extension: "jpg", mime: "image/jpeg" },
  png: { extension: "png", mime: "image/png" },
  gif: { extension: "gif", mime: "image/gif" },
  webp: { extension: "webp", mime: "image/webp" },
  avif: { extension: "avif", mime: "image/avif" },
} as const satisfies Record<string, ImageType>;

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.subarray(start, end)).toString("latin1");

/**
 * Recognises an image by its first bytes, never by its name or the client's content type.
 * SVG is deliberately absent: it is a document that can carry script.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return IMAGE_TYPES.jpg;
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return IMAGE_TYPES.png;
  if (/^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return IMAGE_TYPES.gif;
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return IMAGE_TYPES.webp;
  if (ascii(bytes, 4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(bytes, 8, 12)))
    return IMAGE_TYPES.avif;
  return null;
}

export const IMAGE_ERRORS = {
  notAnImage: "Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).",
  tooLarge: `The image is too large. Please choose one under ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
} as const;

export type ImageStorage = ReturnType<typeof createImageStorage>;

type StoredImageRow = typeof storedImages.$inferInsert;

/**
 * The one place uploaded images are checked, stored, served from and removed (API, admin forms,
 * seed). Every file — the original and its copies — is a row of `stored_images` (issue 21), so any
 * instance serves any image and nothing depends on one machine's disk.
 */
export function createImageStorage(db: Database) {
  /** Throws 413/415 (field "image") unless the bytes are a decodable image within the size limit. */
  async function inspect(bytes: Uint8Array): Promise<ImageType> {
    if (bytes.length > MAX_IMAGE_BYTES)
      throw payloadTooLarge(IMAGE_ERRORS.tooLarge, { image: [IMAGE_ERRORS.tooLarge] });
    const type = detectImageType(bytes);
    const notAnImage = () =>
      unsupportedMediaType(IMAGE_ERRORS.notAnImage, { image: [IMAGE_ERRORS.notAnImage] });
    if (!type) throw notAnImage();
    // The header can lie: make sure the whole file decodes, within a sane pixel budget.
    // metadata() reads the header only, so a file cut short after it would pass; stats() reads
    // every pixel. failOn "error" refuses truncated data but tolerates harmless decoder warnings.
    try {
      const image = sharp(bytes, { limitInputPixels: 40_000_000, failOn: "error" });
      const metadata = await image.metadata();
      if (!metadata.width || !metadata.height) throw new Error("no dimensions");
      await image.stats();
    } catch {
      throw notAnImage();
    }
    return type;
  }

  /** Right-sized copies (never wider than the original), in the order of `widths`. */
  async function variantsOf(
    bytes: Uint8Array,
    widths: readonly ImageVariantWidth[],
    format: VariantFormat = "webp",
  ): Promise<Buffer[]> {
    const image = sharp(bytes, { limitInputPixels: 40_000_000 }).rotate();
    return Promise.all(
      widths.map((width) => {
        const resized = image.clone().resize({ width, withoutEnlargement: true });
        // JPEG has no transparency: a transparent PNG's background turns white, not black.
        return (
          format === "jpeg"
            ? resized.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true })
            : resized.webp({ quality: 80 })
        ).toBuffer();
      }),
    );
  }

  /** Checks and stores an image under a random name with its variants; answers the original's URL. */
  async function save(bytes: Uint8Array): Promise<string> {
    const type = await inspect(bytes);
    const base = randomUUID();
    const name = `${base}.${type.extension}`;
    // The WebP copies pages draw go in with the original, in one statement; the link-preview JPEG
    // waits for its first request.
    const variants = await variantsOf(bytes, IMAGE_VARIANT_WIDTHS);
    await db.insert(storedImages).values([
      { name, base, original: true, content: Buffer.from(bytes) },
      ...IMAGE_VARIANT_WIDTHS.map((width, index) => ({
        name: variantFileName(base, width),
        base,
        original: false,
        content: variants[index]!,
      })),
    ]);
    return UPLOADS_URL_PREFIX + name;
  }

  /** Deletes a stored image and its variants by its URL; unknown or foreign URLs are ignored. */
  async function remove(url: string | null | undefined): Promise<void> {
    const base = url ? storedImageBase(url) : null;
    if (!base) return;
    await db.delete(storedImages).where(eq(storedImages.base, base));
  }

  /** A stored file's bytes by its name (as in its URL), or null. */
  async function read(name: string): Promise<Buffer | null> {
    const [row] = await db
      .select({ content: storedImages.content })
      .from(storedImages)
      .where(eq(storedImages.name, name));
    return row?.content ?? null;
  }

  const making = new Map<string, Promise<Buffer | null>>();

  /**
   * A copy that is not stored yet (the link-preview JPEG, or a copy of an image stored before its
   * widths were added) is made from its original on its first request and stored: only the
   * widths we serve, only for an original that exists, once per instance however many ask at the
   * same time (and once in the database however many instances do: the first insert wins).
   */
  function makeVariant(name: string): Promise<Buffer | null> {
    const wanted = parseVariantFileName(name);
    if (!wanted) return Promise.resolve(null);
    const pending = making.get(name);
    if (pending) return pending;
    const make = (async () => {
      const [original] = await db
        .select({ content: storedImages.content })
        .from(storedImages)
        .where(and(eq(storedImages.base, wanted.base), eq(storedImages.original, true)));
      if (!original) return null;
      const [variant] = await variantsOf(original.content, [wanted.width], wanted.format);
      await db
        .insert(storedImages)
        .values({ name, base: wanted.base, original: false, content: variant! })
        .onConflictDoNothing();
      // The original was deleted meanwhile: leave no orphan behind.
      if (!(await hasOriginal(wanted.base))) {
        await db.delete(storedImages).where(eq(storedImages.name, name));
        return null;
      }
      return read(name);
    })().finally(() => making.delete(name));
    making.set(name, make);
    return make;
  }

  async function hasOriginal(base: string): Promise<boolean> {
    const [row] = await db
      .select({ name: storedImages.name })
      .from(storedImages)
      .where(and(eq(storedImages.base, base), eq(storedImages.original, true)));
    return Boolean(row);
  }

  /**
   * Images stored before they moved into the database (issue 21) were files in UPLOAD_DIR: those
   * that are missing here are copied in, so an upgrade loses none. The files stay where they are;
   * anything that is not an image under a name we make is left alone. Safe at every start and on
   * several instances at once (an existing name is kept).
   */
  async function importFolder(directory: string): Promise<number> {
    const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [] as string[];
      throw error;
    });
    const candidates = names.filter((name) => rowFor(name, Buffer.alloc(0)) !== null);
    if (candidates.length === 0) return 0;
    const present = new Set(
      (
        await db
          .select({ name: storedImages.name })
          .from(storedImages)
          .where(inArray(storedImages.name, candidates))
      ).map((row) => row.name),
    );
    let copied = 0;
    for (const name of candidates) {
      if (present.has(name)) continue;
      const row = rowFor(name, await readFile(path.join(directory, name)));
      if (!row || !detectImageType(row.content)) continue;
      const inserted = await db
        .insert(storedImages)
        .values(row)
        .onConflictDoNothing()
        .returning({ name: storedImages.name });
      copied += inserted.length;
    }
    return copied;
  }

  return {
    inspect,
    save,
    remove,
    read,
    makeVariant,
    importFolder,

    /**
     * Stores `image` when one is given, then runs `write` with its URL (null without an image).
     * If `write` fails the new image is deleted, so a failed request leaves no orphan behind.
     */
    async storeWith<T>(image: Uint8Array | undefined, write: (url: string | null) => Promise<T>): Promise<T> {
      const url = image ? await save(image) : null;
      try {
        return await write(url);
      } catch (error) {
        await remove(url);
        throw error;
      }
    },
  };
}

/** The row a file named like one of ours becomes: an original or a copy; null for any other name. */
function rowFor(name: string, content: Buffer): StoredImageRow | null {
  // A copy's name also reads as an original's ("<base>-800w.webp"): it is tested first.
  const variant = parseVariantFileName(name);
  if (variant) return { name, base: variant.base, original: false, content };
  const originalBase = storedImageBase(UPLOADS_URL_PREFIX + name);
  // A base ending like a copy ("-500w", a width we do not make) is no name this code gives.
  if (!originalBase || /-\d+w$/.test(originalBase)) return null;
  return { name, base: originalBase, original: true, content };
}
