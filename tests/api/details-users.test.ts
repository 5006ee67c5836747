import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detailsAnswer, userAnswer } from "~/api/schemas.server";
import { companyDetails, users } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { expectAnswer, expectError, expectOk, rowCount } from "./helpers";

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

const DETAILS = {
  address: "12 School Lane\nSector 5\nNew Delhi 110001",
  email: "office@zipat.school",
  phone: "+91 98765 43210",
};
const put = (json: unknown, token = admin.token) => app.api("/details", { method: "PUT", json, token });

describe("/details", () => {
  it("answers 404 with a message before the details are first saved", async () => {
    const answer = await app.api("/details");
    expectError(answer, 404);
  });

  it("PUT (ADMIN) saves address, email and phone and answers the record", async () => {
    const saved = expectOk(await put(DETAILS), 200, detailsAnswer);
    expect(saved).toEqual(DETAILS);
    const rows = await app.db.select().from(companyDetails);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, ...DETAILS });
  });

  it("GET answers {address, email, phone} to anyone", async () => {
    expect(expectOk(await app.api("/details"), 200, detailsAnswer)).toEqual(DETAILS);
    expect(expectOk(await app.api("/details", { token: parent.token }), 200, detailsAnswer)).toEqual(DETAILS);
  });

  it("PUT again replaces the single record", async () => {
    const next = { address: "1 New Road, Pune", email: "hello@zipat.school", phone: "(020) 1234-5678" };
    expect(expectOk(await put({ ...next, id: 7, extra: "ignored" }), 200, detailsAnswer)).toEqual(next);
    expect(await rowCount(app, companyDetails)).toBe(1);
    expect(expectOk(await app.api("/details"), 200, detailsAnswer)).toEqual(next);
    expect(expectOk(await put(DETAILS), 200, detailsAnswer)).toEqual(DETAILS);
  });

  it.each([
    ["nothing", {}, ["address", "email", "phone"]],
    ["no address", { email: DETAILS.email, phone: DETAILS.phone }, ["address"]],
    ["a blank address", { ...DETAILS, address: "   " }, ["address"]],
    ["no email", { address: DETAILS.address, phone: DETAILS.phone }, ["email"]],
    ["a malformed email", { ...DETAILS, email: "office-at-zipat" }, ["email"]],
    ["an email without a domain", { ...DETAILS, email: "office@" }, ["email"]],
    ["no phone", { address: DETAILS.address, email: DETAILS.email }, ["phone"]],
    ["a phone with letters", { ...DETAILS, phone: "call us" }, ["phone"]],
    ["a too short phone", { ...DETAILS, phone: "123" }, ["phone"]],
    ["a 501-character address", { ...DETAILS, address: "a".repeat(501) }, ["address"]],
    ["a 31-character phone", { ...DETAILS, phone: "1".repeat(31) }, ["phone"]],
  ])("PUT refuses %s with 400 and keeps the saved record", async (_label, json, fields) => {
    expectError(await put(json), 400, fields);
    expect(expectOk(await app.api("/details"), 200, detailsAnswer)).toEqual(DETAILS);
  });

  it("PUT is for ADMINs only", async () => {
    expectError(
      await app.api("/details", { method: "PUT", json: { ...DETAILS, phone: "+91 11111 11111" } }),
      401,
    );
    expectError(await put({ ...DETAILS, phone: "+91 11111 11111" }, parent.token), 403);
    const [row] = await app.db.select().from(companyDetails).where(eq(companyDetails.id, 1));
    expect(row!.phone).toBe(DETAILS.phone);
  });
});

describe("GET /users (ADMIN)", () => {
  it("lists every account, newest first, as exactly {id, name, email, createdAt}", async () => {
    const newest = await app.createUser("USER");
    const answer = await app.api("/users", { token: admin.token });
    expect(answer.status).toBe(200);
    const list = expectAnswer(userAnswer.array(), answer.body);
    for (const entry of answer.body as Array<Record<string, unknown>>) {
      expect(Object.keys(entry).sort()).toEqual(["createdAt", "email", "id", "name"]);
    }
    expect(list.map((entry) => entry.id)).toEqual([newest.user.id, parent.user.id, admin.user.id]);
    expect(list[0]).toMatchObject({ id: newest.user.id, name: newest.user.name, email: newest.user.email });
    const rows = await app.db.select().from(users);
    expect(list).toHaveLength(rows.length);
  });

  it("never answers a password hash, in any form", async () => {
    const answer = await app.api("/users", { token: admin.token });
    const text = JSON.stringify(answer.body);
    expect(text).not.toMatch(/password|hash|scrypt/i);
    const rows = await app.db.select({ hash: users.passwordHash }).from(users);
    for (const { hash } of rows) expect(text).not.toContain(hash.split("$").at(-1));
    expect(text).not.toContain('"role"');
  });

  it("is for ADMINs only", async () => {
    expectError(await app.api("/users"), 401);
    expectError(await app.api("/users", { token: parent.token }), 403);
  });
});
