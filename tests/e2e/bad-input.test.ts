import { MAX_SEATS } from "~/domain/seats";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "~/domain/limits";
import { validApplication, validDemo, validEnrollment, validTeacher } from "../api/helpers";
import { callApi } from "../support/app";
import {
  expectAllRefused,
  hostileText,
  letters,
  WRONG,
  WRONG_BOT_CHECK,
  wrongJson,
  type BadInputTarget,
} from "../support/bad-input";
import { normaliseFreeText } from "~/domain/free-text";
import { botCheckFields, storedRows } from "../support/forms";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN, startSite } from "../support/site";

const APPLICATION_WRONG = {
  studentName: WRONG.text(LIMITS.name),
  dob: WRONG.date,
  grade: WRONG.grade,
  parentName: WRONG.text(LIMITS.name),
  mobile: WRONG.mobile,
  email: WRONG.email,
};
const DEMO_WRONG = {
  parentName: WRONG.text(LIMITS.name),
  studentName: WRONG.text(LIMITS.name),
  grade: WRONG.grade,
  mobile: WRONG.mobile,
  email: WRONG.email,
  preferredDateTime: WRONG.text(LIMITS.preferredDateTime),
};
const asJson = (wrong: Record<string, fc.Arbitrary<string>>) =>
  Object.fromEntries(Object.entries(wrong).map(([field, values]) => [field, wrongJson(values)]));

/**
 * What the visitor reads: the form's alert, or on a refusal made before Remix (403, 413) the
 * fallback page's message. Nothing else on the page counts.
 */
function shownMessage(status: number, html: string): string | undefined {
  const alert = /role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1];
  const refusal =
    status === 403 || status === 413
      ? /<main[^>]*>[\s\S]*?<p[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1]
      : undefined;
  return (alert ?? refusal)?.replace(/<[^>]+>/g, "").trim();
}

