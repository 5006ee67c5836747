import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "~/domain/messages";
import { cvFileName } from "~/services/teacher-applications.server";
import { storedImages } from "../../db/schema";
import { makeImage, makePdf, validTeacher } from "../api/helpers";
import { callApi } from "../support/app";
import { botCheckFields, storedRows } from "../support/forms";
import { withStoppedServerDatabase, type RunningServer } from "../support/server";
import { E2E_ADMIN, startSite } from "../support/site";

/**
 * Every form with a file and every `/api` upload, sent raw multipart bodies whose file part's
 * `Content-Disposition` carries a generated file name (issue 36): quotes, semicolons, backslashes,
 * line breaks, any script, up to 1,000 characters; sent as a browser escapes it, raw, or as an
 * RFC 5987 `filename*`; sometimes cut short. No answer is a 5xx, a refusal stores nothing, and a
 * file that is not an image or a PDF is never stored. Posted without a browser, as a scanner does.
 */

const BOUNDARY = "----zipat-property-boundary";

/** How the file name travels in its part's header. */
type NameStyle = "escaped" | "raw" | "extended";
/** The file's bytes: what the form takes, something else, or nothing (an empty file input). */
type Content = "valid" | "junk" | "empty";

/** `cutAt`: the body is sent only up to that many thousandths of it, before its closing boundary. */
type Sent = { fileName: string; style: NameStyle; content: Content; cutAt: number | null };

/** RFC 5987's percent-encoding: encodeURIComponent leaves ' ( ) * as they are, which it may not. */
const extendedValue = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

function dispositionOf(field: string, fileName: string, style: NameStyle): string {
  if (style === "extended") return `form-data; name="${field}"; filename*=UTF-8''${extendedValue(fileName)}`;
  // Browsers escape only these three (the HTML standard's multipart serialisation).
  const name =
    style === "escaped"
      ? fileName.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A")
      : fileName;
  return `form-data; name="${field}"; filename="${name}"`;
}

/** A multipart body written byte by byte: text fields, then the file part. */
function rawMultipart(
  fields: Record<string, string>,
  file: { field: string; fileName: string; style: NameStyle; type: string; bytes: Uint8Array },
): Buffer {
  const pieces: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    pieces.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  pieces.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: ${dispositionOf(file.field, file.fileName, file.style)}\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    Buffer.from(file.bytes),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  );
  return Buffer.concat(pieces);
}

/** Whether the server must take the file under its name: sent as a browser or RFC 5987 would, no folder in it. */
const nameArrivesIntact = ({ fileName, style }: Sent) =>
  style !== "raw" && fileName !== "" && !/[\\/%]/.test(fileName) && fileName !== "." && fileName !== "..";

const TRICKY_NAMES = [
  ";env;",
  "my cv; final.pdf",
  '"; filename="evil.pdf',
  "a\r\nContent-Type: text/html",
  "..\\..\\etc\\passwd",
  "प्रिया का CV.pdf",
  "😀.pdf",
  "x".repeat(1_000),
];

/** File names: the tricky ones, any text, text made of header syntax, and very long ones. */
const fileNames = fc.oneof(
  fc.constantFrom(...TRICKY_NAMES),
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.string({
    unit: fc.constantFrom(
      ";",
      '"',
      "\\",
      "/",
      " ",
      "=",
      "%",
      "'",
      "\r",
      "\n",
      "\t",
      "é",
      "प",
      "😀",
      "a",
      ".",
    ),
    maxLength: 80,
  }),
  fc.string({ unit: "grapheme", minLength: 900, maxLength: 1_000 }),
);

const sentBodies: fc.Arbitrary<Sent> = fc.record({
  fileName: fileNames,
  style: fc.constantFrom<NameStyle>("escaped", "raw", "extended"),
  content: fc.constantFrom<Content>("valid", "valid", "junk", "empty"),
  // A body cut short somewhere before its closing boundary (at that many thousandths), one time in five.
  cutAt: fc.oneof(
    { arbitrary: fc.constant(null), weight: 4 },
    { arbitrary: fc.integer({ min: 0, max: 999 }), weight: 1 },
  ),
});

/** What one form or call does, seen from outside: how to send to it and what it stored. */
type Target = {
  label: string;
  method: "POST" | "PUT";
  path: string;
  /** Signed in as the ADMIN: by bearer token (`/api`) or by the session cookie (pages). */
  admin: boolean;
  field: "cv" | "image";
  /** An edit: a record exists before the post and keeps its file unless a good one is sent. */
  edits: boolean;
  /** The answer of a stored submission: 201 or 200 from the API, a redirect from a page. */
  success: number;
  /** Text fields of a valid submission (a public page's with its bot check), unique to the run. */
  fields(run: number): Promise<Record<string, string>>;
  /** What this target has stored, compared before and after each post. */
  snapshot(): Promise<unknown>;
  /** The file the run's record holds (an image's address, a CV's name), or null. */
  fileOf(run: number): Promise<string | null>;
};

