import { eq } from "drizzle-orm";
import jwt from "jsonwebtoken";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ERRORS } from "~/api/router.server";
import { userAnswer } from "~/api/schemas.server";
import { MESSAGES } from "~/domain/messages";
import { revokedTokens, users } from "../../db/schema";
import { startTestApp, TEST_JWT_SECRET, type TestApp } from "../support/app";
import { expectError, expectOk } from "./helpers";

let app: TestApp;
let admin: Awaited<ReturnType<TestApp["createUser"]>>;
let parent: Awaited<ReturnType<TestApp["createUser"]>>;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.createUser("ADMIN");
  parent = await app.createUser("USER");
});
afterAll(async () => {
  await app?.close();
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const payloadOf = (user: { id: number; name: string; email: string; role: string }) => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
});

/** An ADMIN route (GET /users) and a USER route (POST /courses/:id/like): both must refuse. */
async function expectRejected(token: string) {
  for (const call of [app.api("/users", { token }), app.api("/courses/1/like", { method: "POST", token })]) {
    const body = expectError(await call, 401);
    expect(body).toEqual({ message: API_ERRORS.sessionInvalid });
  }
}

describe("bearer tokens", () => {
  it("accepts a genuine ADMIN token (the control case)", async () => {
    expectOk(await app.api("/users", { token: admin.token }), 200, userAnswer.array());
  });

  it("refuses an expired token", async () => {
    const expired = jwt.sign(
      { ...payloadOf(admin.user), exp: Math.floor(Date.now() / 1000) - 60 },
      TEST_JWT_SECRET,
      { algorithm: "HS256" },
    );
    await expectRejected(expired);
  });

  it("refuses a correctly signed token that never expires (every token we issue does)", async () => {
    await expectRejected(jwt.sign(payloadOf(admin.user), TEST_JWT_SECRET, { algorithm: "HS256" }));
  });

  it("refuses a token whose payload was changed (USER made ADMIN) without re-signing", async () => {
    const [header, , signature] = parent.token.split(".");
    const forgedPayload = b64({ ...(jwt.decode(parent.token) as object), role: "ADMIN", id: admin.user.id });
    await expectRejected(`${header}.${forgedPayload}.${signature}`);
  });

  it("refuses a token whose signature was changed", async () => {
    const [header, payload, signature] = admin.token.split(".");
    const flipped = (signature![0] === "A" ? "B" : "A") + signature!.slice(1);
    await expectRejected(`${header}.${payload}.${flipped}`);
    await expectRejected(`${header}.${payload}.`);
    await expectRejected(`${header}.${payload}`);
  });

  it("refuses an unsigned `alg: none` token", async () => {
    const claims = {
      ...payloadOf(admin.user),
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(Date.now() / 1000) + 3600,
    };
    await expectRejected(`${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`);
    await expectRejected(`${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}`);
    await expectRejected(jwt.sign(claims, null, { algorithm: "none" }));
  });

  it("refuses a token signed with another secret", async () => {
    await expectRejected(
      jwt.sign(payloadOf(admin.user), "some-other-secret-that-is-also-long-enough!!", {
        algorithm: "HS256",
        expiresIn: 3600,
      }),
    );
  });

  it("refuses an HS512 token, even signed with the right secret", async () => {
    await expectRejected(
      jwt.sign(payloadOf(admin.user), TEST_JWT_SECRET, { algorithm: "HS512", expiresIn: 3600 }),
    );
  });

  it("refuses a correctly signed, unexpired token with the wrong claims", async () => {
    const signed = (claims: object) =>
      jwt.sign(claims, TEST_JWT_SECRET, { algorithm: "HS256", expiresIn: 3600 });
    await expectRejected(signed({ id: String(admin.user.id), name: "x", email: "x", role: "ADMIN" }));
    await expectRejected(signed({ id: admin.user.id, name: "x", email: "x", role: "SUPERUSER" }));
    await expectRejected(signed({ sub: admin.user.id }));
  });

  it("refuses garbage", async () => {
    await expectRejected("not-a-token");
    await expectRejected("a.b.c");
  });

  it("treats a header without a bearer token as anonymous (sign-in message, 401)", async () => {
    const variants: Array<Record<string, string>> = [
      { authorization: `Basic ${Buffer.from("a:b").toString("base64")}` },
      { authorization: "Bearer" },
      {},
    ];
    for (const headers of variants) {
      const body = expectError(await app.api("/users", { headers }), 401);
      expect(body).toEqual({ message: MESSAGES.auth.signInRequired });
    }
  });

  it("accepts the scheme in any letter case", async () => {
    expectOk(
      await app.api("/users", { headers: { authorization: `bearer ${admin.token}` } }),
      200,
      userAnswer.array(),
    );
  });

  it("refuses the token of a deleted account at once", async () => {
    const doomed = await app.createUser("ADMIN");
    expectOk(await app.api("/users", { token: doomed.token }), 200, userAnswer.array());
    await app.db.delete(users).where(eq(users.id, doomed.user.id));
    await expectRejected(doomed.token);
  });

  it("applies a promotion to ADMIN at once, with the old token", async () => {
    const member = await app.createUser("USER");
    const refused = expectError(await app.api("/users", { token: member.token }), 403);
    expect(refused).toEqual({ message: MESSAGES.auth.forbidden });
    await app.db.update(users).set({ role: "ADMIN" }).where(eq(users.id, member.user.id));
    expectOk(await app.api("/users", { token: member.token }), 200, userAnswer.array());
  });

  it("applies a demotion to USER at once, although the token still says ADMIN", async () => {
    const former = await app.createUser("ADMIN");
    expect((jwt.decode(former.token) as { role: string }).role).toBe("ADMIN");
    expectOk(await app.api("/users", { token: former.token }), 200, userAnswer.array());
    await app.db.update(users).set({ role: "USER" }).where(eq(users.id, former.user.id));
    expectError(await app.api("/users", { token: former.token }), 403);
    // Still signed in as a USER: user routes get past the guard (no course 1: 404).
    expectError(await app.api("/courses/1/like", { method: "POST", token: former.token }), 404);
  });
});

