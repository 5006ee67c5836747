import { randomBytes, randomUUID } from "node:crypto";
import { access, mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import {
  IMAGE_VARIANT_WIDTHS,
  parseVariantFileName,
  shareVariantFileName,
  storedImageBase,
  UPLOADS_URL_PREFIX,
  variantFileName,
  type ImageVariantWidth,
  type VariantFormat,
} from "~/domain/image-variants";
import { MAX_IMAGE_BYTES } from "~/domain/limits";
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

/** The one place uploaded images are checked, written and removed (API, admin forms, seed). */
export function createImageStorage(uploadDir: string) {
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

  /** Every copy an original may have: the WebP widths and the link-preview JPEG. */
  const filesOf = (base: string) => [
    ...IMAGE_VARIANT_WIDTHS.map((width) => variantFileName(base, width)),
    shareVariantFileName(base),
  ];

  const unlinkIfThere = (name: string) =>
    unlink(path.join(uploadDir, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });

  /** Checks and stores an image under a random name with its variants; answers the original's URL. */
  async function save(bytes: Uint8Array): Promise<string> {
    const type = await inspect(bytes);
    await mkdir(uploadDir, { recursive: true });
    const base = randomUUID();
    const name = `${base}.${type.extension}`;
    const variants = await variantsOf(bytes, IMAGE_VARIANT_WIDTHS);
    try {
      await writeFile(path.join(uploadDir, name), bytes, { flag: "wx" });
      await Promise.all(
        // The WebP copies pages draw; the link-preview JPEG waits for its first request.
        IMAGE_VARIANT_WIDTHS.map((width, index) =>
          writeFile(path.join(uploadDir, variantFileName(base, width)), variants[index]!, { flag: "wx" }),
        ),
      );
    } catch (error) {
      await remove(UPLOADS_URL_PREFIX + name);
      throw error;
    }
    return UPLOADS_URL_PREFIX + name;
  }

  /** Deletes a stored image and its variants by its URL; unknown or foreign URLs are ignored, never followed. */
  async function remove(url: string | null | undefined): Promise<void> {
    const base = url ? storedImageBase(url) : null;
    if (!base) return;
    // The original first: a variant made on request after this finds no original and removes itself.
    await unlinkIfThere(url!.slice(UPLOADS_URL_PREFIX.length));
    await Promise.all(filesOf(base).map(unlinkIfThere));
  }

  /** The stored original a variant is made from, or null when there is none. */
  async function originalOf(base: string): Promise<string | null> {
    for (const extension of Object.keys(IMAGE_TYPES)) {
      const file = path.join(uploadDir, `${base}.${extension}`);
      if (
        await access(file).then(
          () => true,
          () => false,
        )
      )
        return file;
    }
    return null;
  }

  const making = new Map<string, Promise<boolean>>();

  /**
   * Makes a missing variant from its original (images stored before variants existed, or a copy
   * lost since). Answers whether the file is there now. Only the widths we serve, only for an
   * original that exists, once however many ask at the same time.
   */
  function ensureVariant(name: string): Promise<boolean> {
    const wanted = parseVariantFileName(name);
    if (!wanted) return Promise.resolve(false);
    const pending = making.get(name);
    if (pending) return pending;
    const target = path.join(uploadDir, name);
    const make = (async () => {
      if (
        await access(target).then(
          () => true,
          () => false,
        )
      )
        return true;
      const original = await originalOf(wanted.base);
      if (!original) return false;
      const [variant] = await variantsOf(await readFile(original), [wanted.width], wanted.format);
      // Written aside and renamed: a reader never sees half a file.
      const partial = path.join(uploadDir, `.${name}.${randomBytes(4).toString("hex")}`);
      await writeFile(partial, variant!, { flag: "wx" });
      await rename(partial, target);
      // The original was deleted meanwhile: leave no orphan behind.
      if (!(await originalOf(wanted.base))) {
        await unlinkIfThere(name);
        return false;
      }
      return true;
    })().finally(() => making.delete(name));
    making.set(name, make);
    return make;
  }

  return {
    directory: uploadDir,
    inspect,
    save,
    remove,
    ensureVariant,

    /**
     * Stores `image` when one is given, then runs `write` with its URL (null without an image).
     * If `write` fails the new file is deleted, so a failed request leaves no orphan behind.
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
