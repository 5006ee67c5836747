import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RAZORPAY_WEBHOOK_PATH } from "~/api/razorpay-webhook.server";
import { API_ROUTES } from "~/api/routes.server";
import { startTestApp, type TestApp } from "../support/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

type Operation = {
  summary: string;
  "x-access": string;
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
};
type Document = {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

describe("GET /api/openapi.json", () => {
  let doc: Document;
  beforeAll(async () => {
    const answer = await app.api("/openapi.json");
    expect(answer.status).toBe(200);
    doc = answer.body as Document;
  });

  it("is an OpenAPI 3.1.0 document, served to anyone", async () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.components.schemas.Error).toBeDefined();
  });

  it.each(API_ROUTES.map((route) => [route.method.toUpperCase(), route.path, route] as const))(
    "documents %s %s",
    (_method, _path, route) => {
      const path = route.path.replace(/:(\w+)/g, "{$1}");
      const operation = doc.paths[path]?.[route.method];
      expect(operation, `${route.method} ${path} is missing`).toBeDefined();
      expect(operation!.summary).toBe(route.summary);
      expect(operation!["x-access"]).toBe(route.access);
      if (route.access === "public") expect(operation!.security).toBeUndefined();
      else expect(operation!.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(operation!.responses)).toContain(String(route.status ?? 200));
      if (route.access !== "public") expect(Object.keys(operation!.responses)).toContain("401");
      if (route.access === "admin") expect(Object.keys(operation!.responses)).toContain("403");
      for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
        expect(operation!.parameters).toContainEqual(
          expect.objectContaining({ name, in: "path", required: true }),
        );
      }
      if (route.body) expect(operation!.requestBody?.content["application/json"]).toBeDefined();
      if (route.upload) expect(operation!.requestBody?.content["multipart/form-data"]).toBeDefined();
    },
  );

  it("documents nothing that is not in the route table (or Razorpay's webhook receiver)", () => {
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    const routes = [
      ...API_ROUTES.map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`),
      `post ${RAZORPAY_WEBHOOK_PATH}`,
    ];
    expect(documented.sort()).toEqual(routes.sort());
  });
});
