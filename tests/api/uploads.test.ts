import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ERRORS } from "~/api/router.server";
import { blogPostAnswer, courseAnswer } from "~/api/schemas.server";
import { MAX_IMAGE_BYTES } from "~/domain/limits";
import { IMAGE_ERRORS } from "~/services/image-storage.server";
import { inArray } from "drizzle-orm";
import { blogPosts, courses, storedImages } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import {
  expectError,
  expectOk,
  fileOf,
  fileOfBytes,
  imageFiles,
  makeImage,
  MIME,
  multipart,
  rowCount,
  storedImageNames,
  type ImageFormat,
} from "./helpers";

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = (await app.createUser("ADMIN")).token;
});
afterAll(async () => {
  await app?.close();
});

type Upload = { bytes: Uint8Array; name: string; type: string };

const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script><rect width="8" height="8"/></svg>',
);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Files that must be refused, with the status they earn. Built lazily: some need sharp. */
async function refusedUploads(): Promise<Array<[string, Upload, number]>> {
  const png = await makeImage("png", "#0a0", 64);
  const jpeg = await makeImage("jpeg", "#0a0", 64);
  return [
    [
      "text bytes named photo.jpg (image/jpeg)",
      {
        bytes: Buffer.from("Hello, this is plainly not an image.\n".repeat(4)),
        name: "photo.jpg",
        type: "image/jpeg",
      },
      415,
    ],
    [
      "an HTML page named cat.png",
      {
        bytes: Buffer.from("<!doctype html><script>alert(document.cookie)</script>"),
        name: "cat.png",
        type: "image/png",
      },
      415,
    ],
    ["an SVG (image/svg+xml)", { bytes: SVG, name: "logo.svg", type: "image/svg+xml" }, 415],
    ["an SVG named logo.png", { bytes: SVG, name: "logo.png", type: "image/png" }, 415],
    [
      "PNG magic bytes followed by junk",
      {
        bytes: Buffer.concat([PNG_SIGNATURE, Buffer.from("not really a png at all, only junk")]),
        name: "fake.png",
        type: "image/png",
      },
      415,
    ],
    [
      "a PNG cut in half (valid header, undecodable data)",
      { bytes: png.subarray(0, Math.floor(png.length / 2)), name: "half.png", type: "image/png" },
      415,
    ],
    [
      "a JPEG cut short",
      { bytes: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), name: "short.jpg", type: "image/jpeg" },
      415,
    ],
    ["an empty file", { bytes: new Uint8Array(0), name: "empty.png", type: "image/png" }, 415],
    [
      "a PDF named doc.jpg",
      {
        bytes: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n"),
        name: "doc.jpg",
        type: "image/jpeg",
      },
      415,
    ],
    [
      "a 6 MB file",
      { bytes: Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]), name: "huge.png", type: "image/png" },
      413,
    ],
  ];
}

const TARGETS = [
  {
    name: "POST /blog",
    method: "POST",
    path: () => "/blog",
    fields: { title: "Upload", category: "News", description: "Text" },
    table: blogPosts,
  },
  {
    name: "POST /courses",
    method: "POST",
    path: () => "/courses",
    fields: { title: "Upload", description: "Text" },
    table: courses,
  },
  {
    name: "PUT /blog/:id",
    method: "PUT",
    path: () => `/blog/${existingPost}`,
    fields: { title: "Upload", category: "News", description: "Text" },
    table: blogPosts,
  },
  {
    name: "PUT /courses/:id",
    method: "PUT",
    path: () => `/courses/${existingCourse}`,
    fields: { title: "Upload", description: "Text" },
    table: courses,
  },
] as const;

let existingPost: number;
let existingCourse: number;
let refused: Array<[string, Upload, number]>;

beforeAll(async () => {
  existingPost = (
    await app.services.blog.create(
      { title: "Keep", category: "News", description: "Original" },
      await makeImage(),
    )
  ).id;
  existingCourse = (
    await app.services.courses.create({ title: "Keep", description: "Original" }, await makeImage())
  ).id;
  refused = await refusedUploads();
});

