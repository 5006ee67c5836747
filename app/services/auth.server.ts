import { randomUUID } from "node:crypto";
import { and, count, eq, lt, notExists, sql } from "drizzle-orm";
import jwt from "jsonwebtoken";
import { z } from "zod";
import { FORMS } from "~/domain/forms";
import { MESSAGES } from "~/domain/messages";
import { ROLES, type Role } from "~/domain/statuses";
import type { Database } from "../../db/client";
import { revokedTokens, users } from "../../db/schema";
import { conflict, unauthorized } from "./errors";
import { byAge, pageOf, type Paged, type ReadRows } from "./paging.server";
import { createPasswordHasher, type PasswordHasher } from "./password.server";
import { parseInput, schemaOf, type FormInput } from "./validation";

/** Who is signed in: the token payload of the spec (id, name, email, role). */
export type SessionUser = { id: number; name: string; email: string; role: Role };

export const registerInput = schemaOf(FORMS.register);
export type RegisterInput = FormInput<typeof FORMS.register>;
export const loginInput = schemaOf(FORMS.login);
export type LoginInput = FormInput<typeof FORMS.login>;

const tokenPayload = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** The token's own id, so a logout can end this session and no other. */
  jti: z.uuid(),
  exp: z.number(),
});

export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

const publicUser = { id: users.id, name: users.name, email: users.email, role: users.role };
const listedUser = { id: users.id, name: users.name, email: users.email, createdAt: users.createdAt };
/** A user as the admin list shows it (spec section 3): never a hash or a role. */
export type ListedUser = { id: number; name: string; email: string; createdAt: Date };
const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

/** PostgreSQL's unique_violation; drizzle wraps the driver's error in a DrizzleQueryError, so its cause counts too. */
const isUniqueViolation = (error: unknown): boolean => {
  if (typeof error !== "object" || error === null) return false;
  const { code, cause } = error as { code?: string; cause?: unknown };
  return code === "23505" || (cause !== undefined && cause !== error && isUniqueViolation(cause));
};

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({
  db,
  jwtSecret,
  passwords = createPasswordHasher(),
}: {
  db: Database;
  jwtSecret: string;
  passwords?: PasswordHasher;
}) {
  function issueToken(user: SessionUser): string {
    const payload: SessionUser = { id: user.id, name: user.name, email: user.email, role: user.role };
    return jwt.sign(payload, jwtSecret, {
      algorithm: "HS256",
      expiresIn: TOKEN_TTL_SECONDS,
      jwtid: randomUUID(),
    });
  }

  /**
   * The token's claims if it is a valid, unexpired HS256 token signed by us; else null. Every
   * token we issue expires and has an id, so one without `exp` or `jti` was not made by
   * `issueToken`.
   */
  function readToken(token: string): z.output<typeof tokenPayload> | null {
    try {
      const parsed = tokenPayload.safeParse(jwt.verify(token, jwtSecret, { algorithms: ["HS256"] }));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  const usersByAge: ReadRows<ListedUser> = async (order, limit, offset) =>
    db
      .select(listedUser)
      .from(users)
      .orderBy(...byAge(order, users.createdAt, users.id))
      .limit(limit)
      .offset(offset);

  async function countUsers(): Promise<number> {
    const [row] = await db.select({ total: count() }).from(users);
    return row?.total ?? 0;
  }

  return {
    issueToken,

    /**
     * Resolves a token to the current account. The account is re-read so that a deleted user or
     * a withdrawn ADMIN role takes effect at once, not when the token expires.
     */
    async authenticate(token: string | null | undefined): Promise<SessionUser | null> {
      const claims = token ? readToken(token) : null;
      if (!claims) return null;
      const revoked = db.select().from(revokedTokens).where(eq(revokedTokens.jti, claims.jti));
      const [user] = await db
        .select(publicUser)
        .from(users)
        .where(and(eq(users.id, claims.id), notExists(revoked)));
      return user ?? null;
    },

    /**
     * Ends the session of this token (a logout): it is refused from now on, on every device it
     * was copied to, while the account's other sessions go on. Nothing to do for a token that is
     * not ours or has expired.
     */
    async revoke(token: string | null | undefined): Promise<void> {
      const claims = token ? readToken(token) : null;
      if (!claims) return;
      await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
      await db
        .insert(revokedTokens)
        .values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) })
        .onConflictDoNothing();
    },

    async register({ name, email, password }: RegisterInput): Promise<{ token: string; user: SessionUser }> {
      const normalisedEmail = email.toLowerCase();
      const [existing] = await db.select({ id: users.id }).from(users).where(byEmail(normalisedEmail));
      const taken = () => conflict(MESSAGES.auth.emailTaken, { email: [MESSAGES.auth.emailTaken] });
      if (existing) throw taken();
      const passwordHash = await passwords.hash(password);
      try {
        const [user] = await db
          .insert(users)
          .values({ name, email: normalisedEmail, passwordHash, role: "USER" })
          .returning(publicUser);
        return { token: issueToken(user!), user: user! };
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    /** Wrong e-mail and wrong password answer the same message in about the same time. */
    async login({ email, password }: LoginInput): Promise<{ token: string; user: SessionUser }> {
      const [account] = await db
        .select({ ...publicUser, passwordHash: users.passwordHash })
        .from(users)
        .where(byEmail(email));
      const matches = await passwords.verify(password, account?.passwordHash ?? (await passwords.decoy()));
      if (!account || !matches) throw unauthorized(MESSAGES.auth.invalidCredentials);
      const { passwordHash: _hash, ...user } = account;
      return { token: issueToken(user), user };
    },

    /** Creates the account as ADMIN, or promotes it and sets its password (create-admin, ADMIN_* env). */
    async ensureAdmin(input: {
      email: string;
      name: string;
      password: string;
    }): Promise<{ created: boolean; user: SessionUser }> {
      const { name, email, password } = parseInput(registerInput, input);
      const passwordHash = await passwords.hash(password);
      const [existing] = await db.select({ id: users.id }).from(users).where(byEmail(email));
      if (existing) {
        const [user] = await db
          .update(users)
          .set({ role: "ADMIN", passwordHash })
          .where(eq(users.id, existing.id))
          .returning(publicUser);
        return { created: false, user: user! };
      }
      const [user] = await db
        .insert(users)
        .values({ name, email: email.toLowerCase(), passwordHash, role: "ADMIN" })
        .returning(publicUser);
      return { created: true, user: user! };
    },

    /** Registered accounts, newest first, without anything secret. */
    async listUsers(): Promise<ListedUser[]> {
      return db
        .select(listedUser)
        .from(users)
        .orderBy(...byAge("newest", users.createdAt, users.id));
    },

    /** A page of registered accounts for the admin screen. */
    async listUsersPage(query: unknown = {}): Promise<Paged<ListedUser>> {
      return pageOf(query, { count: countUsers, rows: usersByAge });
    },
  };
}
