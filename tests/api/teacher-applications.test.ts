import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teacherApplicationAnswer } from "~/api/schemas.server";
import { BOT_CHECK_FIELDS } from "~/domain/bot-check";
import { MAX_CV_BYTES } from "~/domain/limits";
import { MESSAGES } from "~/domain/messages";
import { TEACHER_APPLICATION_STATUSES } from "~/domain/statuses";
import { renderMail } from "~/mail/templates.server";
import { action as teachersAction } from "~/routes/($lang)._site.teachers";
import { createBotCheck } from "~/services/bot-check.server";
import { cvFileName } from "~/services/teacher-applications.server";
import { mailOutbox, teacherApplications, teacherCvs } from "../../db/schema";
import { startTestApp, TEST_JWT_SECRET, type TestApp } from "../support/app";
import {
  expectError,
  expectOk,
  fileOfBytes,
  makeImage,
  makePdf,
  multipart,
  rowCount,
  validTeacher,
  withoutConsent,
} from "./helpers";

const STAFF = "staff@zipat.example";
const CV_NOT_PDF = MESSAGES.teacher.cvNotPdf;
const CV_TOO_LARGE = MESSAGES.teacher.cvTooLarge(5);

let app: TestApp;
let admin: string;
let user: string;

beforeAll(async () => {
  app = await startTestApp({ mail: { staffEmail: STAFF } });
  admin = (await app.createUser("ADMIN")).token;
  user = (await app.createUser("USER")).token;
});
afterAll(async () => {
  await app?.close();
});

const cvFile = (bytes: Uint8Array, name = "Priya Nair CV.pdf", type = "application/pdf") => ({
  bytes,
  name,
  type,
  field: "cv",
});
const submit = (fields: Record<string, string>, cv?: ReturnType<typeof cvFile>) =>
  app.api("/teacher-applications", { method: "POST", form: multipart(fields, cv) });

const storedRow = async (id: number) =>
  (await app.db.select().from(teacherApplications).where(eq(teacherApplications.id, id)))[0];
const storedCv = async (id: number) =>
  (await app.db.select().from(teacherCvs).where(eq(teacherCvs.applicationId, id)))[0];
const mailsAbout = (id: number) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.about, `teacher-application:${id}`))
    .orderBy(mailOutbox.id);
const counts = async () => ({
  applications: await rowCount(app, teacherApplications),
  cvs: await rowCount(app, teacherCvs),
  mails: await rowCount(app, mailOutbox),
});

/** Nothing stored: no application, no CV, no mail. */
async function expectNothingStored(send: () => Promise<unknown>) {
  const before = await counts();
  await send();
  expect(await counts()).toEqual(before);
}