describe("refused uploads leave nothing behind", () => {
  it.each(TARGETS)(
    "$name refuses every bad file with 413/415, storing no file and changing no row",
    async (target) => {
      for (const [label, file, status] of refused) {
        const files = await storedImageNames(app);
        const rows = await app.db.select().from(target.table);
        const answer = await app.api(target.path(), {
          method: target.method,
          token: admin,
          form: multipart(target.fields, file),
        });
        expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(status);
        const body = expectError(answer, status, ["image"]);
        expect(body.message, label).toBe(status === 413 ? IMAGE_ERRORS.tooLarge : IMAGE_ERRORS.notAnImage);
        expect(await storedImageNames(app), label).toEqual(files);
        expect(await app.db.select().from(target.table), label).toEqual(rows);
      }
    },
  );

  it("keeps the existing image of an updated record when the new file is refused", async () => {
    const before = expectOk(await app.api(`/blog/${existingPost}`), 200, blogPostAnswer);
    expect(before).toMatchObject({ title: "Keep", description: "Original" });
    const files = await storedImageNames(app);
    expect(files).toContain(fileOf(before.imageUrl));
  });

  it("refuses a file under another field name, and two files, with 400", async () => {
    const files = await storedImageNames(app);
    const before = await rowCount(app, blogPosts);
    const other = multipart(
      { title: "T", category: "C", description: "D" },
      { bytes: await makeImage(), name: "a.png", type: "image/png", field: "photo" },
    );
    expect(
      expectError(await app.api("/blog", { method: "POST", token: admin, form: other }), 400).message,
    ).toBe(API_ERRORS.unexpectedFile);
    const two = multipart(
      { title: "T", category: "C", description: "D" },
      { bytes: await makeImage(), name: "a.png", type: "image/png" },
    );
    two.append("image", fileOfBytes(await makeImage("png", "#00f"), "b.png", "image/png"));
    expect(
      expectError(await app.api("/blog", { method: "POST", token: admin, form: two }), 400).message,
    ).toBe(API_ERRORS.unexpectedFile);
    expect(await storedImageNames(app)).toEqual(files);
    expect(await rowCount(app, blogPosts)).toBe(before);
  });

  it("refuses a file on a route that takes none (no upload route) without storing it", async () => {
    const files = await storedImageNames(app);
    const form = multipart(
      { address: "A", email: "a@example.com", phone: "+91 98765 43210" },
      { bytes: await makeImage() },
    );
    const answer = await app.api("/details", { method: "PUT", token: admin, form });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(await storedImageNames(app)).toEqual(files);
  });
});

describe("accepted images", () => {
  it.each(["png", "jpeg", "webp", "gif"] as ImageFormat[])(
    "stores a real %s under its own type, whatever name and type the client gives",
    async (format) => {
      const bytes = await makeImage(format, "#36c", 16);
      const files = await storedImageNames(app);
      const form = multipart(
        { title: `A ${format}`, description: "Text" },
        { bytes, name: "upload.bin", type: "application/octet-stream" },
      );
      const course = expectOk(
        await app.api("/courses", { method: "POST", token: admin, form }),
        201,
        courseAnswer,
      );
      const extension = format === "jpeg" ? "jpg" : format;
      expect(course.imageUrl).toMatch(new RegExp(`^/uploads/[0-9a-f-]{36}\\.${extension}$`));
      expect(await storedImageNames(app)).toEqual([...files, ...imageFiles(course.imageUrl)].sort());
      const served = await fetch(app.baseUrl + course.imageUrl);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(MIME[format]);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    },
  );

  it("accepts an image just under the size limit", async () => {
    // A noisy PNG, padded after its end chunk: still a decodable image, just below 5 MB.
    const png = await makeImage("png", "#fff", 32);
    const bytes = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES - png.length - 1024)]);
    const form = multipart(
      { title: "Big", category: "News", description: "Text" },
      { bytes, name: "big.png", type: "image/png" },
    );
    const post = expectOk(
      await app.api("/blog", { method: "POST", token: admin, form }),
      201,
      blogPostAnswer,
    );
    expect(await storedImageNames(app)).toContain(fileOf(post.imageUrl));
  });
});

