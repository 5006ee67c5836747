import { createHash, createSecretKey, randomBytes, randomUUID } from "node:crypto";
import { and, count, eq, gt, isNull, lt, notExists, sql } from "drizzle-orm";
import jwt from "jsonwebtoken";
import { z } from "zod";
import { FORMS } from "~/domain/forms";
import type { Language } from "~/domain/languages";
import { RESET_LINK_MINUTES } from "~/domain/limits";
import { MESSAGES } from "~/domain/messages";
import { ROLES, type Role } from "~/domain/statuses";
import type { Database, Executor } from "../../db/client";
import { passwordResets, revokedTokens, users } from "../../db/schema";
import { newVerificationLink, VERIFY_LINK_HOURS } from "./email-verification.server";
import { badRequest, conflict, forbidden, unauthorized } from "./errors";
import type { MailOutbox } from "./mail/outbox.server";
import { byAge, pageOf, type Paged, type ReadRows } from "./paging.server";
import type { RecordOwner } from "./record-kinds/ownership.server";
import { createPasswordHasher, type PasswordHasher } from "./password.server";
import { parseInput, schemaOf, type FormInput } from "./validation";

/** Who is signed in: the token payload of the spec (id, name, email, role). */
export type SessionUser = { id: number; name: string; email: string; role: Role };

/** A session's account, and the same account as the family records' ownership rule needs it. */
export type SessionAccount = { user: SessionUser; owner: RecordOwner };

export const registerInput = schemaOf(FORMS.register);
export type RegisterInput = FormInput<typeof FORMS.register>;
export const loginInput = schemaOf(FORMS.login);
export type LoginInput = FormInput<typeof FORMS.login>;
export type ForgotPasswordInput = FormInput<typeof FORMS.forgotPassword>;
export type ResetPasswordInput = FormInput<typeof FORMS.resetPassword>;
export type ChangePasswordInput = FormInput<typeof FORMS.changePassword>;

/** The "forgot password" answer takes at least this long, whatever the address (see requestPasswordReset). */
const RESET_ANSWER_MS = 250;

/**
 * Reset mails one address gets at most: one a minute, five an hour (counted in the database, so
 * every instance agrees). More requests get the same answer and send nothing.
 */
const RESET_MAILS = { perMinute: 1, perHour: 5 } as const;

const hashOfToken = (token: string) => createHash("sha256").update(token).digest("hex");

const tokenPayload = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** The token's own id, so a logout can end this session and no other. */
  jti: z.uuid(),
  exp: z.number(),
  /** The account's session version when issued; tokens from before a password change are refused. */
  sv: z.number().int().nonnegative().optional(),
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

/** A reset link's row while it works: not used, not expired. */
const usableReset = (token: string) =>
  and(
    eq(passwordResets.tokenHash, hashOfToken(token)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, new Date()),
  );

const withoutVersion = ({
  sessionVersion: _version,
  ...user
}: SessionUser & { sessionVersion: number }): SessionUser => user;

/**
 * The new password, a new session version (every token issued before is refused from now on),
 * and the "your password was changed" mail (in the account's language), in the caller's
 * transaction.
 */
async function setPassword(
  tx: Executor,
  userId: number,
  passwordHash: string,
  mail: Awaited<ReturnType<MailOutbox["prepare"]>>,
) {
  const [changed] = await tx
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ ...publicUser, sessionVersion: users.sessionVersion, language: users.language });
  if (!changed) return null;
  const { language, ...user } = changed;
  await mail.queue(tx, {
    kind: "passwordChanged",
    to: user.email,
    about: `user:${user.id}`,
    data: { name: user.name, changedAt: new Date(), language },
  });
  return user;
}

