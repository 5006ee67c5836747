import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseAnswer } from "~/api/schemas.server";
import { shareVariantFileName, variantFileName } from "~/domain/image-variants";
import { courses, storedImages } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { expectOk, fileOf, imageStored, makeImage, multipart, storedImageNames } from "./helpers";

let app: TestApp;
let admin: string;
let folder: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = (await app.createUser("ADMIN")).token;
  folder = await mkdtemp(path.join(tmpdir(), "zipat-legacy-uploads-"));
});
afterAll(async () => {
  await app?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const rowsOf = (name: string) => app.db.select().from(storedImages).where(eq(storedImages.name, name));

describe("importFolder: images an earlier version kept in UPLOAD_DIR", () => {
  it("copies the real images named like ours, original and variant, and leaves everything else", async () => {
    const base = randomUUID();
    const original = await makeImage("png", "#0a0", 16);
    const variant = await makeImage("webp", "#0a0", 16);
    const fake = `${randomUUID()}.jpg`;
    const files: Record<string, Buffer> = {
      [`${base}.png`]: original,
      [variantFileName(base, 800)]: variant,
      // Named like ours, but not an image: never becomes a row.
      [fake]: Buffer.from("<!doctype html><script>alert(1)</script> padded past twelve bytes"),
      // Images, but not under a name we make.
      "holiday photo.png": await makeImage("png"),
      [`${base}-500w.webp`]: variant,
      "notes.txt": Buffer.from("just some text"),
    };
    for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(folder, name), bytes);
    const before = await storedImageNames(app);

    expect(await app.images.importFolder(folder)).toBe(2);

    expect(await storedImageNames(app)).toEqual(
      [...before, `${base}.png`, variantFileName(base, 800)].sort(),
    );
    expect(await rowsOf(`${base}.png`)).toMatchObject([{ base, original: true, content: original }]);
    expect(await rowsOf(variantFileName(base, 800))).toMatchObject([
      { base, original: false, content: variant },
    ]);
    // The files stay where they were.
    expect((await readdir(folder)).sort()).toEqual(Object.keys(files).sort());

    // Served from the database like any upload; the variants it lacks are made on request.
    const served = await fetch(`${app.baseUrl}/uploads/${base}.png`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(original)).toBe(true);
    const made = await fetch(`${app.baseUrl}/uploads/${variantFileName(base, 400)}`);
    expect(made.status).toBe(200);
    expect(made.headers.get("content-type")).toBe("image/webp");
    expect(await app.images.read(variantFileName(base, 400))).not.toBeNull();
    expect((await fetch(`${app.baseUrl}/uploads/${fake}`)).status).toBe(404);
  });

  it("copies nothing on a second run, and never overwrites a row that is already there", async () => {
    const name = `${randomUUID()}.png`;
    const kept = await makeImage("png", "#00f");
    await app.db
      .insert(storedImages)
      .values({ name, base: name.slice(0, -".png".length), original: true, content: kept });
    await writeFile(path.join(folder, name), await makeImage("png", "#f00"));
    const before = await storedImageNames(app);

    expect(await app.images.importFolder(folder)).toBe(0);
    expect(await app.images.importFolder(folder)).toBe(0);

    expect(await storedImageNames(app)).toEqual(before);
    expect(await rowsOf(name)).toMatchObject([{ original: true, content: kept }]);
  });

  it("copies nothing from a folder that does not exist", async () => {
    const before = await storedImageNames(app);
    expect(await app.images.importFolder(path.join(folder, "missing"))).toBe(0);
    expect(await storedImageNames(app)).toEqual(before);
  });
});

describe("serving stored images", () => {
  let url: string;
  let bytes: Buffer;

  beforeAll(async () => {
    bytes = await makeImage("jpeg", "#c63", 32);
    const form = multipart(
      { title: "Served", description: "Text" },
      { bytes, name: "a.jpg", type: "image/jpeg" },
    );
    url = expectOk(
      await app.api("/courses", { method: "POST", token: admin, form }),
      201,
      courseAnswer,
    ).imageUrl;
  });

  it("names each image by an ETag and answers 304 without a body when the browser has it", async () => {
    const first = await fetch(app.baseUrl + url);
    expect(first.status).toBe(200);
    expect(first.headers.get("etag")).toBe(`"${fileOf(url)}"`);
    await first.arrayBuffer();

    // As a browser revalidates: fetch() would add "cache-control: no-cache" to a conditional
    // request, which rightly asks for the whole answer, so the header is set as browsers send it.
    const revalidate = (etag: string) =>
      fetch(app.baseUrl + url, { headers: { "if-none-match": etag, "cache-control": "max-age=0" } });
    const again = await revalidate(`"${fileOf(url)}"`);
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);

    const other = await revalidate('"something-else.png"');
    expect(other.status).toBe(200);
    expect(Buffer.from(await other.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("answers HEAD with the headers of GET and no body, and 404 for an unknown name", async () => {
    const head = await fetch(app.baseUrl + url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/jpeg");
    expect(head.headers.get("content-length")).toBe(String(bytes.length));
    expect(head.headers.get("etag")).toBe(`"${fileOf(url)}"`);
    expect(head.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const unknown = await fetch(`${app.baseUrl}/uploads/${randomUUID()}.png`, { method: "HEAD" });
    expect(unknown.status).toBe(404);
  });

  it("makes the link-preview JPEG on its first request, stores it, and deletes it with the image", async () => {
    const name = fileOf(url);
    const share = shareVariantFileName(name.slice(0, name.lastIndexOf(".")));
    expect(await rowsOf(share)).toEqual([]);
    const answer = await fetch(`${app.baseUrl}/uploads/${share}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/jpeg");
    const made = Buffer.from(await answer.arrayBuffer());
    expect(await sharp(made).metadata()).toMatchObject({ format: "jpeg", width: 32 });
    expect(await rowsOf(share)).toMatchObject([{ original: false, content: made }]);
    expect(await imageStored(app, url)).toBe(true);

    const [course] = await app.db.select({ id: courses.id }).from(courses).where(eq(courses.imageUrl, url));
    expect((await app.api(`/courses/${course!.id}`, { method: "DELETE", token: admin })).status).toBe(204);
    expect(await imageStored(app, url)).toBe(false);
    expect(await rowsOf(share)).toEqual([]);
  });
});