describe("/uploads", () => {
  it("answers 404 for a missing file and never lists the folder", async () => {
    expect((await fetch(`${app.baseUrl}/uploads/00000000-0000-0000-0000-000000000000.png`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/uploads/`)).status).toBe(404);
  });
});

describe("right-sized variants", () => {
  /** A photo-like image of the given size (noise, so WebP has something to encode). */
  const photo = (width: number, height: number) =>
    sharp({
      create: {
        width,
        height,
        channels: 3,
        background: "#c84",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();

  async function createCourseWith(bytes: Buffer) {
    const form = multipart(
      { title: "Variants", description: "Text" },
      { bytes, name: "p.jpg", type: "image/jpeg" },
    );
    return expectOk(await app.api("/courses", { method: "POST", token: admin, form }), 201, courseAnswer);
  }

  const variantUrl = (imageUrl: string, width: number) => imageUrl.replace(/\.[a-z]+$/, `-${width}w.webp`);

  async function fetchVariant(url: string) {
    const answer = await fetch(app.baseUrl + url);
    const bytes = Buffer.from(await answer.arrayBuffer());
    return { answer, bytes, size: answer.ok ? await sharp(bytes).metadata() : undefined };
  }

  it("keeps the original as sent and serves WebP copies 400, 800 and 1200 wide with the upload headers", async () => {
    const original = await photo(1600, 1000);
    const course = await createCourseWith(original);
    expect(course.imageUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.jpg$/);
    const served = await fetch(app.baseUrl + course.imageUrl);
    expect(Buffer.from(await served.arrayBuffer()).equals(original)).toBe(true);
    for (const width of [400, 800, 1200]) {
      const { answer, bytes, size } = await fetchVariant(variantUrl(course.imageUrl, width));
      expect(answer.status, `${width}w`).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/webp");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
      expect(answer.headers.get("cache-control")).toContain("immutable");
      expect(size).toMatchObject({ format: "webp", width, height: Math.round((width * 1000) / 1600) });
      expect(bytes.length).toBeLessThan(original.length);
    }
  });

  it("never enlarges a small original", async () => {
    const course = await createCourseWith(await photo(300, 200));
    for (const width of [400, 800, 1200]) {
      const { size } = await fetchVariant(variantUrl(course.imageUrl, width));
      expect(size, `${width}w`).toMatchObject({ format: "webp", width: 300, height: 200 });
    }
  });

  it("makes a variant an older image lacks on its first request, once for concurrent requests", async () => {
    const course = await createCourseWith(await photo(900, 600));
    // As an image stored before variants existed: only the original is in the table.
    const variants = imageFiles(course.imageUrl).filter((name) => name.endsWith("w.webp"));
    await app.db.delete(storedImages).where(inArray(storedImages.name, variants));
    const before = await storedImageNames(app);
    const url = variantUrl(course.imageUrl, 800);
    const answers = await Promise.all(Array.from({ length: 5 }, () => fetchVariant(url)));
    for (const { answer, bytes, size } of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/webp");
      expect(size).toMatchObject({ format: "webp", width: 800, height: 533 });
      expect(bytes.equals(answers[0]!.bytes)).toBe(true);
    }
    // Exactly the one row asked for was added: no partial or duplicate rows beside it.
    expect(await storedImageNames(app)).toEqual([...before, fileOf(url)].sort());

    // Deleting the course takes the original and every variant, made at upload or on request.
    expect((await app.api(`/courses/${course.id}`, { method: "DELETE", token: admin })).status).toBe(204);
    expect(await storedImageNames(app)).toEqual(before.filter((name) => name !== fileOf(course.imageUrl)));
  });

  it("answers 404 for a width nobody makes and for a variant of an image that is not stored", async () => {
    const course = await createCourseWith(await photo(500, 400));
    const files = await storedImageNames(app);
    for (const url of [
      variantUrl(course.imageUrl, 500),
      variantUrl(course.imageUrl, 1600),
      "/uploads/00000000-0000-0000-0000-000000000000-800w.webp",
      `${variantUrl(course.imageUrl, 400).replace(".webp", "")}-400w.webp`,
    ]) {
      expect((await fetch(app.baseUrl + url)).status, url).toBe(404);
    }
    expect(await storedImageNames(app)).toEqual(files);
  });
});
