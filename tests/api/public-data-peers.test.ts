import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import type { PublicTopic, WriteOrigin } from "../../app/services/public-data.server";
import {
  PUBLIC_DATA_CHANNEL,
  startPublicDataPeers,
  type PublicDataPeers,
} from "../../app/services/public-data-peers.server";
import { startTestApp, type TestApp } from "../support/app";
import { usingRealPostgres } from "../support/database";
import { createPostgresCluster, type PostgresCluster } from "../support/postgres";

const silent = { info: () => {}, warn: () => {} };

// Announcements need PostgreSQL: on the suite's server when there is one, otherwise (a PGlite
// run) on a throwaway cluster of this file's own, so this is proven in every run.
describe("public data across instances (issue 21, decision 0040)", { timeout: 60_000 }, () => {
  let cluster: PostgresCluster | undefined;
  let app: TestApp;
  let other: Awaited<ReturnType<TestApp["anotherInstance"]>>;
  const peers: PublicDataPeers[] = [];
  let admin: string;
  const heardOnOther: { topics: readonly PublicTopic[]; origin: WriteOrigin }[] = [];
  const heardHere: { topics: readonly PublicTopic[]; origin: WriteOrigin }[] = [];

  beforeAll(async () => {
    if (!usingRealPostgres()) {
      cluster = await createPostgresCluster();
      await cluster.start();
    }
    app = await startTestApp({ postgresServer: cluster?.url });
    other = await app.anotherInstance();
    for (const services of [app.services, other.services]) {
      peers.push(
        startPublicDataPeers({
          url: app.database.url!,
          db: app.db,
          publicData: services.publicData,
          logger: silent,
          reconnectDelayMs: 50,
        }),
      );
    }
    await Promise.all(peers.map((peer) => peer.ready));
    other.services.publicData.onInvalidate((topics, origin) => heardOnOther.push({ topics, origin }));
    app.services.publicData.onInvalidate((topics, origin) => heardHere.push({ topics, origin }));
    admin = (await app.createUser("ADMIN")).token;
    await app.services.details.update({
      address: "1 School Road",
      email: "hello@example.com",
      phone: "+91 80 1234 5678",
    });
    heardHere.length = 0;
    heardOnOther.length = 0;
  });
  afterAll(async () => {
    await Promise.all(peers.map((peer) => peer.stop()));
    await other?.close();
    await app?.close();
    await cluster?.dispose();
  });

  it("shows a write made on one instance on the other at once, not its stored copy", async () => {
    const before = await other.api("/details");
    expect(before.status).toBe(200);
    // Served from the other instance's store the second time.
    expect((await other.api("/details")).body).toEqual(before.body);

    const changed = { ...before.body, address: "12 Lake Road, Pune" };
    const put = await app.api("/details", { method: "PUT", token: admin, json: changed });
    expect(put.status).toBe(200);

    await expect
      .poll(async () => (await other.api("/details")).body.address, { timeout: 5_000 })
      .toBe("12 Lake Road, Pune");
    expect(heardOnOther).toContainEqual({ topics: ["details"], origin: "elsewhere" });
    // The writer heard its own write once, as its own, not again through the database.
    expect(heardHere.filter((heard) => heard.topics.includes("details"))).toEqual([
      { topics: ["details"], origin: "here" },
    ]);
  });

  it("ignores announcements it cannot read", async () => {
    heardOnOther.length = 0;
    await app.db.execute(sql`select pg_notify(${PUBLIC_DATA_CHANNEL}, ${"not json"})`);
    await app.db.execute(
      sql`select pg_notify(${PUBLIC_DATA_CHANNEL}, ${'{"from":"x","topics":["secrets"]}'})`,
    );
    // A real one after them arrives, so the two before it were heard and dropped.
    await app.db.execute(
      sql`select pg_notify(${PUBLIC_DATA_CHANNEL}, ${JSON.stringify({ from: "x", topics: ["blog"] })})`,
    );
    await expect.poll(() => heardOnOther.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(heardOnOther).toEqual([{ topics: ["blog"], origin: "elsewhere" }]);
  });

  it("reads everything afresh after losing its listening connection, since it may have missed writes", async () => {
    heardOnOther.length = 0;
    const [listening] = await queryRows<{ pid: number }>(
      app.db,
      sql`select pid from pg_stat_activity where query = ${`LISTEN ${PUBLIC_DATA_CHANNEL}`} and datname = current_database()`,
    );
    expect(listening).toBeDefined();
    // Both instances listen; end one listener's connection as a network fault or restart would.
    await app.db.execute(sql`select pg_terminate_backend(${listening!.pid})`);
    await expect
      .poll(() => [...heardOnOther, ...heardHere].some((heard) => heard.topics.length === 4), {
        timeout: 10_000,
      })
      .toBe(true);

    // And it hears the next write again.
    heardOnOther.length = 0;
    heardHere.length = 0;
    app.services.publicData.invalidate(["grades"]);
    await expect
      .poll(() => heardOnOther, { timeout: 5_000 })
      .toContainEqual({
        topics: ["grades"],
        origin: "elsewhere",
      });
  });
});