describe("POST /api/teacher-applications (anyone)", () => {
  it("stores a registration without a CV as NEW, with its two mails", async () => {
    const created = expectOk(await submit(validTeacher()), 201, teacherApplicationAnswer);
    expect(created).toMatchObject({
      ...withoutConsent(validTeacher()),
      mobile: "+919847012345",
      status: "NEW",
      hasCv: false,
      cvFileName: null,
      cvSizeBytes: null,
    });
    expect(await storedRow(created.id)).toMatchObject({
      ...withoutConsent(validTeacher()),
      mobile: "+919847012345",
    });
    expect(await storedCv(created.id)).toBeUndefined();
    const mails = await mailsAbout(created.id);
    expect(mails.map((mail) => [mail.kind, mail.toAddress])).toEqual([
      ["teacherApplicationReceived", "priya.nair@example.com"],
      ["staffNewTeacherApplication", STAFF],
    ]);
    expect(mails[1]!.data).toMatchObject({ teacherApplicationId: created.id, cvFileName: null });
  });

  it("stores a CV with it: the very bytes, its name and size, and the staff mail names it", async () => {
    const pdf = makePdf(20_000);
    const created = expectOk(await submit(validTeacher(), cvFile(pdf)), 201, teacherApplicationAnswer);
    expect(created).toMatchObject({ hasCv: true, cvFileName: "Priya Nair CV.pdf", cvSizeBytes: 20_000 });
    const cv = await storedCv(created.id);
    expect(cv).toMatchObject({ fileName: "Priya Nair CV.pdf", sizeBytes: 20_000 });
    expect(Buffer.compare(cv!.content, pdf)).toBe(0);

    const [toTeacher, toStaff] = await mailsAbout(created.id);
    expect(toStaff!.data).toMatchObject({ cvFileName: "Priya Nair CV.pdf", cvSizeBytes: 20_000 });
    // Named and linked to the admin screen, never attached: the stored mail carries no file.
    expect(JSON.stringify(toStaff!.data)).not.toContain("%PDF");
    const school = {
      name: "Zipat",
      fullName: "Zipat Online School",
      address: "",
      email: "",
      phone: "",
      publicUrl: "https://zipat.school",
    };
    const staffMail = renderMail("staffNewTeacherApplication", toStaff!.data as never, school);
    expect(staffMail.text).toContain("Priya Nair CV.pdf (20 KB)");
    expect(staffMail.text).toContain("https://zipat.school/admin/teacher-applications");
    expect(staffMail.text).toContain("Teaching experience");
    const teacherMail = renderMail("teacherApplicationReceived", toTeacher!.data as never, school);
    expect(teacherMail.subject).toBe("We have received your teacher registration for Zipat");
    expect(teacherMail.text).toContain("Dear Priya Nair,");
    expect(teacherMail.text).toContain("your registration and your CV");
  });

  it("accepts JSON too (without a CV), and leaves the message out when none is written", async () => {
    const { message: _message, ...json } = validTeacher();
    const created = expectOk(
      await app.api("/teacher-applications", { method: "POST", json }),
      201,
      teacherApplicationAnswer,
    );
    expect(created.message).toBe("");
    expect((await storedRow(created.id))!.message).toBe("");
  });

  it("needs no sign-in, but accepts one", async () => {
    expectOk(
      await app.api("/teacher-applications", {
        method: "POST",
        form: multipart(validTeacher()),
        token: user,
      }),
      201,
      teacherApplicationAnswer,
    );
  });

  it("takes an empty file input as no CV", async () => {
    const created = expectOk(
      await submit(validTeacher(), cvFile(new Uint8Array(0), "")),
      201,
      teacherApplicationAnswer,
    );
    expect(created.hasCv).toBe(false);
    expect(await storedCv(created.id)).toBeUndefined();
  });

  it.each(["name", "city", "mobile", "email", "experience"])(
    "requires %s, storing nothing (not even the CV)",
    async (field) => {
      const fields: Record<string, string> = validTeacher();
      delete fields[field];
      await expectNothingStored(async () =>
        expectError(await submit(fields, cvFile(makePdf())), 400, [field]),
      );
      await expectNothingStored(async () =>
        expectError(await submit({ ...validTeacher(), [field]: "   " }), 400, [field]),
      );
    },
  );

  it.each([
    ["mobile", "12345"],
    ["mobile", "+1 202 555 0100"],
    ["email", "not-an-email"],
    ["name", "n".repeat(101)],
    ["city", "c".repeat(101)],
    ["experience", "e".repeat(201)],
    ["message", "m".repeat(2_001)],
    ["name", "Priya\u0000Nair"],
  ])("refuses %s %j", async (field, value) => {
    await expectNothingStored(async () =>
      expectError(await submit({ ...validTeacher(), [field]: value }), 400, [field]),
    );
  });

  it("takes the longest values the limits allow", async () => {
    const created = expectOk(
      await submit({ ...validTeacher(), experience: "e".repeat(200), message: "m".repeat(2_000) }),
      201,
      teacherApplicationAnswer,
    );
    expect(created.experience).toHaveLength(200);
  });

  it("refuses a file that is not a PDF, whatever its name and type say (415 on cv)", async () => {
    const image = await makeImage("png");
    await expectNothingStored(async () => {
      const body = expectError(await submit(validTeacher(), cvFile(image, "my-cv.pdf")), 415, ["cv"]);
      expect(body).toEqual({ message: CV_NOT_PDF, errors: { cv: [CV_NOT_PDF] } });
    });
    const text = new TextEncoder().encode("Priya Nair, 6 years of teaching.");
    await expectNothingStored(async () =>
      expectError(await submit(validTeacher(), cvFile(text)), 415, ["cv"]),
    );
    // A PDF's start without its end is a truncated or forged file.
    const cut = makePdf().subarray(0, 60);
    await expectNothingStored(async () =>
      expectError(await submit(validTeacher(), cvFile(cut)), 415, ["cv"]),
    );
  });

  it("takes a CV of exactly 5 MB and refuses one byte more (413 on cv)", async () => {
    const exact = expectOk(
      await submit(validTeacher(), cvFile(makePdf(MAX_CV_BYTES))),
      201,
      teacherApplicationAnswer,
    );
    expect(exact.cvSizeBytes).toBe(MAX_CV_BYTES);
    await expectNothingStored(async () => {
      const body = expectError(await submit(validTeacher(), cvFile(makePdf(MAX_CV_BYTES + 1))), 413, ["cv"]);
      expect(body.message).toBe(CV_TOO_LARGE);
    });
  });

  it("takes the CV only as the field cv, one file", async () => {
    const form = multipart(validTeacher(), { bytes: makePdf(), name: "cv.pdf", type: "application/pdf" });
    expectError(await app.api("/teacher-applications", { method: "POST", form }), 400);
    const two = multipart(validTeacher(), cvFile(makePdf()));
    two.append("cv", fileOfBytes(makePdf(), "second.pdf", "application/pdf"));
    expectError(await app.api("/teacher-applications", { method: "POST", form: two }), 400);
  });

  it("keeps the file's own name, made safe, and always a .pdf", async () => {
    const created = expectOk(
      await submit(validTeacher(), cvFile(makePdf(), "प्रिया CV – final.PDF")),
      201,
      teacherApplicationAnswer,
    );
    expect(created.cvFileName).toBe("प्रिया CV – final.pdf");
    expect(cvFileName("C:\\fakepath\\cv.pdf")).toBe("cv.pdf");
    expect(cvFileName("../../etc/passwd")).toBe("passwd.pdf");
    expect(cvFileName('my "cv"\r\n.pdf')).toBe('my "cv".pdf');
    expect(cvFileName("")).toBe("CV.pdf");
    expect(cvFileName(".pdf")).toBe("CV.pdf");
    expect(cvFileName(`${"a".repeat(300)}.pdf`)).toBe(`${"a".repeat(251)}.pdf`);
  });
});