describe("uploads with generated file names (issue 36)", () => {
  let server: RunningServer;
  let adminToken: string;
  let pdf: Buffer;
  let png: Buffer;
  const editable = { blog: 0, course: 0 };

  beforeAll(async () => {
    server = await startSite();
    adminToken = (await callApi(server.url, "/auth/login", { json: E2E_ADMIN })).body.token;
    pdf = makePdf(2_000);
    png = await makeImage("png", "#0a0", 16);
    const form = () => {
      const body = new FormData();
      for (const [key, value] of Object.entries(contentFields("Editable"))) body.append(key, value);
      body.append("image", new File([new Uint8Array(png)], "cover.png", { type: "image/png" }));
      return body;
    };
    editable.blog = (await callApi(server.url, "/blog", { token: adminToken, form: form() })).body.id;
    editable.course = (await callApi(server.url, "/courses", { token: adminToken, form: form() })).body.id;
  });
  afterAll(async () => {
    await server?.dispose();
  });

  const contentFields = (title: string) => ({
    title,
    category: "News",
    description: "Written by a property.",
  });
  // With a token: the store of public answers passes it by, so a write is seen at once.
  const read = async (path: string) => (await callApi(server.url, path, { token: adminToken })).body;
  const teacherRows = () => storedRows(server.url, "/teacher-applications", adminToken);
  const courses = async () => (await read("/courses")) as Array<{ title: string; imageUrl: string | null }>;
  /** Every blog post (the public list, a hundred a page). */
  async function blogPosts(): Promise<Array<{ title: string; imageUrl: string | null }>> {
    const posts = [];
    for (let page = 1; ; page += 1) {
      const answer = await read(`/blog?limit=100&page=${page}`);
      posts.push(...answer.posts);
      if (page >= answer.totalPages) return posts;
    }
  }

  const targets = (): Target[] => {
    const teachers = (api: boolean): Target => ({
      label: api ? "POST /api/teacher-applications" : "POST /teachers",
      method: "POST",
      path: api ? "/api/teacher-applications" : "/teachers",
      admin: false,
      field: "cv",
      edits: false,
      success: api ? 201 : 302,
      fields: async () => ({
        ...validTeacher(),
        ...(api ? {} : await botCheckFields(server.url, "/teachers")),
      }),
      snapshot: async () => (await teacherRows()).length,
      // Newest first: the run's registration, when it was stored.
      fileOf: async () => ((await teacherRows())[0]!.cvFileName as string | null) ?? null,
    });
    const content = (
      api: boolean,
      kind: "blog" | "courses",
      edit: boolean,
      list: () => Promise<Array<{ title: string; imageUrl: string | null }>>,
    ): Target => {
      const id = kind === "blog" ? editable.blog : editable.course;
      const apiPath = edit ? `/api/${kind}/${id}` : `/api/${kind}`;
      const pagePath = edit ? `/admin/${kind}/${id}/edit` : `/admin/${kind}/new`;
      const title = (run: number) => `${edit ? "Edited" : "New"} ${kind} ${run}`;
      return {
        label: api
          ? `${edit ? "PUT" : "POST"} ${apiPath.replace(String(id), ":id")}`
          : `POST ${pagePath.replace(String(id), ":id")}`,
        method: api && edit ? "PUT" : "POST",
        path: api ? apiPath : pagePath,
        admin: true,
        field: "image",
        edits: edit,
        success: api ? (edit ? 200 : 201) : 302,
        fields: async (run) => {
          const { category: _category, ...course } = contentFields(title(run));
          return kind === "blog" ? contentFields(title(run)) : course;
        },
        snapshot: async () => (edit ? await read(`/${kind}/${id}`) : (await list()).length),
        fileOf: async (run) =>
          edit
            ? (await read(`/${kind}/${id}`)).imageUrl
            : ((await list()).find((row) => row.title === title(run))?.imageUrl ?? null),
      };
    };
    return [false, true].flatMap((api) => [
      teachers(api),
      content(api, "blog", false, blogPosts),
      content(api, "blog", true, blogPosts),
      content(api, "courses", false, courses),
      content(api, "courses", true, courses),
    ]);
  };

  async function post(target: Pick<Target, "path" | "method" | "admin">, body: Buffer) {
    const headers: Record<string, string> = { "content-type": `multipart/form-data; boundary=${BOUNDARY}` };
    if (target.admin && target.path.startsWith("/api/")) headers.authorization = `Bearer ${adminToken}`;
    else if (target.admin) headers.cookie = `token=${adminToken}`;
    const response = await fetch(server.url + target.path, {
      method: target.method,
      redirect: "manual",
      headers,
      // Copied into a plain ArrayBuffer-backed array, as the DOM's BodyInit type wants.
      body: new Uint8Array(body),
    });
    return {
      status: response.status,
      location: response.headers.get("location"),
      text: await response.text(),
    };
  }

  it.each([
    [";env;", ";env;.pdf"],
    ["my cv; final.pdf", "my cv; final.pdf"],
  ])(
    "POST /teachers takes a CV named %j like any other (stored as %j), and refuses a non-PDF so named beside the field",
    async (fileName, storedName) => {
      const teachers = { path: "/teachers", method: "POST", admin: false } as const;
      const send = async (bytes: Buffer) =>
        post(
          teachers,
          rawMultipart(
            { ...validTeacher(), ...(await botCheckFields(server.url, "/teachers")) },
            { field: "cv", fileName, style: "escaped", type: "application/pdf", bytes },
          ),
        );
      const before = (await teacherRows()).length;
      const taken = await send(pdf);
      expect(taken.status, taken.text.slice(0, 300)).toBe(302);
      expect(taken.location).toBe("/teachers#teacher-registration");
      const rows = await teacherRows();
      expect(rows).toHaveLength(before + 1);
      expect(rows[0]).toMatchObject({ hasCv: true, cvFileName: storedName });

      const refused = await send(Buffer.from("Not a PDF at all."));
      expect(refused.status).toBe(415);
      expect(refused.text).toContain(MESSAGES.teacher.cvNotPdf);
      expect(refused.text).toContain(validTeacher().experience);
      expect(await teacherRows()).toHaveLength(before + 1);
    },
  );

  let run = 0;
  it.each(targets().map((target) => target.label))(
    "%s: no 5xx, nothing stored on a refusal, never a file of the wrong kind",
    async (label) => {
      const target = targets().find((candidate) => candidate.label === label)!;
      const file =
        target.field === "cv" ? { bytes: pdf, type: "application/pdf" } : { bytes: png, type: "image/png" };
      let taken = 0;
      await fc.assert(
        fc.asyncProperty(sentBodies, async (sent) => {
          run += 1;
          const bytes = {
            valid: file.bytes,
            junk: Buffer.from(`Not a ${target.field}: ;env; ${"x".repeat(200)}`),
            empty: Buffer.alloc(0),
          }[sent.content];
          const whole = rawMultipart(await target.fields(run), {
            field: target.field,
            fileName: sent.fileName,
            style: sent.style,
            type: file.type,
            bytes,
          });
          const closing = Buffer.byteLength(`\r\n--${BOUNDARY}--\r\n`);
          const body =
            sent.cutAt === null
              ? whole
              : whole.subarray(0, Math.floor((sent.cutAt / 1000) * (whole.length - closing)));

          const before = await target.snapshot();
          const fileBefore = target.edits ? await target.fileOf(run) : null;
          const answer = await post(target, body);
          expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);

          if (answer.status !== target.success) {
            expect(await target.snapshot(), "a refusal stores nothing").toEqual(before);
            if (sent.cutAt !== null) {
              expect(answer.status).toBe(400);
              expect(answer.text).toContain(MESSAGES.generic.malformedUpload);
            }
            return;
          }
          expect(sent.cutAt, "a body cut short is never taken").toBeNull();
          taken += 1;
          const fileAfter = await target.fileOf(run);
          if (sent.content !== "valid")
            expect(fileAfter, "no file, or one of the wrong kind, is stored").toBe(fileBefore);
          if (sent.content === "valid" && nameArrivesIntact(sent)) {
            expect(fileAfter, "a good file under a readable name is taken").not.toBe(fileBefore);
            if (target.field === "cv") expect(fileAfter).toBe(cvFileName(sent.fileName));
          }
        }),
        { numRuns: 25 },
      );
      // The property saw both sides: some posts were taken, not only refused.
      expect(taken).toBeGreaterThan(0);
    },
  );

  it("keeps no image that no record holds: a refused upload stored none", async () => {
    const addresses = [...(await blogPosts()), ...(await courses())].flatMap((row) =>
      row.imageUrl ? [row.imageUrl] : [],
    );
    const bases = await withStoppedServerDatabase(server, async (db) =>
      (await db.selectDistinct({ base: storedImages.base }).from(storedImages)).map((row) => row.base),
    );
    expect(bases.length).toBeGreaterThan(0);
    expect(bases.filter((base) => !addresses.some((address) => address.includes(base)))).toEqual([]);
  });
});
