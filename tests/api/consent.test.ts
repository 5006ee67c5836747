import type { AppLoadContext } from "@remix-run/node";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { applicationAnswer, demoAnswer, orderAnswer, teacherApplicationAnswer } from "~/api/schemas.server";
import { BOT_CHECK_FIELDS } from "~/domain/bot-check";
import { CONSENT_WHAT } from "~/domain/forms";
import { NOTICE_VERSION_MESSAGES, PRIVACY_NOTICE_VERSION } from "~/domain/privacy";
import { action as applyAction } from "~/routes/($lang)._site.apply";
import { createBotCheck } from "~/services/bot-check.server";
import type { FormFailure } from "~/utils/forms";
import { applications, demoRequests, orders, teacherApplications } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import {
  expectError,
  expectOk,
  rowCount,
  validApplication,
  validDemo,
  validEnrollment,
  validTeacher,
  withoutConsent,
} from "./helpers";

/**
 * Issue 20: the four forms that take personal data carry the parent's (or teacher's) consent and
 * the privacy notice's version; the record keeps when and which. Missing or forged consent is a
 * 400 naming the field, and nothing is stored.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const childMessage = `Please confirm ${CONSENT_WHAT.child} to continue.`;

const CALLS = [
  {
    path: "/applications",
    table: applications,
    valid: validApplication,
    message: childMessage,
    created: (body: unknown) => expectOk({ status: 201, body } as never, 201, applicationAnswer).id,
    answer: applicationAnswer as z.ZodType,
  },
  {
    path: "/demos",
    table: demoRequests,
    valid: validDemo,
    message: childMessage,
    created: (body: unknown) => expectOk({ status: 201, body } as never, 201, demoAnswer).id,
    answer: demoAnswer as z.ZodType,
  },
  {
    path: "/tuition/create-order",
    table: orders,
    valid: validEnrollment,
    message: childMessage,
    created: (body: unknown) => (body as { order: { id: string } }).order.id,
    answer: orderAnswer as z.ZodType,
  },
  {
    path: "/teacher-applications",
    table: teacherApplications,
    valid: validTeacher,
    message: `Please confirm ${CONSENT_WHAT.own} to continue.`,
    created: (body: unknown) => expectOk({ status: 201, body } as never, 201, teacherApplicationAnswer).id,
    answer: teacherApplicationAnswer as z.ZodType,
  },
] as const;

async function storedConsent(call: (typeof CALLS)[number], id: string | number) {
  const table = call.table;
  const [row] = await app.db
    .select({ consentAt: table.consentAt, noticeVersion: table.noticeVersion, createdAt: table.createdAt })
    .from(table)
    .where(eq(table.id, id as never));
  return row!;
}

describe.each(CALLS)("POST $path", (call) => {
  const post = (json: unknown) => app.api(call.path, { method: "POST", json });

  it("stores the consent time and the notice version, with JSON's true or the form's \"yes\"", async () => {
    for (const consent of [true, "yes"]) {
      const answer = await post({ ...call.valid(), consent, noticeVersion: PRIVACY_NOTICE_VERSION });
      expect(answer.status).toBe(201);
      const stored = await storedConsent(call, call.created(answer.body));
      expect(stored.noticeVersion).toBe(PRIVACY_NOTICE_VERSION);
      // Given as the record was made: the same statement's clock.
      expect(stored.consentAt).toEqual(stored.createdAt);
    }
  });

  it("answers the record in the shape it had before consent was asked", async () => {
    const answer = await post(call.valid());
    const record =
      call.path === "/tuition/create-order" ? (answer.body as { order: unknown }).order : answer.body;
    expect(Object.keys(record as object)).not.toContain("consentAt");
    expect(Object.keys(record as object)).not.toContain("noticeVersion");
    expect(call.answer.parse(record)).toEqual(record);
  });

  it.each([
    ["left out", {}],
    ["false", { consent: false }],
    ['"no"', { consent: "no" }],
    ["empty", { consent: "" }],
    ["a number", { consent: 1 }],
  ])("refuses consent %s with 400 naming consent, storing nothing", async (_case, consent) => {
    const before = await rowCount(app, call.table);
    const answer = await post({
      ...withoutConsent(call.valid()),
      noticeVersion: PRIVACY_NOTICE_VERSION,
      ...consent,
    });
    const body = expectError(answer, 400, ["consent"]);
    expect(body.errors?.consent).toEqual([call.message]);
    expect(body.message).toBe(call.message);
    expect(await rowCount(app, call.table)).toBe(before);
  });

  it("refuses consent=yes without the notice's version (forged) with 400 naming noticeVersion", async () => {
    const before = await rowCount(app, call.table);
    for (const version of [{}, { noticeVersion: "" }, { noticeVersion: null }]) {
      const body = expectError(
        await post({ ...withoutConsent(call.valid()), consent: "yes", ...version }),
        400,
        ["noticeVersion"],
      );
      expect(body.errors?.noticeVersion).toEqual([NOTICE_VERSION_MESSAGES.missing]);
    }
    expect(await rowCount(app, call.table)).toBe(before);
  });

  it("refuses consent to another version of the notice: it has changed, read it again", async () => {
    const before = await rowCount(app, call.table);
    for (const noticeVersion of ["2020-01-01", `${PRIVACY_NOTICE_VERSION} `, 20261126]) {
      const body = expectError(await post({ ...call.valid(), consent: true, noticeVersion }), 400, [
        "noticeVersion",
      ]);
      expect(body.errors?.noticeVersion).toEqual([NOTICE_VERSION_MESSAGES.changed]);
    }
    expect(await rowCount(app, call.table)).toBe(before);
  });

  it("documents both fields as required in the OpenAPI document", async () => {
    const document = (await app.api("/openapi.json")).body as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: JsonSchema }> } } }>;
    };
    const { schema } = document.paths[call.path]!.post.requestBody.content["application/json"]!;
    expect(schema.required).toEqual(expect.arrayContaining(["consent", "noticeVersion"]));
    expect(schema.properties.noticeVersion).toMatchObject({ const: PRIVACY_NOTICE_VERSION });
    expect(schema.properties.consent?.description).toMatch(/privacy notice/);
  });
});

type JsonSchema = {
  required: string[];
  properties: Record<string, { const?: string; description?: string }>;
};

describe("the admission page's form", () => {
  const botCheck = createBotCheck({ secret: "consent-test-secret", minFillMs: 0 });
  const context = () =>
    ({
      services: { ...app.services, botCheck },
      clientIp: "127.0.0.1",
      language: "en",
      suggestHindi: false,
      user: null,
      reportError: vi.fn(),
      addResponseHeaders: vi.fn(),
      flash: { set: async () => "flash=set", message: null },
    }) as unknown as AppLoadContext;
  const submit = async (fields: Record<string, string>) => {
    const body = new URLSearchParams({
      ...fields,
      [BOT_CHECK_FIELDS.honeypot]: "",
      [BOT_CHECK_FIELDS.stamp]: botCheck.issue(),
    });
    const request = new Request("http://localhost:3000/apply", { method: "POST", body });
    return (await applyAction({ request, context: context(), params: {} })) as unknown as {
      init: { status: number } | null;
      data: FormFailure;
    };
  };

  it("shows the form again with the values typed when the box is not ticked", async () => {
    const before = await rowCount(app, applications);
    const answer = await submit({ ...validApplication(), consent: "" });
    expect(answer.init?.status).toBe(400);
    expect(answer.data.errors.consent).toEqual([childMessage]);
    expect(answer.data.values).toMatchObject({ studentName: "Asha Verma", email: "ravi.verma@example.com" });
    expect(await rowCount(app, applications)).toBe(before);
  });

  it("asks again when the form showed an older notice, and stores the consent once given", async () => {
    const stale = await submit({ ...validApplication(), noticeVersion: "2025-01-01" });
    expect(stale.init?.status).toBe(400);
    expect(stale.data.errors.noticeVersion).toEqual([NOTICE_VERSION_MESSAGES.changed]);

    const sent = (await submit(validApplication())) as unknown as Response;
    expect(sent.status).toBe(302);
    const [row] = await app.db
      .select({ consentAt: applications.consentAt, noticeVersion: applications.noticeVersion })
      .from(applications)
      .orderBy(desc(applications.id))
      .limit(1);
    expect(row!.noticeVersion).toBe(PRIVACY_NOTICE_VERSION);
    expect(row!.consentAt).toBeInstanceOf(Date);
  });
});
