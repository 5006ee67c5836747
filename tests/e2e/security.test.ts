import { request } from "node:http";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { BOT_CHECK_FIELDS } from "~/domain/bot-check";
import { MESSAGES } from "~/domain/messages";
import { PAGE_BODY_LIMITS } from "~/server/body-limit.server";
import { callApi } from "../support/app";
import {
  captureWidths,
  expectAccessible,
  closeContextsOf,
  MODES,
  openPage,
  registerUser,
  untilHydrated,
} from "../support/browser";
import { botCheckFields, CONSENT_FIELDS, giveConsent, postForm, storedRows } from "../support/forms";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN, startSite } from "../support/site";
import { browserOfThisWorker } from "../support/site-and-browser";

const DEMO = {
  parentName: "Farah Khan",
  studentName: "Zoya Khan",
  grade: "Kindergarten",
  mobile: "07012345678",
  email: "farah@example.com",
  preferredDateTime: "Tomorrow at 4 PM",
};

/** What the browser reported against the Content-Security-Policy (console and DOM events). */
async function watchCsp(context: BrowserContext, page: Page) {
  const reports: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) reports.push(message.text());
  });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return {
    reports,
    /** Console reports plus (with JavaScript) the violation events of the current document. */
    async all(): Promise<string[]> {
      const events = await page
        .evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
        .catch(() => [] as string[]);
      return [...reports, ...events];
    },
  };
}

