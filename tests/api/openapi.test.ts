import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RAZORPAY_WEBHOOK_PATH } from "~/api/razorpay-webhook.server";
import { WHATSAPP_WEBHOOK_PATH } from "~/api/whatsapp-webhook.server";
import { openApiDocument } from "~/api/router.server";
import { API_ROUTES } from "~/api/routes.server";
import { startTestApp, type TestApp } from "../support/app";
import { lintOpenApiDocument } from "../support/openapi-lint";
import { contractProblems } from "../support/openapi-validator";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

type Media = { schema: { required?: string[] }; example?: unknown };
type Response = { $ref?: string; headers?: Record<string, unknown>; content?: Record<string, unknown> };
type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  "x-access": string;
  security: unknown[];
  parameters?: Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }>;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, Response>;
};
type Document = {
  openapi: string;
  info: { title: string; license: { name: string }; contact: { url: string } };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, Response>;
  };
};

const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

/** The operations' names: clients generate code from them, so renaming one is a breaking change. */
const OPERATION_IDS = [
  "acceptOffer",
  "createApplication",
  "createBlogPost",
  "createCourse",
  "createDemoRequest",
  "createOrder",
  "createTeacherApplication",
  "declineOffer",
  "deleteBlogPost",
  "deleteCourse",
  "downloadTeacherApplicationCv",
  "getBlogPost",
  "getCourse",
  "getDetails",
  "getOpenApiDocument",
  "listApplications",
  "listBlogPosts",
  "listCourses",
  "listDemoRequests",
  "listGrades",
  "listOffers",
  "listPaidOrders",
  "listSeats",
  "listTeacherApplications",
  "listUsers",
  "login",
  "offerSeat",
  "receiveRazorpayWebhook",
  "receiveWhatsAppWebhook",
  "register",
  "removeFromWaitlist",
  "setApplicationStatus",
  "setDemoRequestStatus",
  "setSeats",
  "setTeacherApplicationStatus",
  "toggleCourseLike",
  "updateBlogPost",
  "updateCourse",
  "updateDetails",
  "verifyWhatsAppWebhook",
  "waitlistApplication",
  "withdrawOffer",
];

describe("GET /api/openapi.json", () => {
  let doc: Document;
  let operations: Operation[];
  beforeAll(async () => {
    const answer = await app.api("/openapi.json");
    expect(answer.status).toBe(200);
    doc = answer.body as Document;
    operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
  });

  it("is the OpenAPI 3.1.0 document built from the route table, its server at PUBLIC_URL", () => {
    expect(doc.openapi).toBe("3.1.0");
    // The test app's PUBLIC_URL (tests/support/app.ts).
    expect(doc).toEqual(JSON.parse(JSON.stringify(openApiDocument("http://localhost:3000"))));
    expect(doc.servers).toEqual([expect.objectContaining({ url: "http://localhost:3000/api" })]);
    expect(openApiDocument("https://zipat.school/").servers[0]!.url).toBe("https://zipat.school/api");
    expect(doc.info.license.name).toMatch(/\S/);
    expect(doc.info.contact.url).toBe("http://localhost:3000/about-us-zipat");
  });

  it("has no error or warning under Redocly's recommended rules (as a deployed site serves it)", async () => {
    const problems = await lintOpenApiDocument("https://zipat.school");
    expect(problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
  });

  it("names every operation once, with the stable operationIds, a tag and a security declaration", () => {
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(OPERATION_IDS);
    for (const operation of operations) {
      expect(operation.tags, operation.operationId).toHaveLength(1);
      expect(operation.security, operation.operationId).toBeInstanceOf(Array);
    }
  });

  it.each(API_ROUTES.map((route) => [route.method.toUpperCase(), route.path, route] as const))(
    "documents %s %s with every answer it can give",
    (_method, _path, route) => {
      const operation = doc.paths[openApiPath(route.path)]?.[route.method];
      expect(operation, `${route.method} ${route.path} is missing`).toBeDefined();
      const { responses } = operation!;
      const statuses = Object.keys(responses);
      expect(operation!.operationId).toBe(route.operationId);
      expect(operation!.summary).toBe(route.summary);
      expect(operation!["x-access"]).toBe(route.access);
      expect(operation!.security).toEqual(route.access === "public" ? [] : [{ bearer: [] }]);

      expect(statuses).toContain(String(route.status ?? 200));
      expect(statuses).toEqual(expect.arrayContaining(["431", "500", "503"]));
      if (route.access !== "public") expect(statuses).toContain("401");
      if (route.access === "admin") expect(statuses).toContain("403");
      if (route.path.includes(":id")) expect(statuses).toContain("404");
      if (route.body || route.query) expect(statuses).toContain("400");
      if (route.body) expect(statuses).toEqual(expect.arrayContaining(["413", "415"]));
      else expect(statuses).not.toContain("415");
      if (route.rateLimit)
        expect(responses["429"]).toEqual({ $ref: "#/components/responses/TooManyRequests" });

      for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
        expect(operation!.parameters).toContainEqual(
          expect.objectContaining({ name, in: "path", required: true }),
        );
      }
      if (!route.body) expect(operation!.requestBody).toBeUndefined();
      else {
        const content = operation!.requestBody!.content;
        expect(Object.keys(content).sort()).toEqual(
          route.fileRequired
            ? ["multipart/form-data"]
            : route.upload
              ? ["application/json", "multipart/form-data"]
              : ["application/json"],
        );
        for (const media of Object.values(content)) expect(media.example).toBeDefined();
        // The example succeeds: the route's own schema takes it.
        const parsed = route.body.safeParse(route.example);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        if (route.upload) {
          const required = content["multipart/form-data"]!.schema.required ?? [];
          expect(required.includes(route.upload)).toBe(Boolean(route.fileRequired));
        }
      }
    },
  );

  it("declares Retry-After on every 429 and 503, and Content-Disposition on the CV download", () => {
    for (const name of ["TooManyRequests", "Unavailable"]) {
      expect(doc.components.responses[name]!.headers).toEqual({
        "Retry-After": { $ref: "#/components/headers/RetryAfter" },
      });
    }
    const download = doc.paths["/teacher-applications/{id}/cv"]!.get!.responses["200"]!;
    expect(download.headers!["Content-Disposition"]).toMatchObject({ required: true });
    expect(Object.keys(download.content!)).toEqual(["application/pdf"]);
  });

  it("lists the admin lists' page and limit with their bounds", () => {
    for (const path of ["/applications", "/demos", "/teacher-applications", "/blog"]) {
      const parameters = doc.paths[path]!.get!.parameters!;
      const limitMax = path === "/blog" ? 100 : 200;
      expect(parameters).toEqual([
        expect.objectContaining({
          name: "page",
          in: "query",
          schema: expect.objectContaining({ type: "integer", minimum: 1, maximum: 1_000_000 }),
        }),
        expect.objectContaining({
          name: "limit",
          in: "query",
          schema: expect.objectContaining({ type: "integer", minimum: 1, maximum: limitMax }),
        }),
      ]);
    }
  });

  it("documents nothing that is not in the route table (or the webhook receivers, or itself)", () => {
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    const routes = [
      ...API_ROUTES.map((route) => `${route.method} ${openApiPath(route.path)}`),
      `post ${RAZORPAY_WEBHOOK_PATH}`,
      `get ${WHATSAPP_WEBHOOK_PATH}`,
      `post ${WHATSAPP_WEBHOOK_PATH}`,
      "get /openapi.json",
    ];
    expect(documented.sort()).toEqual(routes.sort());
  });
});