describe("ending a session", () => {
  it("refuses a revoked token everywhere, while the account's other sessions go on", async () => {
    const member = await app.createUser("ADMIN");
    const otherDevice = app.services.auth.issueToken(member.user);
    const claims = jwt.decode(member.token) as { jti: string; exp: number };
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect((jwt.decode(otherDevice) as { jti: string }).jti).not.toBe(claims.jti);

    await app.services.auth.revoke(member.token);
    await expectRejected(member.token);
    expectOk(await app.api("/users", { token: otherDevice }), 200, userAnswer.array());
    const [row] = await app.db.select().from(revokedTokens).where(eq(revokedTokens.jti, claims.jti));
    expect(row!.expiresAt.getTime()).toBe(claims.exp * 1000);
    // Revoking twice, or a token that is not ours, changes nothing and fails nothing.
    await app.services.auth.revoke(member.token);
    await app.services.auth.revoke("not-a-token");
    await app.services.auth.revoke(undefined);
  });

  it("refuses a correctly signed token without an id (every token we issue has one)", async () => {
    await expectRejected(
      jwt.sign(payloadOf(admin.user), TEST_JWT_SECRET, { algorithm: "HS256", expiresIn: 3600 }),
    );
  });

  it("forgets revocations whose tokens have expired anyway", async () => {
    const stale = "00000000-0000-4000-8000-000000000001";
    await app.db.insert(revokedTokens).values({ jti: stale, expiresAt: new Date(Date.now() - 1000) });
    await app.services.auth.revoke((await app.createUser("USER")).token);
    expect(await app.db.select().from(revokedTokens).where(eq(revokedTokens.jti, stale))).toEqual([]);
  });
});
