import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import { MESSAGES } from "~/domain/messages";
import type { Database, Executor } from "../../db/client";
import { emailVerifications, users } from "../../db/schema";
import { tooManyRequests, unauthorized } from "./errors";
import type { MailOutbox } from "./mail/outbox.server";

/** How long a verification link works: long enough for a parent who reads mail once a day. */
export const VERIFY_LINK_HOURS = 48;
/**
 * Verification mails one account gets at most, counted in the database (every instance agrees)
 * like the reset mails: the link sent at registration counts, so "send it again" works a minute
 * after signing up.
 */
const VERIFY_MAILS = { perMinute: 1, perHour: 5 } as const;

/** Only the hash of a link's token is stored: a copy of the table verifies nobody. */
const hashOfToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The longest token a link can carry (ours are 43 characters); anything longer is not looked up. */
const VERIFY_TOKEN_MAX_LENGTH = 100;

type Account = { id: number; email: string };

/**
 * A new verification link for the account's address, in the caller's transaction: the account's
 * older unused links stop working (only the newest mail's link verifies), and the answer is the
 * link to mail. The token itself is never stored.
 */
export async function newVerificationLink(
  tx: Executor,
  account: Account,
  publicUrl: string,
  now = Date.now(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx
    .update(emailVerifications)
    .set({ usedAt: new Date(now) })
    .where(and(eq(emailVerifications.userId, account.id), isNull(emailVerifications.usedAt)));
  await tx.insert(emailVerifications).values({
    tokenHash: hashOfToken(token),
    userId: account.id,
    email: account.email,
    expiresAt: new Date(now + VERIFY_LINK_HOURS * 3_600_000),
  });
  return `${publicUrl}/verify-email?token=${token}`;
}

/** What following a link did. */
export type VerifyOutcome =
  /** The address is verified now (by this link). */
  | { outcome: "verified"; userId: number; email: string }
  /** It already was (a second click, or a mail scanner that followed the link first): nothing changed. */
  | { outcome: "alreadyVerified"; userId: number; email: string }
  /** Unknown, expired, used or replaced by a newer link, for an address not verified: nothing changed. */
  | { outcome: "invalid" };

/**
 * Proof that an account's owner reads its e-mail address (issue 18): records sent under that
 * address while signed out show on the account's profile only once its owner has followed the
 * link mailed to it. A link verifies the account and address it was made for, once, for
 * VERIFY_LINK_HOURS; a newer link replaces it.
 */
export function createEmailVerificationService({
  db,
  outbox,
  publicUrl,
}: {
  db: Database;
  outbox: MailOutbox;
  publicUrl: string;
}) {
  return {
    /**
     * "Send the link again" on the profile: a new link to the account's address (the mail in the
     * account's language), unless it is verified already (then nothing is sent). Over the limit:
     * 429 with a message saying when.
     */
    async sendLink(userId: number): Promise<{ sent: boolean }> {
      const mail = await outbox.prepare();
      const now = Date.now();
      return db.transaction(async (tx) => {
        // Locked, so two quick clicks count each other's link rather than both passing the limit.
        const [account] = await tx
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            emailVerifiedAt: users.emailVerifiedAt,
            language: users.language,
          })
          .from(users)
          .where(eq(users.id, userId))
          .for("update");
        if (!account) throw unauthorized(MESSAGES.auth.signInRequired);
        if (account.emailVerifiedAt) return { sent: false };
        const [recent] = await tx
          .select({
            lastMinute:
              sql<number>`count(*) filter (where ${emailVerifications.createdAt} > ${new Date(now - 60_000)})`.mapWith(
                Number,
              ),
            lastHour: count(),
          })
          .from(emailVerifications)
          .where(
            and(
              eq(emailVerifications.userId, userId),
              gt(emailVerifications.createdAt, new Date(now - 3_600_000)),
            ),
          );
        if ((recent?.lastMinute ?? 0) >= VERIFY_MAILS.perMinute)
          throw tooManyRequests(MESSAGES.verifyEmail.tooSoon, 60);
        if ((recent?.lastHour ?? 0) >= VERIFY_MAILS.perHour)
          throw tooManyRequests(MESSAGES.verifyEmail.tooMany, 3_600);
        const verifyUrl = await newVerificationLink(tx, account, publicUrl, now);
        await mail.queue(tx, {
          kind: "verifyEmail",
          to: account.email,
          about: `user:${account.id}`,
          data: { name: account.name, verifyUrl, validHours: VERIFY_LINK_HOURS, language: account.language },
        });
        return { sent: true };
      });
    },

    /**
     * Follows a link: the account it was made for is verified when the link is its newest, unused
     * and unexpired, and the account's address is still the one it was sent to. Whoever is signed
     * in does not matter: the link alone proves the mailbox, and only ever for its own account.
     */
    async verify(token: string): Promise<VerifyOutcome> {
      if (!token || token.length > VERIFY_TOKEN_MAX_LENGTH) return { outcome: "invalid" };
      const tokenHash = hashOfToken(token);
      const now = new Date();
      return db.transaction(async (tx) => {
        const [link] = await tx
          .select({
            userId: emailVerifications.userId,
            email: emailVerifications.email,
            usedAt: emailVerifications.usedAt,
            expiresAt: emailVerifications.expiresAt,
            accountEmail: users.email,
            verifiedAt: users.emailVerifiedAt,
          })
          .from(emailVerifications)
          .innerJoin(users, eq(users.id, emailVerifications.userId))
          .where(eq(emailVerifications.tokenHash, tokenHash))
          .for("update");
        if (!link) return { outcome: "invalid" };
        const sameAddress = link.email.toLowerCase() === link.accountEmail.toLowerCase();
        if (!sameAddress) return { outcome: "invalid" };
        const shown = { userId: link.userId, email: link.accountEmail };
        if (link.verifiedAt) {
          if (!link.usedAt)
            await tx
              .update(emailVerifications)
              .set({ usedAt: now })
              .where(eq(emailVerifications.tokenHash, tokenHash));
          return { outcome: "alreadyVerified", ...shown };
        }
        if (link.usedAt || link.expiresAt <= now) return { outcome: "invalid" };
        await tx
          .update(emailVerifications)
          .set({ usedAt: now })
          .where(eq(emailVerifications.tokenHash, tokenHash));
        await tx
          .update(users)
          .set({ emailVerifiedAt: now })
          .where(and(eq(users.id, link.userId), isNull(users.emailVerifiedAt)));
        return { outcome: "verified", ...shown };
      });
    },
  };
}
