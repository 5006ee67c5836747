import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordEvents, users } from "../../db/schema";
import { MESSAGES } from "../../app/domain/messages";
import { isAppError } from "../../app/services/errors";
import { startTestApp, type TestApp } from "../support/app";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const userAdmin = () => app.services.userAdmin;

/** The service's refusal as status and message, or "ok". */
async function outcome(change: Promise<unknown>): Promise<string> {
  try {
    await change;
    return "ok";
  } catch (error) {
    if (!isAppError(error)) throw error;
    return `${error.status} ${error.message}`;
  }
}

const historyOf = (userId: number) =>
  app.db
    .select({
      kind: recordEvents.kind,
      actorId: recordEvents.actorId,
      fromStatus: recordEvents.fromStatus,
      toStatus: recordEvents.toStatus,
    })
    .from(recordEvents)
    .where(and(eq(recordEvents.recordType, "USER"), eq(recordEvents.recordId, String(userId))))
    .orderBy(recordEvents.id);

const login = (email: string, password: string) =>
  app.api("/auth/login", { method: "POST", json: { email, password } });

describe("staff managing accounts (issue 19 point 6)", () => {
  it("makes a parent ADMIN and takes it back, at once for the sessions they hold, with a history", async () => {
    const staff = await app.createUser("ADMIN");
    const parent = await app.createUser();
    expect((await app.api("/users", { token: parent.token })).status).toBe(403);

    const promoted = await userAdmin().setRole(staff.user.id, parent.user.id, "ADMIN");
    expect(promoted.role).toBe("ADMIN");
    // The token issued while they were a USER now opens the admin API: the role is read per request.
    expect((await app.api("/users", { token: parent.token })).status).toBe(200);

    await userAdmin().setRole(staff.user.id, parent.user.id, "USER");
    expect((await app.api("/users", { token: parent.token })).status).toBe(403);
    expect(await historyOf(parent.user.id)).toEqual([
      { kind: "STATUS_CHANGED", actorId: staff.user.id, fromStatus: "USER", toStatus: "ADMIN" },
      { kind: "STATUS_CHANGED", actorId: staff.user.id, fromStatus: "ADMIN", toStatus: "USER" },
    ]);
  });

  it("disables an account: its sessions end, it cannot sign in, and only the password's owner is told why", async () => {
    const staff = await app.createUser("ADMIN");
    const parent = await app.createUser();
    expect((await app.api("/tuition/orders", { token: staff.token })).status).toBe(200);
    const session = await login(parent.user.email, parent.password);
    expect(session.status).toBe(200);

    const disabled = await userAdmin().setDisabled(staff.user.id, parent.user.id, true);
    expect(disabled.disabledAt).toBeInstanceOf(Date);

    expect(await app.services.auth.authenticate(parent.token)).toBeNull();
    expect(await app.services.auth.authenticate(session.body.token)).toBeNull();
    const refused = await login(parent.user.email, parent.password);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.auth.accountDisabled);
    // A wrong password hears what any wrong password hears: nothing about the account's state.
    const guessed = await login(parent.user.email, "not the password");
    expect(guessed.status).toBe(401);
    expect(guessed.body.message).toBe(MESSAGES.auth.invalidCredentials);

    await userAdmin().setDisabled(staff.user.id, parent.user.id, false);
    expect((await login(parent.user.email, parent.password)).status).toBe(200);
    // Sessions ended by the disable stay ended.
    expect(await app.services.auth.authenticate(parent.token)).toBeNull();
    expect(await historyOf(parent.user.id)).toEqual([
      { kind: "STATUS_CHANGED", actorId: staff.user.id, fromStatus: "ACTIVE", toStatus: "DISABLED" },
      { kind: "STATUS_CHANGED", actorId: staff.user.id, fromStatus: "DISABLED", toStatus: "ACTIVE" },
    ]);
  });

  it("never leaves the site without an active ADMIN, nor lets staff disable themselves", async () => {
    // Only the admins of this test stay active.
    await app.db.update(users).set({ role: "USER" }).where(eq(users.role, "ADMIN"));
    const only = await app.createUser("ADMIN");
    const before = await historyOf(only.user.id);

    expect(await outcome(userAdmin().setRole(only.user.id, only.user.id, "USER"))).toBe(
      `409 ${MESSAGES.users.lastAdmin}`,
    );
    expect(await outcome(userAdmin().setDisabled(only.user.id, only.user.id, true))).toBe(
      `409 ${MESSAGES.users.notYourself}`,
    );
    const second = await app.createUser("ADMIN");
    expect(await outcome(userAdmin().setDisabled(second.user.id, only.user.id, true))).toBe("ok");
    // Now `second` is the last active one: nobody may demote or disable it.
    expect(await outcome(userAdmin().setRole(second.user.id, second.user.id, "USER"))).toBe(
      `409 ${MESSAGES.users.lastAdmin}`,
    );
    const [stored] = await app.db.select().from(users).where(eq(users.id, second.user.id));
    expect(stored!.role).toBe("ADMIN");
    expect(stored!.disabledAt).toBeNull();
    expect((await historyOf(only.user.id)).length).toBe(before.length + 1);
    expect(await historyOf(second.user.id)).toEqual([]);
  });

  it("lets only one of two admins demoting each other at once succeed", async () => {
    await app.db.update(users).set({ role: "USER" }).where(eq(users.role, "ADMIN"));
    const first = await app.createUser("ADMIN");
    const second = await app.createUser("ADMIN");
    const results = await Promise.all([
      outcome(userAdmin().setRole(first.user.id, second.user.id, "USER")),
      outcome(userAdmin().setRole(second.user.id, first.user.id, "USER")),
    ]);
    expect(results.sort()).toEqual([`409 ${MESSAGES.users.lastAdmin}`, "ok"]);
    const admins = await app.db.select({ id: users.id }).from(users).where(eq(users.role, "ADMIN"));
    expect(admins).toHaveLength(1);
  });

  it("answers 404 for an account that does not exist, and repeating a change changes nothing", async () => {
    const staff = await app.createUser("ADMIN");
    const parent = await app.createUser();
    expect(await outcome(userAdmin().setRole(staff.user.id, 999_999, "ADMIN"))).toBe(
      `404 ${MESSAGES.users.notFound}`,
    );
    await userAdmin().setDisabled(staff.user.id, parent.user.id, true);
    await userAdmin().setDisabled(staff.user.id, parent.user.id, true);
    await userAdmin().setRole(staff.user.id, parent.user.id, "USER");
    expect(await historyOf(parent.user.id)).toHaveLength(1);
  });

  it("lists accounts with their role and state, newest first, never a hash", async () => {
    const parent = await app.createUser();
    const page = await userAdmin().listPage({ page: 1 });
    expect(page.rows[0]).toEqual({
      id: parent.user.id,
      name: parent.user.name,
      email: parent.user.email,
      role: "USER",
      disabledAt: null,
      createdAt: expect.any(Date),
    });
  });
});
