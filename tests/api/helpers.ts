import { count, eq, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import sharp from "sharp";
import { expect } from "vitest";
import type { z } from "zod";
import { errorAnswer } from "~/api/schemas.server";
import { defaultAcademicYearStart } from "~/domain/age-check";
import { IMAGE_VARIANT_WIDTHS, shareVariantFileName } from "~/domain/image-variants";
import { PRIVACY_NOTICE_VERSION } from "~/domain/privacy";
import { storedImages } from "../../db/schema";
import type { ApiAnswer, TestApp } from "../support/app";

/**
 * Parses an answer with its zod schema and proves it carries nothing more: zod drops unknown
 * keys, so an extra key (say a password hash) makes the parsed value differ from the body.
 */
export function expectAnswer<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const parsed = schema.parse(body);
  expect(parsed).toEqual(body);
  return parsed;
}

/** An error answer: the status, the API's {message, errors?} shape, and optionally the fields named. */
export function expectError(answer: ApiAnswer, status: number, fields?: readonly string[]) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const body = expectAnswer(errorAnswer, answer.body);
  expect(body.message.length).toBeGreaterThan(0);
  if (fields) {
    expect(Object.keys(body.errors ?? {}).sort()).toEqual([...fields].sort());
    for (const texts of Object.values(body.errors ?? {}))
      for (const text of texts) expect(text.length).toBeGreaterThan(0);
  }
  return body;
}

/** A success answer with its status, parsed (and checked for extra keys) with its schema. */
export function expectOk<Schema extends z.ZodType>(
  answer: ApiAnswer,
  status: number,
  schema: Schema,
): z.output<Schema> {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return expectAnswer(schema, answer.body);
}

export async function rowCount(app: TestApp, table: PgTable, where?: SQL): Promise<number> {
  const query = app.db.select({ total: count() }).from(table);
  const [row] = await (where ? query.where(where) : query);
  return Number(row?.total ?? 0);
}

/** Names of every stored image row (originals and variants), sorted. */
export async function storedImageNames(app: Pick<TestApp, "db">): Promise<string[]> {
  const rows = await app.db.select({ name: storedImages.name }).from(storedImages);
  return rows.map((row) => row.name).sort();
}

/** Name of the stored file behind an /uploads/ URL. */
export const fileOf = (url: string | null | undefined) => {
  expect(url).toMatch(/^\/uploads\/[a-zA-Z0-9-]+\.(jpg|png|gif|webp|avif)$/);
  return url!.slice("/uploads/".length);
};

/** The files one stored image is kept as: the original and its WebP variants, one per width. */
export function imageFiles(url: string | null | undefined): string[] {
  const name = fileOf(url);
  const base = name.slice(0, name.lastIndexOf("."));
  return [name, ...IMAGE_VARIANT_WIDTHS.map((width) => `${base}-${width}w.webp`)].sort();
}

/**
 * Whether an image is stored (true) or gone (false) in `stored_images`, together with its WebP
 * variants: an original without its variants, or a variant left behind without it, fails the test.
 * Its link-preview JPEG is made on its first request, so it may be there only beside the rest.
 */
export async function imageStored(
  from: TestApp["db"] | Pick<TestApp, "db">,
  url: string | null | undefined,
): Promise<boolean> {
  const db = "db" in from ? from.db : from;
  const name = fileOf(url);
  const base = name.slice(0, name.lastIndexOf("."));
  const rows = await db
    .select({ name: storedImages.name })
    .from(storedImages)
    .where(eq(storedImages.base, base));
  const names = rows.map((row) => row.name);
  const present = names.filter((each) => each !== shareVariantFileName(base)).sort();
  expect([[], imageFiles(url)], `rows of ${url}`).toContainEqual(present);
  if (present.length === 0) expect(names, `rows of ${url}`).toEqual([]);
  return present.length > 0;
}

export type ImageFormat = "png" | "jpeg" | "webp" | "gif";

/** A real, small image made with sharp. */
export function makeImage(format: ImageFormat = "png", colour = "#f00", size = 8): Promise<Buffer> {
  const image = sharp({ create: { width: size, height: size, channels: 3, background: colour } });
  return image[format]().toBuffer();
}

export const MIME: Record<ImageFormat, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
};