describe("security", () => {
  /**
   * The test site: limits raised and minimum fill time off, as for every browser test (the
   * minimum fill time is proven in tests/e2e/bot-check.test.ts).
   */
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;
  const DEMO_LIMIT = 3;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startSite(), browserOfThisWorker()]);
    adminToken = (await callApi(server.url, "/auth/login", { json: E2E_ADMIN })).body.token;
  });
  afterAll(async () => {
    if (browser) await closeContextsOf(browser);
    await server?.dispose();
  });

  const stored = async (site: RunningServer, path: "/applications" | "/demos") => {
    const token =
      site === server ? adminToken : (await callApi(site.url, "/auth/login", { json: E2E_ADMIN })).body.token;
    return storedRows(site.url, path, token);
  };
  const alertText = (page: Page) => page.getByRole("alert").first().innerText();

  describe.each(MODES)("$label", ({ javaScript, label }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("runs every page under the nonce CSP without a single violation, and (with JS) hydrates and navigates", async () => {
      const { context, page } = await openPage(browser, server, { javaScript });
      const csp = await watchCsp(context, page);
      for (const path of ["/", "/apply", "/book-demo", "/login", "/login?view=register", "/no-such-page"]) {
        await page.goto(path);
        await expect.poll(() => page.locator("h1").count()).toBe(1);
        if (javaScript) await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
        expect(await csp.all(), path).toEqual([]);
      }
      if (javaScript) {
        // A client-side navigation keeps the same document: the app is alive under the CSP.
        await page.goto("/apply");
        // Before hydration the link is a plain link and loads a new document, as it should.
        await untilHydrated(page);
        await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
        await page.getByRole("link", { name: "Login" }).first().click();
        await expect.poll(() => page.getByRole("heading", { name: "Welcome back" }).isVisible()).toBe(true);
        expect(
          await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
        ).toBe(true);
        // An injected inline script and an inline style are refused and reported.
        const injected = await page.evaluate(async () => {
          const script = document.createElement("script");
          script.textContent = "window.__injectedRan = true";
          document.body.append(script);
          document.body.setAttribute("style", "background: red");
          await new Promise((resolve) => setTimeout(resolve, 100));
          return {
            ran: (window as unknown as { __injectedRan?: boolean }).__injectedRan ?? false,
            background: getComputedStyle(document.body).backgroundColor,
          };
        });
        expect(injected.ran).toBe(false);
        expect(injected.background).not.toBe("rgb(255, 0, 0)");
        const violations = await csp.all();
        expect(violations.some((entry) => entry.startsWith("script-src"))).toBe(true);
        expect(violations.some((entry) => entry.startsWith("style-src"))).toBe(true);
      }
      // Closed, not reused: its init script stays for good (openPage).
      await context.close();
    });

    it("refuses a form whose hidden honeypot was filled, storing nothing", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      const before = (await stored(server, "/demos")).length;
      await page.goto("/book-demo");
      const honeypot = page.locator(`input[name="${BOT_CHECK_FIELDS.honeypot}"]`);
      expect(await honeypot.getAttribute("tabindex")).toBe("-1");
      expect(await honeypot.getAttribute("autocomplete")).toBe("off");
      expect(await page.locator('[aria-hidden="true"]:has(input[name="website"])').count()).toBe(1);
      for (const [field, value] of Object.entries({ ...DEMO, parentName: `Bot ${label}` }))
        if (field === "grade") await page.getByLabel("Grade").selectOption(value);
        else await page.locator(`[name="${field}"]`).fill(value);
      await giveConsent(page);
      await honeypot.fill("https://cheap-pills.example", { force: true });
      await page.getByRole("button", { name: "Book Free Demo" }).click();
      await expect.poll(() => alertText(page)).toContain(MESSAGES.generic.botCheck);
      expect(await page.getByLabel("Parent's name").inputValue()).toBe(`Bot ${label}`);
      expect((await stored(server, "/demos")).length).toBe(before);
    });

    it("answers a parent over the demo limit with 429, Retry-After and the message on the form, storing nothing", async () => {
      // A server of its own: its one-minute window starts with these posts, so it cannot run out
      // between spending the budget and the browser's post.
      const limited = await startSite({ env: { RATE_LIMIT_DEMO: String(DEMO_LIMIT) } });
      onTestFinished(() => limited.dispose());
      for (let attempt = 0; attempt < DEMO_LIMIT; attempt += 1)
        expect((await postForm(limited.url, "/book-demo", { parentName: "x" })).status).toBe(422);
      const refused = await postForm(limited.url, "/book-demo", { parentName: "x" });
      expect(refused.status).toBe(429);
      // Says when to try again, in seconds, within the one-minute window.
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);

      const before = (await stored(limited, "/demos")).length;
      const { page } = await openPage(browser, limited, { javaScript });
      await page.goto("/book-demo");
      await page.getByLabel("Parent's name").fill(DEMO.parentName);
      await page.getByLabel("Student's name").fill(DEMO.studentName);
      await page.getByLabel("Mobile number").fill(DEMO.mobile);
      await page.getByLabel("Email address").fill(DEMO.email);
      await page.getByLabel("Preferred date and time").fill(DEMO.preferredDateTime);
      await giveConsent(page);
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: "Book Free Demo" }).click();
      expect((await answer).status()).toBe(429);
      expect(Number((await answer).headers()["retry-after"])).toBeGreaterThan(0);
      await expect.poll(() => alertText(page)).toContain(MESSAGES.generic.tooManyRequests);
      expect(await page.getByLabel("Parent's name").inputValue()).toBe(DEMO.parentName);
      expect((await stored(limited, "/demos")).length).toBe(before);
      await expectAccessible(page);
    });

    it("refuses with 403 a form another website makes the browser send, storing nothing", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      const before = (await stored(server, "/demos")).length;
      const fields = {
        ...DEMO,
        parentName: `Forged ${label}`,
        ...(await botCheckFields(server.url, "/book-demo")),
      };
      const inputs = Object.entries(fields)
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
        .join("");
      await page.route("http://evil.example/**", (route) =>
        route.fulfill({
          contentType: "text/html",
          body: `<!doctype html><title>Win a prize</title><form method="post" action="${server.url}/book-demo">${inputs}<button>Claim</button></form>`,
        }),
      );
      await page.goto("http://evil.example/prize");
      const answer = page.waitForResponse((response) => response.url() === `${server.url}/book-demo`);
      await page.getByRole("button", { name: "Claim" }).click();
      expect((await answer).status()).toBe(403);
      await expect.poll(() => page.locator("h1").innerText()).toBe("We could not accept this form");
      expect(await page.locator("main p").innerText()).toBe(MESSAGES.generic.foreignOrigin);
      expect((await stored(server, "/demos")).length).toBe(before);
      await expectAccessible(page);
      await captureWidths(page, `refused-foreign-origin-${suffix}`);
    });

    it("shows stored text as text: script tags in a blog title and in a parent's name stay literal", async () => {
      const title = `<script>window.__storedRan = true</script><img src=x onerror="window.__storedRan = true"> Sports Day ${label}`;
      const created = await callApi(server.url, "/blog", {
        token: adminToken,
        json: { title, category: "News", description: "<b>bold?</b>\n\n<script>alert(1)</script>" },
      });
      expect(created.status).toBe(201);
      const { page } = await openPage(browser, server, { javaScript });
      let dialogs = 0;
      page.on("dialog", (dialog) => {
        dialogs += 1;
        void dialog.dismiss();
      });
      await page.goto("/");
      await expect.poll(() => page.getByText(title, { exact: true }).count()).toBe(1);
      expect(await page.locator("main img[src='x']").count()).toBe(0);

      const hostile = `<script>alert("${label}")</script>`;
      await page.goto("/apply");
      await page.getByLabel("Student's name").fill(hostile);
      await page.getByLabel("Date of birth").fill("2018-07-21");
      await page.getByLabel("Parent's name").fill("Anjali Verma");
      await page.getByLabel("Mobile number").fill("12345");
      await page.getByLabel("Email address").fill("anjali@example.com");
      await giveConsent(page);
      await page.getByRole("button", { name: "Submit Application" }).click();
      await expect.poll(() => page.locator("#field-mobile-error").count()).toBe(1);
      expect(await page.getByLabel("Student's name").inputValue()).toBe(hostile);
      if (javaScript) expect(await page.evaluate(() => "__storedRan" in window)).toBe(false);
      expect(dialogs).toBe(0);
    });
  });

  describe("on the wire", () => {
    it("sends the CSP with one fresh nonce per page, the same one Remix prints on its scripts", async () => {
      const nonces = new Set<string>();
      for (const path of ["/", "/apply", "/apply"]) {
        const response = await fetch(server.url + path);
        const policy = response.headers.get("content-security-policy")!;
        const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
        const html = await response.text();
        const printed = [...html.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((match) => match[1]);
        expect(printed.length).toBeGreaterThan(0);
        expect(new Set(printed)).toEqual(new Set([nonce]));
        // Every script that runs carries the nonce; the page's JSON-LD is data the browser never
        // runs, which the policy neither blocks nor reports (decision 0031).
        expect(html).not.toMatch(/<script(?![^>]*nonce=)(?![^>]*type="application\/ld\+json")[^>]*>/);
        expect(html.match(/<script type="application\/ld\+json">/g)).toHaveLength(1);
        expect(html).not.toMatch(/\sstyle="/);
        nonces.add(nonce);
        for (const directive of [
          "default-src 'self'",
          "style-src 'self'",
          "img-src 'self' data:",
          "object-src 'none'",
          "base-uri 'self'",
          "form-action 'self'",
          "frame-ancestors 'none'",
        ])
          expect(policy).toContain(directive);
        expect(policy).not.toContain("unsafe-inline");
        expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
        expect(response.headers.get("referrer-policy")).toBe("same-origin");
        expect(response.headers.get("x-frame-options")).toBe("DENY");
      }
      expect(nonces.size).toBe(3);
    });

    it("keeps the session in an httpOnly, SameSite=Lax, Secure cookie; login replaces a planted token; logout clears it", async () => {
      const parent = await registerUser(server, "Cookie Parent");
      const planted = "planted-by-someone-else";
      const login = await postForm(
        server.url,
        "/login",
        {
          intent: "login",
          email: parent.email,
          password: parent.password,
        },
        { cookie: `token=${planted}` },
      );
      expect(login.status).toBe(302);
      // The planted token is cleared and the new one set after it: the browser keeps the last.
      const cookie = login.headers
        .getSetCookie()
        .filter((value) => value.startsWith("token="))
        .at(-1)!;
      expect(cookie, "login sets a fresh token").toMatch(/^token=[^;]+;/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; Path=\//);
      const token = /^token=([^;]+)/.exec(cookie)![1]!;
      expect(token).not.toBe(planted);
      const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
      expect(claims.email).toBe(parent.email);
      expect(claims.exp - claims.iat).toBe(7 * 24 * 60 * 60);

      const logout = await postForm(server.url, "/logout", {}, { cookie: `token=${token}` });
      expect(logout.status).toBe(302);
      const cleared = logout.headers.getSetCookie().find((value) => value.startsWith("token="))!;
      expect(cleared).toMatch(/^token=;/);
      for (const attribute of [
        "Max-Age=0",
        "Expires=Thu, 01 Jan 1970 00:00:00 GMT",
        "HttpOnly",
        "Secure",
        "SameSite=Lax",
      ])
        expect(cleared).toContain(`; ${attribute}`);
      // A copy of the token taken before the logout no longer works, on the pages or the API.
      const copied = await fetch(`${server.url}/profile`, {
        headers: { cookie: `token=${token}` },
        redirect: "manual",
      });
      expect(copied.status).toBe(302);
      expect(copied.headers.get("location")).toMatch(/^\/login/);
      expect((await callApi(server.url, "/courses/1/like", { method: "POST", token })).status).toBe(401);
    });

    it("refuses page posts from another origin (Origin, or Referer without it) with 403, before any action runs", async () => {
      const before = (await stored(server, "/demos")).length;
      const fields = { ...DEMO, ...CONSENT_FIELDS, ...(await botCheckFields(server.url, "/book-demo")) };
      for (const headers of [
        { origin: "http://evil.example" } as Record<string, string>,
        { origin: "null" },
        { origin: "https://127.0.0.1.evil.example" },
        // The right host under another scheme is another origin.
        { origin: server.url.replace("http:", "https:") },
        { referer: "http://evil.example/prize" },
      ]) {
        const answer = await postForm(server.url, "/book-demo", fields, headers);
        expect(answer.status, JSON.stringify(headers)).toBe(403);
        expect(answer.html).toContain(MESSAGES.generic.foreignOrigin.replace("'", "&#x27;"));
      }
      const logout = await postForm(server.url, "/logout", {}, { origin: "http://evil.example" });
      expect(logout.status).toBe(403);
      expect((await stored(server, "/demos")).length).toBe(before);

      // Our own pages (Origin = the Host asked for), and clients that send neither header, get through.
      for (const headers of [{ origin: server.url }, { referer: `${server.url}/book-demo` }, {}] as Array<
        Record<string, string>
      >) {
        const answer = await postForm(
          server.url,
          "/book-demo",
          { ...fields, parentName: "Own Site" },
          headers,
        );
        expect(answer.status, JSON.stringify(headers)).toBe(302);
      }
      // PUBLIC_URL's origin (here http://localhost:PORT), as a proxy in front of the site passes it on.
      const viaProxy = await rawPost(
        server,
        "/book-demo",
        new URLSearchParams({ ...fields, parentName: "Proxied" }),
        {
          origin: `http://localhost:${server.port}`,
          "x-forwarded-host": `localhost:${server.port}`,
        },
      );
      expect(viaProxy.status).toBe(302);
      // /api is bearer-authenticated, so a foreign Origin is not a forgery there.
      const api = await callApi(server.url, "/grades", { headers: { origin: "http://evil.example" } });
      expect(api.status).toBe(200);
    });

    it("answers a page post over its size limit with a 413 page, by Content-Length and by counted chunks", async () => {
      const before = (await stored(server, "/applications")).length;
      const big = new URLSearchParams({ studentName: "x".repeat(PAGE_BODY_LIMITS.form) }).toString();
      const declared = await postForm(server.url, "/apply", big);
      expect(declared.status).toBe(413);
      expect(declared.html).toContain(MESSAGES.generic.tooLarge);
      expect(declared.html).toMatch(/<link rel="stylesheet" href="\/build\/[^"]+\.css"/);

      const chunked = await rawPost(server, "/apply", big, { "transfer-encoding": "chunked" });
      expect(chunked.status).toBe(413);
      // Just under the limit is read and handed to the action (which refuses it for its content).
      const fits = await rawPost(server, "/apply", `a=${"x".repeat(PAGE_BODY_LIMITS.form - 10)}`, {
        "transfer-encoding": "chunked",
      });
      expect(fits.status).toBe(422);

      // Uploads are expected only under /admin: elsewhere a multipart body has the form limit.
      const image = new Uint8Array(PAGE_BODY_LIMITS.form + 1);
      const upload = new FormData();
      upload.append("image", new File([image], "photo.png", { type: "image/png" }));
      expect((await fetch(`${server.url}/apply`, { method: "POST", body: upload })).status).toBe(413);
      // Under /admin only an ADMIN gets the upload limit; anyone else is held to the form limit.
      const adminPost = (size: number, cookie?: string) => {
        const body = new FormData();
        body.append("image", new File([new Uint8Array(size)], "photo.png"));
        return fetch(`${server.url}/admin/blog/new`, {
          method: "POST",
          body,
          headers: cookie ? { cookie } : {},
          redirect: "manual",
        });
      };
      const admin = `token=${adminToken}`;
      expect((await adminPost(PAGE_BODY_LIMITS.upload - 2048, admin)).status).not.toBe(413);
      expect((await adminPost(PAGE_BODY_LIMITS.upload + 1, admin)).status).toBe(413);
      expect((await adminPost(PAGE_BODY_LIMITS.form + 1)).status).toBe(413);
      expect((await stored(server, "/applications")).length).toBe(before);
    });

    it("answers an address with a broken %-escape with 400, never a 500, on pages, files and the API", async () => {
      const unhandled = () => server.output().split('"msg":"unhandled error"').length;
      const before = unhandled();
      for (const path of [
        "/blog/%E0%A4%A",
        "/%E0%A4%A",
        "/uploads/%E0%A4%A",
        "/build/%E0%A4%A",
        "/admin/%zz",
      ]) {
        const answer = await fetch(server.url + path);
        expect(answer.status, path).toBe(400);
        expect(await answer.text(), path).toContain("We couldn&#x27;t read that address");
      }
      const api = await callApi(server.url, "/blog/%E0%A4%A");
      expect(api.status).toBe(400);
      expect(api.body).toEqual({ message: MESSAGES.generic.unreadableRequest });
      expect(unhandled()).toBe(before);
    });

    it("sends a parent back to a redirectTo in any script, percent-encoded, after logout and login", async () => {
      const parent = await registerUser(server, "Script Parent");
      const fields = { intent: "login", email: parent.email, password: parent.password };
      for (const [to, location] of [
        ["/中", "/%E4%B8%AD"],
        ["/\u3000/x", "/%E3%80%80/x"],
        ["/\uff0fevil.example", "/%EF%BC%8Fevil.example"],
      ]) {
        const login = await postForm(server.url, "/login", {
          ...fields,
          redirectTo: to!,
        });
        expect(login.status, to).toBe(302);
        expect(login.headers.get("location"), to).toBe(location);
        const logout = await postForm(server.url, "/logout", { redirectTo: to! });
        expect(logout.status, to).toBe(302);
        expect(logout.headers.getSetCookie().some((cookie) => cookie.startsWith("token=;"))).toBe(true);
      }
    });

    it("logs an unexpected page error with its request id and answers without any detail", async () => {
      const answer = await fetch(`${server.url}/login`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data", "x-request-id": "broken-form-post-1" },
        body: "no boundary here",
      });
      expect(answer.status).toBe(500);
      const html = await answer.text();
      expect(html).toContain("Something went wrong");
      expect(html).not.toMatch(/Boundary not found|TypeError|\n\s+at |node_modules|\.js:\d+:\d+/i);
      await expect
        .poll(() => server.output())
        .toMatch(/"reqId":"broken-form-post-1"[^\n]*"msg":"page request failed"/);
    });
  });
});

/** A POST with headers fetch will not send (Host) or a chunked body of known content. */
function rawPost(
  server: RunningServer,
  path: string,
  body: string | URLSearchParams,
  headers: Record<string, string>,
): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on("error", reject);
    const text = String(body);
    // Several chunks, as a client streaming its body sends them.
    for (let offset = 0; offset < text.length; offset += 64 * 1024)
      req.write(text.slice(offset, offset + 64 * 1024));
    req.end();
  });
}