export function createAuthService({
  db,
  jwtSecret,
  passwords = createPasswordHasher(),
  outbox,
  publicUrl,
}: {
  db: Database;
  jwtSecret: string;
  passwords?: PasswordHasher;
  outbox: MailOutbox;
  /** The site's address, for the reset and verification links. */
  publicUrl: string;
}) {
  /**
   * The secret as a key object, made once: given a string, jsonwebtoken first tries it as a PEM
   * public key and fails (an exception per call) before using it as a secret — about 0.5 ms per
   * verify against 0.01 ms with the key object (issue 22, docs/performance.md).
   */
  const signingKey = createSecretKey(Buffer.from(jwtSecret, "utf8"));
  /**
   * The account behind a session token, if the token still stands: every signed-in request asks
   * it first, so it is built and planned once (decision 0044).
   */
  const sessionAccount = db
    .select({ ...publicUser, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(
      and(
        eq(users.id, sql.placeholder("id")),
        eq(users.sessionVersion, sql.placeholder("sessionVersion")),
        isNull(users.disabledAt),
        notExists(
          db
            .select({ jti: revokedTokens.jti })
            .from(revokedTokens)
            .where(eq(revokedTokens.jti, sql.placeholder("jti"))),
        ),
      ),
    )
    .prepare("session_account");

  function issueToken(user: SessionUser & { sessionVersion?: number }): string {
    const payload = {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      sv: user.sessionVersion ?? 0,
    };
    return jwt.sign(payload, signingKey, {
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
      const parsed = tokenPayload.safeParse(jwt.verify(token, signingKey, { algorithms: ["HS256"] }));
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

  /**
   * Stores a new reset link for the address's account, if any, and queues its mail (in the
   * account's language).
   */
  async function sendResetLink({ email }: ForgotPasswordInput): Promise<void> {
    const [account] = await db
      .select({ ...publicUser, language: users.language })
      .from(users)
      .where(byEmail(email));
    const token = randomBytes(32).toString("base64url");
    const mail = await outbox.prepare();
    const now = Date.now();
    await db.transaction(async (tx) => {
      const userId = account?.id ?? 0;
      const [recent] = await tx
        .select({
          lastMinute:
            sql<number>`count(*) filter (where ${passwordResets.createdAt} > ${new Date(now - 60_000)})`.mapWith(
              Number,
            ),
          lastHour: count(),
        })
        .from(passwordResets)
        .where(
          and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, new Date(now - 3_600_000))),
        );
      if (!account) return;
      if (
        (recent?.lastMinute ?? 0) >= RESET_MAILS.perMinute ||
        (recent?.lastHour ?? 0) >= RESET_MAILS.perHour
      )
        return;
      await tx
        .update(passwordResets)
        .set({ usedAt: new Date(now) })
        .where(and(eq(passwordResets.userId, account.id), isNull(passwordResets.usedAt)));
      await tx.insert(passwordResets).values({
        tokenHash: hashOfToken(token),
        userId: account.id,
        expiresAt: new Date(now + RESET_LINK_MINUTES * 60_000),
      });
      await mail.queue(tx, {
        kind: "passwordReset",
        to: account.email,
        about: `user:${account.id}`,
        data: {
          name: account.name,
          resetUrl: `${publicUrl}/reset-password?token=${token}`,
          validMinutes: RESET_LINK_MINUTES,
          language: account.language,
        },
      });
    });
  }

  return {
    issueToken,

    /**
     * Resolves a token to the current account. The account is re-read so that a deleted user or
     * a withdrawn ADMIN role takes effect at once, not when the token expires.
     */
    async authenticate(token: string | null | undefined): Promise<SessionUser | null> {
      return (await this.session(token))?.user ?? null;
    },

    /**
     * `authenticate`, with the account's address and whether it is proved read by the same
     * statement: a page's loaders then need not read the account again to find the family's
     * records (the profile read it three times, issue 41).
     */
    async session(token: string | null | undefined): Promise<SessionAccount | null> {
      const claims = token ? readToken(token) : null;
      if (!claims) return null;
      const [account] = await sessionAccount.execute({
        id: claims.id,
        sessionVersion: claims.sv ?? 0,
        jti: claims.jti,
      });
      if (!account) return null;
      const { emailVerifiedAt, ...user } = account;
      return { user, owner: { id: user.id, email: user.email, verified: emailVerifiedAt !== null } };
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

    /** `language`: the language of the page the account was registered on; its mails use it. */
    async register(
      { name, email, password }: RegisterInput,
      language: Language = "en",
    ): Promise<{ token: string; user: SessionUser }> {
      const normalisedEmail = email.toLowerCase();
      const [existing] = await db.select({ id: users.id }).from(users).where(byEmail(normalisedEmail));
      const taken = () => conflict(MESSAGES.auth.emailTaken, { email: [MESSAGES.auth.emailTaken] });
      if (existing) throw taken();
      const passwordHash = await passwords.hash(password);
      try {
        const mail = await outbox.prepare();
        const user = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({ name, email: normalisedEmail, passwordHash, role: "USER", language })
            .returning(publicUser);
          // One mail: the welcome carries the link that verifies the address (issue 18).
          const verifyUrl = await newVerificationLink(tx, created!, publicUrl);
          await mail.queue(tx, {
            kind: "welcome",
            to: created!.email,
            about: `user:${created!.id}`,
            data: {
              name: created!.name,
              email: created!.email,
              verifyUrl,
              validHours: VERIFY_LINK_HOURS,
              language,
            },
          });
          return created!;
        });
        return { token: issueToken(user), user };
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    /** Wrong e-mail and wrong password answer the same message in about the same time. */
    async login({ email, password }: LoginInput): Promise<{ token: string; user: SessionUser }> {
      const [account] = await db
        .select({
          ...publicUser,
          passwordHash: users.passwordHash,
          sessionVersion: users.sessionVersion,
          disabledAt: users.disabledAt,
        })
        .from(users)
        .where(byEmail(email));
      const matches = await passwords.verify(password, account?.passwordHash ?? (await passwords.decoy()));
      if (!account || !matches) throw unauthorized(MESSAGES.auth.invalidCredentials);
      // Said only to whoever knows the password: it tells a stranger nothing about the address.
      if (account.disabledAt) throw forbidden(MESSAGES.auth.accountDisabled);
      const { passwordHash: _hash, sessionVersion, disabledAt: _disabled, ...user } = account;
      return { token: issueToken({ ...user, sessionVersion }), user };
    },

    /**
     * "Forgot password": mails the account a link that works once, for an hour, and voids the
     * links sent before it. Answers nothing either way, and never sooner than RESET_ANSWER_MS
     * after it was asked: an address with an account costs a few more writes than one without,
     * and the time of the answer must not tell which it was.
     */
    async requestPasswordReset(input: ForgotPasswordInput): Promise<void> {
      const answerAt = Date.now() + RESET_ANSWER_MS;
      try {
        await sendResetLink(input);
      } finally {
        const wait = answerAt - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    },
    /** Whether a reset link still works (the reset page asks before showing its form). */
    async resetLinkWorks(token: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: passwordResets.userId })
        .from(passwordResets)
        .where(usableReset(token));
      return Boolean(row);
    },

    /**
     * Sets a new password through a reset link: the link is used up, every session of the account
     * ends, "your password was changed" is mailed, and the caller is signed in with a new token.
     */
    async resetPassword({
      token,
      password,
    }: ResetPasswordInput): Promise<{ token: string; user: SessionUser }> {
      const passwordHash = await passwords.hash(password);
      const mail = await outbox.prepare();
      const changed = await db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResets)
          .set({ usedAt: new Date() })
          .where(usableReset(token))
          .returning({ userId: passwordResets.userId });
        if (!used) return null;
        return setPassword(tx, used.userId, passwordHash, mail);
      });
      if (!changed)
        throw badRequest(MESSAGES.auth.resetLinkInvalid, { token: [MESSAGES.auth.resetLinkInvalid] });
      return { token: issueToken(changed), user: withoutVersion(changed) };
    },

    /** Changes the password of a signed-in account, which must give its current one. */
    async changePassword(
      userId: number,
      { currentPassword, password }: ChangePasswordInput,
    ): Promise<{ token: string; user: SessionUser }> {
      const [account] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId));
      if (!account) throw unauthorized(MESSAGES.auth.signInRequired);
      if (!(await passwords.verify(currentPassword, account.passwordHash))) {
        throw badRequest(MESSAGES.auth.wrongCurrentPassword, {
          currentPassword: [MESSAGES.auth.wrongCurrentPassword],
        });
      }
      const passwordHash = await passwords.hash(password);
      const mail = await outbox.prepare();
      const changed = await db.transaction((tx) => setPassword(tx, userId, passwordHash, mail));
      if (!changed) throw unauthorized(MESSAGES.auth.signInRequired);
      return { token: issueToken(changed), user: withoutVersion(changed) };
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