/** A multipart body with text fields and, optionally, a file under `image` (or another field). */
export function multipart(
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name?: string; type?: string; field?: string },
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file)
    form.append(
      file.field ?? "image",
      fileOfBytes(file.bytes, file.name ?? "image.png", file.type ?? "image/png"),
    );
  return form;
}

/** A File for FormData (copied into a plain ArrayBuffer-backed array, as the DOM types want). */
export const fileOfBytes = (bytes: Uint8Array, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });

/** YYYY-MM-DD of today shifted by whole years and days (UTC). */
export function isoDate({ years = 0, days = 0 }: { years?: number; days?: number }): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The day `years` before the academic year's default start: the child is exactly that old then. */
export function bornYearsBeforeStart(years: number, days = 0): string {
  const date = new Date(`${defaultAcademicYearStart()}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The consent every form that takes personal data requires (issue 20, decision 0036): the box
 * ticked ("yes", as a page's form posts it; the API takes it too, besides JSON's true), and the
 * privacy notice's current version. Spread into each valid body below.
 */
export const CONSENT = { consent: "yes", noticeVersion: PRIVACY_NOTICE_VERSION } as const;

/** A body without its consent fields: what the record answers of it (consent is not echoed). */
export function withoutConsent<Body extends object>(body: Body): Omit<Body, keyof typeof CONSENT> {
  const { consent: _consent, noticeVersion: _version, ...rest } = body as Body & Partial<typeof CONSENT>;
  return rest;
}

/** Seven when the year starts: Grade 2 fits the age (app/domain/age-check.ts). */
export const validApplication = () => ({
  studentName: "Asha Verma",
  dob: bornYearsBeforeStart(7),
  grade: "Grade 2",
  parentName: "Ravi Verma",
  mobile: "9876543210",
  email: "ravi.verma@example.com",
  ...CONSENT,
});

export const validDemo = () => ({
  parentName: "Meena Iyer",
  studentName: "Kabir Iyer",
  grade: "Kindergarten",
  mobile: "+91 91234 56789",
  email: "meena@example.com",
  preferredDateTime: "Tomorrow at 4 PM",
  ...CONSENT,
});

export const validEnrollment = () => ({
  studentName: "Diya Shah",
  parentName: "Neel Shah",
  mobile: "8765432109",
  email: "neel.shah@example.com",
  grade: "Grade 5",
  ...CONSENT,
});

/** Mobile numbers the API accepts, with the normalised form it stores. */
export const GOOD_MOBILES: Array<[string, string]> = [
  ["9876543210", "+919876543210"],
  ["6000000000", "+916000000000"],
  ["+919876543210", "+919876543210"],
  ["+91 98765 43210", "+919876543210"],
  ["91-98765-43210", "+919876543210"],
  ["919876543210", "+919876543210"],
  ["09876543210", "+919876543210"],
  ["98765-43210", "+919876543210"],
];

export const BAD_MOBILES = [
  "",
  "5876543210",
  "1234567890",
  "987654321",
  "98765432101",
  "+92 9876543210",
  "+1 9876543210",
  "98765abcde",
  "phone",
];

export const validTeacher = () => ({
  name: "Priya Nair",
  city: "Kochi",
  mobile: "+91 98470 12345",
  email: "priya.nair@example.com",
  experience: "6 years teaching Grade 3 to 5 mathematics",
  message: "I teach with stories and puzzles.\nHappy to take evening classes.",
  ...CONSENT,
});

/**
 * A small real PDF (one empty page), or one of exactly `size` bytes: padded with a PDF comment
 * before its "%%EOF", so it is still a PDF as the server checks one.
 */
export function makePdf(size?: number): Buffer {
  const head = Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
      "3 0 obj<</Type/Page/MediaBox[0 0 200 200]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n",
  );
  const tail = Buffer.from("%%EOF\n");
  if (size === undefined) return Buffer.concat([head, tail]);
  const padding = size - head.length - tail.length;
  if (padding < 2) throw new Error(`A PDF cannot be ${size} bytes`);
  const comment = Buffer.alloc(padding, "x");
  comment[0] = "%".charCodeAt(0);
  comment[padding - 1] = "\n".charCodeAt(0);
  return Buffer.concat([head, comment, tail]);
}
