import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ERRORS } from "~/api/router.server";
import { applications } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { expectError, makeImage, multipart, rowCount, validApplication } from "./helpers";

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = (await app.createUser("ADMIN")).token;
});
afterAll(async () => {
  await app?.close();
});

const application = JSON.stringify(validApplication());

describe("request bodies", () => {
  it.each([
    ["text/plain", application],
    [
      "application/x-www-form-urlencoded",
      new URLSearchParams(
        Object.entries(validApplication()).map(([key, value]) => [key, String(value)]),
      ).toString(),
    ],
    [
      "multipart/form-data; boundary=x",
      `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n`,
    ],
    ["application/xml", "<application/>"],
  ])("are refused as %s with 415 naming JSON, storing nothing", async (type, body) => {
    const before = await rowCount(app, applications);
    const answer = await app.api("/applications", { body, headers: { "content-type": type } });
    expect(expectError(answer, 415)).toEqual({ message: API_ERRORS.jsonOnly });
    expect(await rowCount(app, applications)).toBe(before);
  });

  it("are refused without a content type when there is a body", async () => {
    const answer = await fetch(`${app.baseUrl}/api/applications`, {
      method: "POST",
      body: new Blob([application]),
    });
    expect(answer.status).toBe(415);
  });

  it("are read as JSON under a +json type too", async () => {
    const answer = await app.api("/applications", {
      body: application,
      headers: { "content-type": "application/vnd.api+json" },
    });
    expect(answer.status).toBe(201);
  });

  it("are refused compressed (415), even when the compression is broken, never a 500", async () => {
    for (const body of [gzipSync(application), Buffer.from("xx")]) {
      const answer = await fetch(`${app.baseUrl}/api/applications`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-encoding": "gzip" },
        body,
      });
      expect(answer.status).toBe(415);
      expect(await answer.json()).toEqual({ message: API_ERRORS.compressed });
    }
  });

  it("may be empty on a call that reads none (a like with Content-Length: 0)", async () => {
    const { token } = await app.createUser("USER");
    const course = await app.api("/courses", {
      token: admin,
      form: multipart(
        { title: "Clay", description: "Modelling." },
        { bytes: await makeImage(), name: "c.png" },
      ),
    });
    expect(course.status).toBe(201);
    const answer = await app.api(`/courses/${course.body.id}/like`, {
      method: "POST",
      token,
      body: "",
      headers: { "content-length": "0" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ isLiked: true, _count: { likes: 1 } });
  });

  it("take multipart or JSON on the calls with an image, and say so for anything else", async () => {
    const sent = await app.api("/blog", {
      token: admin,
      form: multipart(
        { title: "With a picture", category: "News", description: "Text." },
        { bytes: await makeImage(), name: "p.png" },
      ),
    });
    expect(sent.status).toBe(201);
    const refused = await app.api("/blog", {
      token: admin,
      body: "title=Form&category=News&description=Text",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(expectError(refused, 415)).toEqual({ message: API_ERRORS.jsonOrMultipart });
  });
});

describe("answers the document declares (issue 23)", () => {
  it("refuses a wrong password with 401", async () => {
    const { user } = await app.createUser("USER");
    const answer = await app.api("/auth/login", {
      json: { email: user.email, password: "not the password" },
    });
    expectError(answer, 401);
  });

  it.each([
    ["/auth/register", undefined],
    ["/applications", undefined],
    ["/details", "PUT"],
    ["/applications/1", "PATCH"],
  ])(
    "refuses a JSON body over 100 KB on %s with 413 and one of another type with 415",
    async (path, method) => {
      const token = admin;
      const big = await app.api(path, { method, token, json: { padding: "x".repeat(110_000) } });
      expectError(big, 413);
      const typed = await app.api(path, {
        method,
        token,
        body: "a=1",
        headers: { "content-type": "text/plain" },
      });
      expectError(typed, 415);
    },
  );

  it("refuses page and limit out of their bounds on the admin lists with 400 naming them", async () => {
    for (const path of ["/applications", "/demos", "/teacher-applications"]) {
      expectError(await app.api(`${path}?page=0`, { token: admin }), 400, ["page"]);
      expectError(await app.api(`${path}?limit=201`, { token: admin }), 400, ["limit"]);
      expect((await app.api(`${path}?page=1&limit=200`, { token: admin })).status).toBe(200);
    }
  });

  it("ignores a body sent to a call that reads none", async () => {
    const deleted = await app.api("/blog/999999", {
      method: "DELETE",
      token: admin,
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expectError(deleted, 404);
  });

  it("answers a malformed %-escape in an id with 400, and headers over 16 KB with 431", async () => {
    expectError(await app.api("/blog/%E0%A4%A"), 400);
    const answer = await app.api("/grades", { headers: { "x-padding": "x".repeat(20_000) } });
    expect(answer.status).toBe(431);
  });
});

describe("methods", () => {
  it.each([
    ["PATCH", "/blog/1", "GET, PUT, DELETE, HEAD, OPTIONS"],
    ["DELETE", "/blog", "GET, POST, HEAD, OPTIONS"],
    ["PUT", "/applications", "POST, GET, HEAD, OPTIONS"],
    ["GET", "/courses/1/like", "POST, OPTIONS"],
    ["POST", "/openapi.json", "GET, HEAD, OPTIONS"],
  ])("answer %s %s with 405 and the methods the path takes", async (method, path, allow) => {
    const answer = await app.api(path, { method, token: admin });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe(allow);
    expect(answer.body).toEqual({ message: API_ERRORS.methodNotAllowed });
  });

  it("answer OPTIONS with 204 and Allow, and no CORS grant to other sites", async () => {
    const answer = await fetch(`${app.baseUrl}/api/blog`, {
      method: "OPTIONS",
      headers: { origin: "https://elsewhere.example", "access-control-request-method": "POST" },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    expect(answer.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answer HEAD like GET, without a body", async () => {
    const answer = await fetch(`${app.baseUrl}/api/grades`, { method: "HEAD" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await answer.text()).toBe("");
  });

  it("leave unknown paths a JSON 404, whatever the method", async () => {
    for (const method of ["GET", "POST", "OPTIONS"]) {
      const answer = await app.api("/nowhere", { method });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: "Not found" });
    }
  });
});
