import { eq, sql } from "drizzle-orm";
import jwt from "jsonwebtoken";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenAnswer } from "~/api/schemas.server";
import { MESSAGES } from "~/domain/messages";
import { users } from "../../db/schema";
import { startTestApp, TEST_JWT_SECRET, type TestApp } from "../support/app";
import { expectError, expectOk, rowCount } from "./helpers";

let app: TestApp;
beforeAll(async () => {
  // Rate limits have their own file; here many calls come from one client within a minute.
  const generous = { max: 10_000, windowMs: 60_000 };
  app = await startTestApp({ rateLimits: { login: generous, register: generous } });
});
afterAll(async () => {
  await app?.close();
});

const decode = (token: string) =>
  jwt.verify(token, TEST_JWT_SECRET, { algorithms: ["HS256"] }) as Record<string, unknown>;
const register = (json: unknown) => app.api("/auth/register", { method: "POST", json });
const login = (json: unknown) => app.api("/auth/login", { method: "POST", json });

describe("POST /auth/register", () => {
  it("creates a USER account and answers 201 with a token carrying id, name, email and role", async () => {
    const answer = expectOk(
      await register({ name: "  Priya Nair ", email: "Priya.Nair@Example.com", password: "a good password" }),
      201,
      tokenAnswer,
    );
    const payload = decode(answer.token);
    const [stored] = await app.db.select().from(users).where(eq(users.email, "priya.nair@example.com"));
    expect(stored).toBeDefined();
    expect(payload).toMatchObject({
      id: stored!.id,
      name: "Priya Nair",
      email: "priya.nair@example.com",
      role: "USER",
    });
    // The spec's id, name, email and role; the token's own id and the account's session version
    // (a password change ends every older session); issue and expiry times.
    expect(Object.keys(payload).sort()).toEqual(["email", "exp", "iat", "id", "jti", "name", "role", "sv"]);
    expect(jwt.decode(answer.token, { complete: true })!.header.alg).toBe("HS256");
    expect(stored).toMatchObject({ name: "Priya Nair", role: "USER" });
    // Only a hash is stored, never the password.
    expect(stored!.passwordHash).toMatch(/^scrypt\$/);
    expect(stored!.passwordHash).not.toContain("a good password");
  });

  it("signs the new account in: its token works on a user route at once", async () => {
    const { token } = expectOk(
      await register({ name: "Liker", email: "liker@example.com", password: "password123" }),
      201,
      tokenAnswer,
    );
    // No course 1 exists, so the signed-in user gets past the guard to a 404.
    expectError(await app.api("/courses/1/like", { method: "POST", token }), 404);
  });

  it("refuses an e-mail already registered, whatever its letter case, with 409 and stores nothing", async () => {
    await register({ name: "First", email: "taken@example.com", password: "password123" });
    const before = await rowCount(app, users);
    for (const email of [
      "taken@example.com",
      "TAKEN@example.com",
      "Taken@Example.COM",
      "  taken@example.com  ",
    ]) {
      const body = expectError(await register({ name: "Second", email, password: "password123" }), 409, [
        "email",
      ]);
      expect(body.message).toBe(MESSAGES.auth.emailTaken);
    }
    expect(await rowCount(app, users)).toBe(before);
  });

  it("refuses the same e-mail registered twice at the same moment (one wins, the other gets 409)", async () => {
    const json = { name: "Twin", email: "twin@example.com", password: "password123" };
    const answers = await Promise.all([register(json), register({ ...json, email: "TWIN@example.com" })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await rowCount(app, users, sql`lower(${users.email}) = 'twin@example.com'`)).toBe(1);
  });

  it.each([
    ["nothing", {}, ["name", "email", "password"]],
    ["no name", { email: "a@example.com", password: "password123" }, ["name"]],
    ["a blank name", { name: "   ", email: "a@example.com", password: "password123" }, ["name"]],
    ["no e-mail", { name: "A", password: "password123" }, ["email"]],
    ["a malformed e-mail", { name: "A", email: "not-an-email", password: "password123" }, ["email"]],
    ["no password", { name: "A", email: "a@example.com" }, ["password"]],
    ["a 5-character password", { name: "A", email: "a@example.com", password: "short" }, ["password"]],
    [
      "a 129-character password",
      { name: "A", email: "a@example.com", password: "x".repeat(129) },
      ["password"],
    ],
    [
      "a 101-character name",
      { name: "x".repeat(101), email: "a@example.com", password: "password123" },
      ["name"],
    ],
    [
      "fields of the wrong type",
      { name: 42, email: ["a@example.com"], password: true },
      ["name", "email", "password"],
    ],
  ])("refuses %s with 400 naming the fields, storing nothing", async (_label, json, fields) => {
    const before = await rowCount(app, users);
    expectError(await register(json), 400, fields);
    expect(await rowCount(app, users)).toBe(before);
  });

  it("accepts a 100-character name and an 8-character password", async () => {
    expectOk(
      await register({ name: "n".repeat(100), email: "long-name@example.com", password: "12345678" }),
      201,
      tokenAnswer,
    );
  });

  it("always creates a USER, ignoring a role sent by the client", async () => {
    const { token } = expectOk(
      await register({ name: "Sneaky", email: "sneaky@example.com", password: "password123", role: "ADMIN" }),
      201,
      tokenAnswer,
    );
    expect(decode(token).role).toBe("USER");
    const [stored] = await app.db.select().from(users).where(eq(users.email, "sneaky@example.com"));
    expect(stored!.role).toBe("USER");
    expectError(await app.api("/users", { token }), 403);
  });

  it("answers malformed JSON with 400 and the JSON message", async () => {
    const answer = await app.api("/auth/register", {
      method: "POST",
      body: '{"name": "x",',
      headers: { "content-type": "application/json" },
    });
    expect(expectError(answer, 400).message).toBe("The request body is not valid JSON.");
  });
});

describe("POST /auth/login", () => {
  let account: Awaited<ReturnType<TestApp["createUser"]>>;
  beforeAll(async () => {
    account = await app.createUser("USER");
  });

  it("answers a token carrying id, name, email and role", async () => {
    const { token } = expectOk(
      await login({ email: account.user.email, password: account.password }),
      200,
      tokenAnswer,
    );
    expect(decode(token)).toMatchObject({
      id: account.user.id,
      name: account.user.name,
      email: account.user.email,
      role: "USER",
    });
  });

  it("accepts the e-mail in any letter case", async () => {
    const { token } = expectOk(
      await login({ email: account.user.email.toUpperCase(), password: account.password }),
      200,
      tokenAnswer,
    );
    expect(decode(token).id).toBe(account.user.id);
  });

  it("answers an ADMIN's token with role ADMIN", async () => {
    const admin = await app.createUser("ADMIN");
    const { token } = expectOk(
      await login({ email: admin.user.email, password: admin.password }),
      200,
      tokenAnswer,
    );
    expect(decode(token)).toMatchObject({ id: admin.user.id, role: "ADMIN" });
  });

  it("answers a wrong password and an unknown e-mail with the same 401", async () => {
    const wrongPassword = await login({ email: account.user.email, password: "not the password" });
    const unknownEmail = await login({ email: "nobody-here@example.com", password: account.password });
    const body = expectError(wrongPassword, 401);
    expect(body).toEqual({ message: MESSAGES.auth.invalidCredentials });
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it("is case-sensitive about the password", async () => {
    expectError(await login({ email: account.user.email, password: account.password.toUpperCase() }), 401);
  });

  it.each([
    [{}, ["email", "password"]],
    [{ email: "a@example.com" }, ["password"]],
    [{ email: "a@example.com", password: "" }, ["password"]],
    [{ password: "password123" }, ["email"]],
    [{ email: "not-an-email", password: "password123" }, ["email"]],
  ])("refuses %j with 400 naming the fields", async (json, fields) => {
    expectError(await login(json), 400, fields);
  });
});
