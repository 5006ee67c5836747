import { Writable } from "node:stream";
import { createLogger } from "~/server/logger.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "~/domain/messages";
import { createTestGateway, type PaymentGateway } from "~/services/payments/gateway.server";
import { storedImages } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { expectError, makeImage, validEnrollment } from "./helpers";

const logLines: string[] = [];
/** A gateway that fails with details a client must never see. */
const brokenGateway: PaymentGateway = {
  ...createTestGateway(),
  name: "broken",
  async startPayment() {
    throw new Error("gateway exploded at /srv/secret/path.ts:42 with key sk_live_123");
  },
};

let app: TestApp;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  app = await startTestApp({ gateway: brokenGateway, logger: createLogger("info", sink) });
});
afterAll(async () => {
  await app?.close();
});

const headersOf = async (url: string) => (await fetch(app.baseUrl + url)).headers;

describe("security headers", () => {
  it("give every /api answer a CSP that loads and runs nothing, plus nosniff, DENY and a strict referrer policy", async () => {
    for (const url of ["/api/grades", "/api/nothing-here", "/api/openapi.json"]) {
      const headers = await headersOf(url);
      expect(headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers.get("x-content-type-options")).toBe("nosniff");
      expect(headers.get("x-frame-options")).toBe("DENY");
      expect(headers.get("referrer-policy")).toBe("same-origin");
      expect(headers.get("x-powered-by")).toBeNull();
    }
  });

  it("send HSTS only in production (this app runs as development/test)", async () => {
    expect((await headersOf("/api/grades")).get("strict-transport-security")).toBeNull();
  });

  it("give /healthz the site's CSP, with a fresh nonce on every answer", async () => {
    const nonce = async () =>
      /'nonce-([^']+)'/.exec((await headersOf("/healthz")).get("content-security-policy") ?? "")?.[1];
    const [first, second] = [await nonce(), await nonce()];
    expect(first).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second).not.toBe(first);
  });
});

describe("/uploads", () => {
  /** A row put into stored_images by hand, past the upload checks (as a restore or a bad actor could). */
  const storeByHand = (name: string, content: Buffer) =>
    app.db
      .insert(storedImages)
      .values({ name, base: name.slice(0, name.lastIndexOf(".")), original: true, content });

  it("serves an image with the type its bytes show (not its name), inline, nosniff and sandboxed", async () => {
    const png = await makeImage("png");
    await storeByHand("1b6c0c55-0000-4000-8000-000000000001.jpg", png);
    const response = await fetch(`${app.baseUrl}/uploads/1b6c0c55-0000-4000-8000-000000000001.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-disposition")).toBe(
      'inline; filename="1b6c0c55-0000-4000-8000-000000000001.jpg"',
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
  });

  it.each([
    ["an HTML page named .png", "planted.png", "<!doctype html><script>alert(document.cookie)</script>"],
    ["an HTML page", "planted.html", "<html><body onload=alert(1)>hi</body></html>"],
    [
      "an SVG with script",
      "planted.svg",
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ],
    ["a text file", "notes.txt", "just some text that is long enough"],
  ])(
    "never serves %s as anything a browser shows: octet-stream attachment",
    async (_label, name, content) => {
      await storeByHand(name, Buffer.from(content));
      const response = await fetch(`${app.baseUrl}/uploads/${name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/octet-stream");
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    },
  );
});

describe("unexpected errors in /api", () => {
  it("are logged with the request id and answered 500 { message } without any detail", async () => {
    logLines.length = 0;
    const answer = await app.api("/tuition/create-order", {
      json: validEnrollment(),
      headers: { "x-request-id": "trace-gateway-failure-1" },
    });
    expect(expectError(answer, 500)).toEqual({ message: MESSAGES.generic.serverError });
    const raw = JSON.stringify(answer.body);
    for (const secret of ["exploded", "/srv/secret", "sk_live", "at ", "Error"])
      expect(raw).not.toContain(secret);
    await expect.poll(() => logLines.some((line) => line.includes('"unhandled error"'))).toBe(true);
    const logged = logLines.map((line) => JSON.parse(line)).find((line) => line.msg === "unhandled error");
    expect(logged.reqId).toBe("trace-gateway-failure-1");
    expect(logged.err.message).toContain("gateway exploded");
    expect(logged.err.stack).toContain("security.test.ts");
  });
});