describe("the check every API test's answers go through", () => {
  const json = new Headers({ "content-type": "application/json; charset=utf-8" });
  const grades = [{ grade: "Grade 1", fee: 15000 }];

  it("passes an answer as declared", () => {
    expect(
      contractProblems({ method: "GET", path: "/grades", status: 200, headers: json, body: grades }),
    ).toEqual([]);
  });

  it("fails a status the operation does not declare", () => {
    const problems = contractProblems({
      method: "POST",
      path: "/auth/login",
      status: 409,
      headers: json,
      body: { message: "No" },
    });
    expect(problems).toEqual([
      expect.stringMatching(/POST \/auth\/login \(login\) answered 409, which the document does not declare/),
    ]);
  });

  it("fails a body that does not match the schema: a missing field, a wrong type, an extra key", () => {
    for (const body of [
      [{ grade: "Grade 1" }],
      [{ grade: "Grade 1", fee: "15000" }],
      [{ grade: "Grade 13", fee: 1 }],
    ]) {
      expect(contractProblems({ method: "GET", path: "/grades", status: 200, headers: json, body })).toEqual([
        expect.stringMatching(/GET \/grades \(listGrades\) 200: body/),
      ]);
    }
    const user = { id: 1, name: "A", email: "a@example.com", createdAt: "2026-01-01T00:00:00.000Z" };
    expect(
      contractProblems({
        method: "GET",
        path: "/users",
        status: 200,
        headers: json,
        body: [{ ...user, passwordHash: "x" }],
      }),
    ).toEqual([expect.stringMatching(/must NOT have additional properties/)]);
  });

  it("fails an answer without a header the response requires (Retry-After on 429)", () => {
    const body = { message: "Too many attempts." };
    expect(
      contractProblems({ method: "POST", path: "/auth/login", status: 429, headers: json, body }),
    ).toEqual([expect.stringMatching(/the Retry-After header is missing/)]);
    const withRetry = new Headers({ "content-type": "application/json", "retry-after": "30" });
    expect(
      contractProblems({ method: "POST", path: "/auth/login", status: 429, headers: withRetry, body }),
    ).toEqual([]);
  });

  it("fails a body where the document declares none, and a type it does not declare", () => {
    expect(
      contractProblems({ method: "DELETE", path: "/blog/1", status: 204, headers: json, body: { ok: true } }),
    ).toEqual([expect.stringMatching(/declares no body/)]);
    const html = new Headers({ "content-type": "text/html" });
    expect(
      contractProblems({ method: "GET", path: "/grades", status: 200, headers: html, body: "<p>" }),
    ).toEqual([expect.stringMatching(/Content-Type text\/html/)]);
  });

  it("holds paths outside the document to the router's 404 and 405", () => {
    const error = { message: "Not found" };
    expect(
      contractProblems({ method: "GET", path: "/nowhere", status: 404, headers: json, body: error }),
    ).toEqual([]);
    expect(
      contractProblems({ method: "GET", path: "/nowhere", status: 200, headers: json, body: [] }),
    ).toHaveLength(1);
    expect(
      contractProblems({
        method: "PATCH",
        path: "/grades",
        status: 405,
        headers: json,
        body: { message: "No" },
      }),
    ).toEqual([expect.stringMatching(/Allow header is missing/)]);
  });
});
