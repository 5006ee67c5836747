import { and, eq, inArray, ne, or } from "drizzle-orm";
import { MESSAGES } from "~/domain/messages";
import { mailAbout, RECORD_KINDS } from "~/domain/record-kinds";
import { ERASURE_MESSAGES } from "~/domain/personal-data";
import type { Database } from "../../db/client";
import { courseLikes, familyUpdates, mailOutbox, users } from "../../db/schema";
import { mailsOf } from "./account-data.server";
import { badRequest, unauthorized } from "./errors";
import type { MailOutbox } from "./mail/outbox.server";
import type { PasswordHasher } from "./password.server";
import { storesWith, type RecordOwner } from "./record-kinds/index.server";
import { ownedBy } from "./record-kinds/ownership.server";
import type { RecordEvent, RecordHistory } from "./record-history.server";

/** What an erasure removed (the confirmation mail and the history note give these counts). */
export type ErasureCounts = {
  applications: number;
  demoRequests: number;
  orders: number;
  courseLikes: number;
  teacherApplications: number;
};

const plural = (total: number, one: string, many = `${one}s`) => `${total} ${total === 1 ? one : many}`;

/** The history's note: counts only, never who. */
const erasureNote = (counts: ErasureCounts) =>
  `Account erased at the owner's request: ${plural(counts.applications, "application")}, ${plural(counts.demoRequests, "demo request")}, ${plural(counts.teacherApplications, "teacher registration")} and ${plural(counts.courseLikes, "course like")} erased; ${plural(counts.orders, "order")} kept without personal fields.`;

/**
 * "Delete my account" (issue 20, decision 0037). The owner confirms with their password; the whole
 * erasure is one transaction, refused while a payment is in progress, so it is all done or none.
 */
export function createAccountErasureService({
  db,
  passwords,
  outbox,
  history,
}: {
  db: Database;
  passwords: Pick<PasswordHasher, "verify">;
  outbox: MailOutbox;
  history: RecordHistory;
}) {
  return {
    /**
     * Erases the account and anonymises its records (decision 0028 says which are its own):
     * applications, demo requests and teacher registrations (with their CVs) lose their personal
     * fields, course likes, reset and
     * verification links go, orders keep amounts, dates, status and payment ids without names or
     * contact (and the gateway's copies of the payment, which carry them, are removed), the mails
     * about the account and its records that are not being delivered right now are deleted. Then
     * a confirmation is queued to the address, the erasure written to the history (counts only),
     * and the account deleted: every session ends, since a token is only honoured for an account
     * that exists.
     */
    async erase(userId: number, { currentPassword }: { currentPassword: string }): Promise<ErasureCounts> {
      const [account] = await db
        .select({
          email: users.email,
          role: users.role,
          passwordHash: users.passwordHash,
          verifiedAt: users.emailVerifiedAt,
          language: users.language,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!account) throw unauthorized(MESSAGES.auth.signInRequired);
      if (account.role === "ADMIN") throw badRequest(ERASURE_MESSAGES.adminAccount);
      if (!currentPassword) {
        throw badRequest(ERASURE_MESSAGES.passwordRequired, {
          currentPassword: [ERASURE_MESSAGES.passwordRequired],
        });
      }
      if (!(await passwords.verify(currentPassword, account.passwordHash))) {
        throw badRequest(MESSAGES.auth.wrongCurrentPassword, {
          currentPassword: [MESSAGES.auth.wrongCurrentPassword],
        });
      }
      const owner: RecordOwner = { id: userId, email: account.email, verified: account.verifiedAt !== null };
      const mail = await outbox.prepare();

      return db.transaction(async (tx) => {
        // Holds the account (a second erasure waits, then finds nothing) and its orders (a payment
        // arriving now waits until this has decided).
        const [locked] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, userId))
          .for("update");
        if (!locked) throw unauthorized(MESSAGES.auth.signInRequired);
        const stores = storesWith("erasure");
        for (const { erasure } of stores) await erasure.refuse?.(tx, owner);
        const erased: { kind: (typeof stores)[number]["kind"]; ids: (string | number)[] }[] = [];
        for (const { kind, table, id, ownerColumns, erasure } of stores) {
          const rows = await tx
            .update(table)
            .set(erasure.fields)
            .where(ownedBy(ownerColumns!, owner))
            .returning({ id });
          const ids = rows.map((row) => row.id as string | number);
          if (ids.length > 0) await erasure.after?.(tx, ids);
          erased.push({ kind, ids });
        }
        const likes = await tx
          .delete(courseLikes)
          .where(eq(courseLikes.userId, userId))
          .returning({ courseId: courseLikes.courseId });

        const aboutRecords = erased.flatMap(({ kind, ids }) => ids.map((id) => mailAbout(kind, id)));
        await tx
          .delete(mailOutbox)
          .where(
            and(
              ne(mailOutbox.status, "SENDING"),
              aboutRecords.length
                ? or(mailsOf(owner), inArray(mailOutbox.about, aboutRecords))
                : mailsOf(owner),
            ),
          );

        // The WhatsApp and SMS updates about them too (issue 39); one being sent right now stays
        // until its outcome is known, as a mail does.
        if (aboutRecords.length)
          await tx
            .delete(familyUpdates)
            .where(and(ne(familyUpdates.status, "SENDING"), inArray(familyUpdates.about, aboutRecords)));

        const counts = {
          ...Object.fromEntries(
            erased.map(({ ids }, index) => [stores[index]!.erasure.countedAs, ids.length]),
          ),
          courseLikes: likes.length,
        } as ErasureCounts;
        await mail.queue(tx, {
          kind: "accountDeleted",
          to: account.email,
          about: `user:${userId}`,
          // The account's language: the row is gone by the time the mail is drawn.
          data: { erasedAt: new Date(), ...counts, language: account.language },
        });
        const anonymised = "Personal fields removed: the owner's account was erased";
        await history.add(
          tx,
          ...erased.flatMap(({ kind, ids }) =>
            ids.map((id): RecordEvent => ({
              recordType: RECORD_KINDS[kind].recordType!,
              recordId: id,
              kind: "ANONYMISED",
              note: anonymised,
            })),
          ),
          // Last, so it heads the newest-first history above the records it anonymised.
          { recordType: "USER", recordId: userId, kind: "ERASED", note: erasureNote(counts) },
        );
        // Reset and verification links go with the account (ON DELETE CASCADE), as do its likes.
        await tx.delete(users).where(eq(users.id, userId));
        return counts;
      });
    },
  };
}
