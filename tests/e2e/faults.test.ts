import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "~/domain/messages";
import { callApi } from "../support/app";
import { botCheckFields, CONSENT_FIELDS, postForm } from "../support/forms";
import { createPostgresCluster, type PostgresCluster } from "../support/postgres";
import { startServer, type RunningServer } from "../support/server";
import { E2E_ADMIN_ENV } from "../support/site";

/** Never in an answer to a client: driver errors, stack frames, SQL, file paths. */
const LEAKS =
  /ECONNREFUSED|ECONNRESET|Connection terminated|\n\s+at |node_modules|\.tsx?:\d+:\d+|insert into|postgres:\/\//i;

const application = (studentName: string) => ({
  studentName,
  dob: "2019-04-12",
  grade: "Grade 1",
  parentName: "Priya Sharma",
  mobile: "9876543210",
  email: "priya@example.com",
  ...CONSENT_FIELDS,
});

/**
 * The site on a PostgreSQL server of this test's own, which the test stops (immediate mode: as
 * if it crashed) and starts again under the running site. Runs in both CI runs: it brings its
 * own cluster whatever DATABASE_URL says.
 */
describe("when PostgreSQL goes away and comes back", () => {
  let cluster: PostgresCluster;
  let server: RunningServer;
  let userToken: string;
  let formFields: Record<string, string>;

  beforeAll(async () => {
    cluster = await createPostgresCluster();
    await cluster.start();
    server = await startServer({ env: { ...E2E_ADMIN_ENV, DATABASE_URL: cluster.url } });
    const parent = { name: "Fault Parent", email: "fault-parent@example.com", password: "parent-password-1" };
    userToken = (await callApi(server.url, "/auth/register", { json: parent })).body.token;
    formFields = await botCheckFields(server.url);
  });
  afterAll(async () => {
    await server?.dispose();
    await cluster?.dispose();
  });

  it("acknowledges only what is committed: every 201 sent while the database dies is stored", async () => {
    const settled: Array<{ name: string; status: number }> = [];
    let sending = true;
    let sequence = 0;
    const worker = async () => {
      while (sending) {
        const name = `Inflight Child ${(sequence += 1)}`;
        const answer = await callApi(server.url, "/applications", { json: application(name) });
        settled.push({ name, status: answer.status });
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    await expect.poll(() => settled.length).toBeGreaterThan(20);
    await cluster.stop();
    const stoppedAt = settled.length;
    await expect.poll(() => settled.length).toBeGreaterThan(stoppedAt + 20);
    sending = false;
    await Promise.all(workers);

    const statuses = new Set(settled.map(({ status }) => status));
    expect([...statuses].sort()).toEqual([201, 503]);
    const acknowledged = settled.filter(({ status }) => status === 201).map(({ name }) => name);
    await cluster.start();
    await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status).toBe(200);
    // Read from the database itself: the admin list answers the newest 50 only.
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const { rows } = await client.query<{ student_name: string }>(
      "select student_name from applications where student_name = any($1::text[])",
      [acknowledged],
    );
    await client.end();
    const storedNames = new Set(rows.map((row) => row.student_name));
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.filter((name) => !storedNames.has(name))).toEqual([]);
  });

  it("answers 503 everywhere while it is down: friendly pages with Retry-After, JSON for /api, no details", async () => {
    await cluster.stop();

    // Not ready, so a proxy sends elsewhere; alive, so an orchestrator does not restart it (decision 0034).
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable" });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    // A page whose loader needs the database: the site's own frame around a friendly message.
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(503);
    expect(home.headers.get("retry-after")).toBe("5");
    const homeHtml = await home.text();
    expect(homeHtml).toContain("Sorry, we couldn&#x27;t show this page just now");
    expect(homeHtml).toContain('<nav aria-label="Main"');
    expect(homeHtml).toContain("<footer");
    expect(homeHtml).not.toMatch(LEAKS);

    // The data request of a client-side navigation to the same page.
    const data = await fetch(`${server.url}/_root.data`);
    expect(data.status).toBe(503);
    expect(data.headers.get("retry-after")).toBe("5");
    expect(await data.text()).not.toMatch(LEAKS);

    // A form without a loader still opens; sending it answers 503 with the form's own message.
    expect((await fetch(`${server.url}/apply`)).status).toBe(200);
    const submitted = await postForm(server.url, "/apply", { ...application("Down Child"), ...formFields });
    expect(submitted.status).toBe(503);
    expect(submitted.headers.get("retry-after")).toBe("5");
    expect(submitted.html).toContain(MESSAGES.application.failed);
    expect(submitted.html).toContain('value="Down Child"');
    expect(submitted.html).not.toMatch(LEAKS);

    // A signed-in visitor: the session cannot be read, so the fallback page answers, styled.
    const signedIn = await fetch(`${server.url}/`, { headers: { cookie: `token=${userToken}` } });
    expect(signedIn.status).toBe(503);
    expect(signedIn.headers.get("retry-after")).toBe("5");
    const fallback = await signedIn.text();
    expect(fallback).toContain("We&#x27;ll be right back");
    expect(fallback).toContain(MESSAGES.generic.unavailable);
    expect(fallback).toMatch(/<link rel="stylesheet" href="\/build\/[^"]+\.css"/);
    expect(fallback).not.toMatch(LEAKS);

    for (const call of [
      callApi(server.url, "/blog"),
      callApi(server.url, "/applications", { json: application("Api Child") }),
      callApi(server.url, "/courses", { token: userToken }),
    ]) {
      const answer = await call;
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ message: MESSAGES.generic.unavailable });
      expect(answer.headers.get("retry-after")).toBe("5");
    }

    // The operator's log has each failure with its request id.
    await expect.poll(() => server.output()).toMatch(/"reqId":"[\w-]{8,}"[^\n]*"msg":"database unavailable"/);
    expect(server.output()).toMatch(/"reqId":"[\w-]{8,}"[^\n]*"msg":"page request failed"/);
    // A failure of ours (5xx) is an error with its stack, unlike a client's mistake (a warning).
    const failed = server
      .output()
      .split("\n")
      .find((line) => line.includes('"msg":"page request failed"'));
    expect(JSON.parse(failed!)).toMatchObject({
      level: 50,
      err: { stack: expect.stringMatching(/\n\s+at /) },
    });
  });

  it("serves again within 5 seconds of the database coming back, without a restart", async () => {
    await cluster.start();
    const back = Date.now();
    const everythingServes = async () => {
      const [ready, home, api, posted] = await Promise.all([
        fetch(`${server.url}/readyz`),
        fetch(`${server.url}/`, { headers: { cookie: `token=${userToken}` } }),
        callApi(server.url, "/blog"),
        callApi(server.url, "/applications", { json: application(`Back Child ${Date.now()}`) }),
      ]);
      return [ready.status, home.status, api.status, posted.status].join();
    };
    await expect.poll(everythingServes, { timeout: 5_000, interval: 100 }).toBe("200,200,200,201");
    expect(Date.now() - back).toBeLessThan(5_000);
    expect(server.child.exitCode).toBeNull();
  });
});
