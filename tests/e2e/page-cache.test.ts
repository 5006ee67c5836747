import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../support/app";
import { registerUser } from "../support/browser";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN, startSite } from "../support/site";

/**
 * Anonymous pages come from the process's store of rendered pages; these checks hold the rules
 * around it: personal answers are never stored or shareable, every response has its own nonce,
 * and a write shows on the very next request.
 */
let server: RunningServer;
let adminToken: string;

beforeAll(async () => {
  server = await startSite();
  adminToken = (await callApi(server.url, "/auth/login", { json: E2E_ADMIN })).body.token;
});
afterAll(async () => {
  await server?.dispose();
});

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; html: string };

/** A page as a browser gets it (decoded by hand, so the encoding is checked too). */
function page(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      { method, headers: { "accept-encoding": "gzip, br", ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          const decoded =
            encoding === "gzip" ? gunzipSync(body) : encoding === "br" ? brotliDecompressSync(body) : body;
          const html = decoded.toString();
          resolve({ status: res.statusCode!, headers: res.headers, html });
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const noncesOf = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
/** The bot check's "form shown at" stamp in the page's data (see app/services/bot-check.server.ts). */
const stampOf = (html: string) => /\\"formStamp\\",\\"(\d+\.[\w-]+)\\"/.exec(html)?.[1];
/** The page without what belongs to one response: its nonce and its form stamp. */
const sharedPart = (html: string) => html.replaceAll(noncesOf(html)[0]!, "N").replaceAll(stampOf(html)!, "S");

describe("stored anonymous pages", () => {
  it("answer with an ETag and 304, each response with its own nonce and form stamp", async () => {
    const first = await page("/");
    const second = await page("/");
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-cache");
    // The first is rendered and compressed on the way; the stored copy is gzip made of parts.
    expect(["br", "gzip"]).toContain(first.headers["content-encoding"]);
    expect(second.headers["content-encoding"]).toBe("gzip");
    expect(second.headers["cache-control"]).toBe("no-cache");
    expect(second.headers.etag).toBe(first.headers.etag);
    for (const answer of [first, second]) {
      const nonces = new Set(noncesOf(answer.html));
      expect(nonces.size).toBe(1);
      const [nonce] = [...nonces];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(answer.html).toContain(`\\"cspNonce\\",\\"${nonce}\\"`);
    }
    expect(noncesOf(first.html)[0]).not.toBe(noncesOf(second.html)[0]);
    // A stored page must not hand every visitor the same old stamp: the minimum fill time would
    // then pass for a bot that posts the moment it fetched the page.
    expect(stampOf(first.html)).toBeDefined();
    expect(stampOf(first.html)).not.toBe(stampOf(second.html));
    expect(Number(stampOf(second.html)!.split(".")[0])).toBeGreaterThanOrEqual(Date.now() - 10_000);
    expect(sharedPart(first.html)).toBe(sharedPart(second.html));

    const unchanged = await page("/", { "if-none-match": String(first.headers.etag) });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers["content-security-policy"]).toBeUndefined();
  });

  it("show a new post and new contact details on the very next request", async () => {
    await page("/blog");
    await page("/");
    const title = `Fresh news ${Date.now()}`;
    const created = await callApi(server.url, "/blog", {
      token: adminToken,
      json: { title, category: "News", description: "Just written." },
    });
    expect(created.status).toBe(201);
    expect((await page("/blog")).html).toContain(title);
    expect((await page(`/blog/${created.body.id}`)).html).toContain(title);

    const address = `${Date.now()} Cache Street, Pune`;
    const details = await callApi(server.url, "/details", {
      method: "PUT",
      token: adminToken,
      json: { address, email: "office@zipat.school", phone: "+91 20 5555 0000" },
    });
    expect(details.status).toBe(200);
    expect((await page("/")).html).toContain(address);
  });

  it("keep what a write did not change: a like renews the course pages and leaves the blog stored", async () => {
    const courses = await callApi(server.url, "/courses");
    const course = courses.body[0] as { id: number; _count: { likes: number } };
    const blog = await page("/blog");
    const catalogue = await page("/courses");
    const dialog = await page(`/courses/${course.id}`);
    const likesBefore = course._count.likes;

    const parent = (
      await callApi(server.url, "/auth/register", {
        json: { name: "Asha Rao", email: `asha-${Date.now()}@example.com`, password: "parent-password-1" },
      })
    ).body.token as string;
    const liked = await callApi(server.url, `/courses/${course.id}/like`, { method: "POST", token: parent });
    expect(liked.status).toBe(200);

    const unchanged = (answer: Answer) => ({ "if-none-match": String(answer.headers.etag) });
    expect((await page("/blog", unchanged(blog))).status).toBe(304);
    for (const [path, before] of [
      ["/courses", catalogue],
      [`/courses/${course.id}`, dialog],
    ] as const) {
      const after = await page(path, unchanged(before));
      expect(after.status, path).toBe(200);
      expect(after.headers.etag, path).not.toBe(before.headers.etag);
    }
    expect((await callApi(server.url, `/courses/${course.id}`)).body._count.likes).toBe(likesBefore + 1);
  });
});

describe("personal answers", () => {
  it("are private and never stored: a signed-in page, a flash message, the back office, data requests and posts", async () => {
    const parent = await registerUser(server, "Kavya Raman");
    const token = (await callApi(server.url, "/auth/login", { json: parent })).body.token as string;
    await page("/");
    const signedIn = await page("/", { cookie: `token=${token}` });
    expect(signedIn.html).toContain("Kavya Raman");
    const anonymous = await page("/");
    expect(anonymous.html).not.toContain("Kavya Raman");

    for (const answer of [
      signedIn,
      await page("/courses", { cookie: `token=${token}` }),
      await page("/", { cookie: "flash=anything" }),
      await page("/admin"),
      await page("/_root.data"),
      await page("/apply", { "content-type": "application/x-www-form-urlencoded" }, "POST"),
    ]) {
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      expect(answer.headers.etag).toBeUndefined();
    }
  });

  it("are never stored for anonymous visitors, however the session cookie is spelt", async () => {
    const parent = await registerUser(server, "Eve Planted");
    const token = (await callApi(server.url, "/auth/login", { json: parent })).body.token as string;
    // Pages nobody has opened since the last write, so the first answer would be the stored one.
    for (const [path, cookie] of [
      ["/about-us-zipat?planted=1", `token =${token}`],
      ["/teachers?planted=2", `theme=dark;  token=${token} `],
      ["/accreditation?planted=3", `other=1;token=${token}`],
    ] as const) {
      const signedIn = await page(path, { cookie });
      expect(signedIn.html, cookie).toContain("Eve Planted");
      expect(signedIn.headers["cache-control"]).toBe("private, no-store");
      const anonymous = await page(path);
      expect(anonymous.html, cookie).not.toContain("Eve Planted");
      expect(anonymous.html).not.toContain(parent.email);
    }
  });
});