describe("the ADMIN calls", () => {
  let withCv: number;
  let withoutCv: number;
  const pdf = makePdf(12_345);
  beforeAll(async () => {
    withoutCv = expectOk(
      await submit({ ...validTeacher(), name: "Without Cv" }),
      201,
      teacherApplicationAnswer,
    ).id;
    withCv = expectOk(
      await submit({ ...validTeacher(), name: "With Cv" }, cvFile(pdf, "With Cv.pdf")),
      201,
      teacherApplicationAnswer,
    ).id;
  });

  it("GET lists newest first with hasCv, the CV's name and size, never its bytes", async () => {
    const answer = await app.api("/teacher-applications", { token: admin });
    expect(answer.status).toBe(200);
    const rows = (answer.body as unknown[]).map((row) =>
      expectOk({ ...answer, body: row }, 200, teacherApplicationAnswer),
    );
    const ids = rows.map((row) => row.id);
    expect(ids.indexOf(withCv)).toBeLessThan(ids.indexOf(withoutCv));
    expect(rows.find((row) => row.id === withCv)).toMatchObject({
      hasCv: true,
      cvFileName: "With Cv.pdf",
      cvSizeBytes: 12_345,
    });
    expect(rows.find((row) => row.id === withoutCv)).toMatchObject({ hasCv: false, cvFileName: null });
    expect(JSON.stringify(answer.body)).not.toContain("%PDF");

    const page = await app.api("/teacher-applications?page=1&limit=1", { token: admin });
    expect((page.body as { id: number }[]).map((row) => row.id)).toEqual([withCv]);
    expectError(await app.api("/teacher-applications?limit=0", { token: admin }), 400, ["limit"]);
  });

  it("the admin screen's page counts and pages them", async () => {
    const page = await app.services.teacherApplications.listPage({ page: 1, limit: 1 });
    expect(page.total).toBe(await rowCount(app, teacherApplications));
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).not.toHaveProperty("content");
  });

  it("PATCH sets each of the five statuses, in any order", async () => {
    for (const status of [...TEACHER_APPLICATION_STATUSES].reverse()) {
      const changed = expectOk(
        await app.api(`/teacher-applications/${withCv}`, { method: "PATCH", json: { status }, token: admin }),
        200,
        teacherApplicationAnswer,
      );
      expect(changed).toMatchObject({ id: withCv, status, hasCv: true });
      expect((await storedRow(withCv))!.status).toBe(status);
    }
  });

  it.each(["PENDING", "APPROVED", "hired", "", 3, null])("PATCH refuses the status %j", async (status) => {
    const before = (await storedRow(withCv))!.status;
    const body = expectError(
      await app.api(`/teacher-applications/${withCv}`, { method: "PATCH", json: { status }, token: admin }),
      400,
      ["status"],
    );
    expect(body.errors!.status).toEqual([
      "Please choose a status: New, Shortlisted, Interview, Hired, Rejected.",
    ]);
    expect((await storedRow(withCv))!.status).toBe(before);
  });

  it("PATCH of an unknown application is 404", async () => {
    expectError(
      await app.api("/teacher-applications/999999", {
        method: "PATCH",
        json: { status: "HIRED" },
        token: admin,
      }),
      404,
    );
    expectError(
      await app.api("/teacher-applications/abc", {
        method: "PATCH",
        json: { status: "HIRED" },
        token: admin,
      }),
      404,
    );
  });

  it("GET …/cv answers the very bytes as a private PDF download", async () => {
    const response = await fetch(`${app.baseUrl}/api/teacher-applications/${withCv}/cv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="With Cv.pdf"; filename*=UTF-8''With%20Cv.pdf`,
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    expect(Buffer.compare(Buffer.from(await response.arrayBuffer()), pdf)).toBe(0);
  });

  it("GET …/cv is 404 for an application without a CV, or none at all", async () => {
    expect(
      expectError(await app.api(`/teacher-applications/${withoutCv}/cv`, { token: admin }), 404).message,
    ).toBe(MESSAGES.teacher.noCv);
    expect(expectError(await app.api("/teacher-applications/999999/cv", { token: admin }), 404).message).toBe(
      MESSAGES.teacher.notFound,
    );
  });

  it("a non-ASCII file name downloads under its own name, with a plain ASCII fallback", async () => {
    const created = expectOk(
      await submit(validTeacher(), cvFile(makePdf(), 'प्रिया "CV".pdf')),
      201,
      teacherApplicationAnswer,
    );
    const response = await fetch(`${app.baseUrl}/api/teacher-applications/${created.id}/cv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="______ _CV_.pdf"; filename*=UTF-8''${encodeURIComponent('प्रिया "CV".pdf')}`,
    );
  });

  it.each([
    ["anonymous", undefined, 401],
    ["a USER", () => user, 403],
  ] as const)("refuses %s the list, the status and the CV (%s)", async (_who, token, status) => {
    const bearer = token?.();
    expectError(await app.api("/teacher-applications", { token: bearer }), status);
    expectError(
      await app.api(`/teacher-applications/${withCv}`, {
        method: "PATCH",
        json: { status: "HIRED" },
        token: bearer,
      }),
      status,
    );
    const cv = await app.api(`/teacher-applications/${withCv}/cv`, { token: bearer });
    expectError(cv, status);
    expect(JSON.stringify(cv.body)).not.toContain("%PDF");
  });
});