describe("bad input never breaks anything (property-based)", () => {
  let server: RunningServer;
  let adminToken: string;
  const bot: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    server = await startSite();
    adminToken = (await callApi(server.url, "/auth/login", { json: E2E_ADMIN })).body.token;
    // The login view has no bot check (decision 0032): register and forgot share this one.
    for (const page of ["/apply", "/book-demo", "/login?view=register", "/fee-structure?enroll=grade-1"])
      bot[page] = await botCheckFields(server.url, page);
  });
  afterAll(async () => {
    await server?.dispose();
  });

  /** Rows of every table a submission could add to, read as the admin sees them. */
  async function rowCounts() {
    const [applications, demos, users, orders, teachers] = await Promise.all(
      ["/applications", "/demos", "/users", "/tuition/orders", "/teacher-applications"].map(
        async (path) => (await storedRows(server.url, path, adminToken)).length,
      ),
    );
    return { applications, demos, users, orders, teachers };
  }

  const sendJson =
    (path: string, method = "POST") =>
    async (body: Record<string, unknown> | string) => {
      const answer = await callApi(server.url, path, {
        method,
        body: typeof body === "string" ? body : JSON.stringify(body),
        headers: { "content-type": "application/json" },
      });
      return { status: answer.status, message: answer.body?.message as string | undefined };
    };

  const sendForm = (path: string) => async (body: Record<string, unknown> | string) => {
    const response = await fetch(server.url + path, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body:
        typeof body === "string"
          ? body
          : new URLSearchParams(Object.entries(body).map(([key, value]) => [key, String(value)])),
    });
    return { status: response.status, message: shownMessage(response.status, await response.text()) };
  };

  /** A /login post sent from the view its intent belongs to, as the page does. */
  const fromItsView = (body: Parameters<ReturnType<typeof sendForm>>[0]) => {
    // Any JSON value: only the three known intents choose a view.
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    const intent = typeof body === "string" ? "login" : String(body.intent ?? "login");
    return sendForm(`/login?view=${["register", "forgot"].includes(intent) ? intent : "login"}`)(body);
  };

  /**
   * One row per endpoint and form anyone can send. Made before the server starts: what they need
   * of it (its address, the bot-check fields of beforeAll) they read when they send.
   */
  const TARGETS: BadInputTarget[] = [
    {
      name: "POST /api/applications",
      encoding: "json",
      valid: validApplication,
      wrong: asJson(APPLICATION_WRONG),
      send: sendJson("/applications"),
      numRuns: 120,
    },
    {
      name: "POST /api/demos",
      encoding: "json",
      valid: validDemo,
      wrong: asJson(DEMO_WRONG),
      send: sendJson("/demos"),
      numRuns: 120,
    },
    {
      name: "POST /api/teacher-applications",
      encoding: "json",
      valid: validTeacher,
      // The message may be empty; its length and type are proven in tests/api/teacher-applications.test.ts.
      wrong: asJson({
        name: WRONG.text(LIMITS.name),
        city: WRONG.text(LIMITS.city),
        mobile: WRONG.mobile,
        email: WRONG.email,
        experience: WRONG.text(LIMITS.experience),
      }),
      send: sendJson("/teacher-applications"),
      numRuns: 60,
    },
    {
      name: "POST /api/tuition/create-order",
      encoding: "json",
      valid: validEnrollment,
      wrong: {
        ...asJson({
          studentName: WRONG.text(LIMITS.name),
          parentName: WRONG.text(LIMITS.name),
          mobile: WRONG.mobile,
          email: WRONG.email,
          grade: WRONG.grade,
        }),
        amount: wrongJson(WRONG.amount),
      },
      optional: ["amount"],
      send: sendJson("/tuition/create-order"),
      numRuns: 120,
    },
    {
      name: "POST /api/auth/register",
      encoding: "json",
      valid: () => ({ name: "Lakshmi Rao", email: "lakshmi@example.com", password: "lakshmi-password" }),
      wrong: asJson({ name: WRONG.text(LIMITS.name), email: WRONG.email, password: WRONG.password }),
      send: sendJson("/auth/register"),
      numRuns: 100,
    },
    {
      name: "POST /api/auth/login",
      encoding: "json",
      valid: () => ({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
      wrong: asJson({ email: WRONG.email, password: WRONG.loginPassword }),
      send: sendJson("/auth/login"),
      numRuns: 100,
    },
    {
      name: "GET /api/blog?page&limit",
      encoding: "json",
      valid: () => ({ page: "1", limit: "6" }),
      wrong: {
        page: fc.oneof(letters, fc.constantFrom("", "0", "-1", "1.5", "1e3", "99999999", "0x10")),
        limit: fc.oneof(letters, fc.constantFrom("", "0", "101", "-6", "6.5", "1e1")),
      },
      optional: ["page", "limit"],
      rawBodies: false,
      send: async (body) => {
        const query =
          typeof body === "string" ? body : new URLSearchParams(body as Record<string, string>).toString();
        const answer = await callApi(server.url, `/blog?${query}`);
        return { status: answer.status, message: answer.body?.message };
      },
      numRuns: 50,
    },
    {
      name: "GET /api/blog/:id and /api/courses/:id",
      encoding: "json",
      valid: () => ({ id: "1" }),
      wrong: {
        id: fc.oneof(
          // Anything but an id that exists: digits alone, empty or dot segments would be real paths.
          hostileText.filter(
            (text) => text.trim() !== "" && !/^\d+$/.test(text) && ![".", ".."].includes(text),
          ),
          fc.constantFrom("0", "-1", "1.0", "01", "1e0", "0x1", "99999999999", "2147483648"),
        ),
      },
      optional: ["id"],
      rawBodies: false,
      send: async (body) => {
        // A malformed body's id may be any JSON value: sent as its text, as a hand-made link would.
        // eslint-disable-next-line @typescript-eslint/no-base-to-string
        const id = typeof body === "string" ? body : String(body.id ?? "");
        const [blog, course] = await Promise.all([
          callApi(server.url, `/blog/${encodeURIComponent(id)}`),
          callApi(server.url, `/courses/${encodeURIComponent(id)}`),
        ]);
        // Both must refuse; report the worse of the two.
        const worst = blog.status >= course.status ? blog : course;
        return { status: worst.status, message: worst.body?.message };
      },
      numRuns: 50,
    },
    {
      name: "POST /apply (page form)",
      encoding: "form",
      valid: () => ({ ...validApplication(), ...bot["/apply"] }),
      wrong: { ...APPLICATION_WRONG, ...WRONG_BOT_CHECK },
      send: sendForm("/apply"),
      numRuns: 70,
    },
    {
      name: "POST /book-demo (page form)",
      encoding: "form",
      valid: () => ({ ...validDemo(), ...bot["/book-demo"] }),
      wrong: { ...DEMO_WRONG, ...WRONG_BOT_CHECK },
      send: sendForm("/book-demo"),
      numRuns: 70,
    },
    {
      name: "POST /fee-structure?enroll (enrollment form)",
      encoding: "form",
      valid: () => ({ ...validEnrollment(), ...bot["/fee-structure?enroll=grade-1"] }),
      wrong: {
        studentName: WRONG.text(LIMITS.name),
        parentName: WRONG.text(LIMITS.name),
        mobile: WRONG.mobile,
        email: WRONG.email,
        grade: WRONG.grade,
        amount: WRONG.amount,
        ...WRONG_BOT_CHECK,
      },
      optional: ["amount"],
      send: sendForm("/fee-structure?enroll=grade-1"),
      numRuns: 70,
    },
    {
      name: "POST /login (login, register and forgot views)",
      encoding: "form",
      valid: () => ({
        intent: "register",
        name: "Lakshmi Rao",
        email: "lakshmi.form@example.com",
        password: "lakshmi-password",
        confirmPassword: "lakshmi-password",
        redirectTo: "/courses",
        ...bot["/login?view=register"],
      }),
      wrong: {
        name: WRONG.text(LIMITS.name),
        email: WRONG.email,
        password: WRONG.password,
        confirmPassword: fc.oneof(WRONG.password, fc.constant("a-different-password")),
        // Another view with its own fields, or an intent no view has (the action reads it as
        // "login"). "forgot" takes only an address, so it has a target of its own below.
        intent: fc.oneof(fc.constant("login"), letters),
        ...WRONG_BOT_CHECK,
      },
      send: fromItsView,
      numRuns: 70,
    },
    {
      // A valid address gets the same answer whether or not it has an account (200), so only
      // a wrong address or bot check is malformed here.
      name: "POST /login?view=forgot (forgot password)",
      encoding: "form",
      valid: () => ({ intent: "forgot", email: "lakshmi.form@example.com", ...bot["/login?view=register"] }),
      wrong: { email: WRONG.email, ...WRONG_BOT_CHECK },
      send: fromItsView,
      numRuns: 40,
    },
  ];

  // One test per target: about 1,200 requests in all, each a page render or an API answer. Each
  // field is sent wrong on its own first, then in random company (tests/support/bad-input.ts).
  it.each(TARGETS)(
    "refuses every malformed body of $name with a 4xx and a message, storing nothing",
    async (target) => {
      const before = await rowCounts();
      expect(await expectAllRefused(target)).toBeGreaterThanOrEqual(target.numRuns);
      expect(await rowCounts()).toEqual(before);
      // The server is still healthy, and nothing leaked into Object.prototype on our side either.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it("takes hostile text in any free-text field of a valid submission: stored as sent or refused, never a 5xx", async () => {
    const TEXT_FIELDS = [
      {
        path: "/applications",
        valid: validApplication,
        fields: ["studentName", "parentName"],
        record: (body: any) => body,
      },
      {
        path: "/demos",
        valid: validDemo,
        fields: ["parentName", "studentName", "preferredDateTime"],
        record: (body: any) => body,
      },
      {
        path: "/tuition/create-order",
        valid: validEnrollment,
        fields: ["studentName", "parentName"],
        record: (body: any) => body.order,
      },
    ];
    // Every valid enrollment takes a seat of its grade (issue 38): enough seats for every run.
    const { grade } = validEnrollment();
    const seats = await callApi(server.url, `/seats/${encodeURIComponent(grade)}`, {
      method: "PUT",
      json: { seats: MAX_SEATS, reserved: 0 },
      token: adminToken,
    });
    expect(seats.status).toBe(200);
    for (const { path, valid, fields, record } of TEXT_FIELDS) {
      const tried = new Map(fields.map((field) => [field, 0]));
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...fields), hostileText, async (field, text) => {
          tried.set(field, tried.get(field)! + 1);
          const answer = await callApi(server.url, path, { json: { ...valid(), [field]: text } });
          const sent = `${path} ${field}=${JSON.stringify(text)}`;
          if (answer.status === 201)
            // Stored as the one free-text rule gives it: NFC, line breaks as LF, trimmed.
            expect(record(answer.body)[field], sent).toBe(normaliseFreeText(text));
          else {
            expect(answer.status, sent).toBe(400);
            expect(answer.body.errors?.[field], sent).toBeDefined();
          }
        }),
        { numRuns: 60 },
      );
      // Every free-text field of the path had its share of the hostile text.
      for (const [field, times] of tried) expect(times, `${path} ${field}`).toBeGreaterThanOrEqual(5);
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 240_000);
});