describe("the Teachers page's action", () => {
  // The page's bot check with no minimum fill time (the real one is proven for every public form).
  const botCheck = createBotCheck({ secret: TEST_JWT_SECRET, minFillMs: 0 });
  const browserFields = () => ({
    [BOT_CHECK_FIELDS.honeypot]: "",
    [BOT_CHECK_FIELDS.stamp]: botCheck.issue(),
  });
  const reported: unknown[] = [];

  function context(): AppLoadContext {
    return {
      services: { ...app.services, botCheck },
      user: null,
      owner: null,
      requestId: "test",
      clientIp: "127.0.0.1",
      language: "en",
      suggestHindi: false,
      reportError: (error: unknown) => void reported.push(error),
      reportClientError: (status: number, reason: string) => void reported.push({ status, reason }),
      databaseUnavailable: () => false,
      addResponseHeaders: () => undefined,
      cspNonce: "",
      formStamp: "",
      publicAnswer: null,
      session: { signIn: () => "", signOut: () => "", end: async () => "" },
      flash: {
        message: null,
        set: async (flash) => `flash=${encodeURIComponent(JSON.stringify(flash))}`,
        clear: async () => "",
      },
    };
  }

  async function post(body: FormData | URLSearchParams) {
    const request = new Request("http://localhost:3000/teachers", { method: "POST", body });
    return teachersAction({ request, context: context(), params: {} });
  }
  type Failure = {
    data: { message: string; errors: Record<string, string[]>; values: Record<string, string> };
    init: { status: number };
  };

  it("stores a registration with its CV and comes back to the form with the success message", async () => {
    const pdf = makePdf(3_000);
    const before = await counts();
    const answer = (await post(
      multipart({ ...validTeacher(), ...browserFields() }, cvFile(pdf, "page-cv.pdf")),
    )) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/teachers#teacher-registration");
    expect(decodeURIComponent(answer.headers.get("set-cookie") ?? "")).toContain(MESSAGES.teacher.success);
    expect(await counts()).toEqual({
      applications: before.applications + 1,
      cvs: before.cvs + 1,
      mails: before.mails + 2,
    });
    const [row] = await app.db.select().from(teacherCvs).where(eq(teacherCvs.fileName, "page-cv.pdf"));
    expect(Buffer.compare(row!.content, pdf)).toBe(0);
  });

  it("stores one without a CV, from an empty file input or a url-encoded post", async () => {
    const empty = multipart({ ...validTeacher(), ...browserFields() }, cvFile(new Uint8Array(0), ""));
    expect(((await post(empty)) as Response).status).toBe(302);
    const plain = new URLSearchParams({ ...validTeacher(), ...browserFields() });
    expect(((await post(plain)) as Response).status).toBe(302);
  });

  it("shows every problem at once, the CV's among the fields', and keeps the typed values", async () => {
    await expectNothingStored(async () => {
      const answer = (await post(
        multipart(
          { ...validTeacher(), email: "nope", city: "", ...browserFields() },
          cvFile(await makeImage("png"), "cv.pdf"),
        ),
      )) as unknown as Failure;
      expect(answer.init.status).toBe(400);
      expect(Object.keys(answer.data.errors).sort()).toEqual(["city", "cv", "email"]);
      expect(answer.data.errors.cv).toEqual([CV_NOT_PDF]);
      expect(answer.data.values).toMatchObject({ name: "Priya Nair", email: "nope" });
      expect(answer.data.values).not.toHaveProperty(BOT_CHECK_FIELDS.stamp);
    });
  });

  it("answers a CV that is too large 413 and one that is not a PDF 415, beside the CV field", async () => {
    for (const [bytes, status, text] of [
      [makePdf(MAX_CV_BYTES + 1), 413, CV_TOO_LARGE],
      [new TextEncoder().encode("not a pdf"), 415, CV_NOT_PDF],
    ] as const) {
      await expectNothingStored(async () => {
        const answer = (await post(
          multipart({ ...validTeacher(), ...browserFields() }, cvFile(bytes)),
        )) as unknown as Failure;
        expect(answer.init.status).toBe(status);
        expect(answer.data).toMatchObject({ message: text, errors: { cv: [text] } });
        expect(answer.data.values.name).toBe("Priya Nair");
      });
    }
  });

  it("refuses a post without the bot check's fields (422), storing nothing", async () => {
    await expectNothingStored(async () => {
      const answer = (await post(multipart(validTeacher(), cvFile(makePdf())))) as unknown as Failure;
      expect(answer.init.status).toBe(422);
      expect(answer.data.message).toBe(MESSAGES.generic.botCheck);
    });
    expect(reported).toEqual([]);
  });
});
