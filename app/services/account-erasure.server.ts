import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import { MESSAGES } from "~/domain/messages";
import { ERASED_EMAIL, ERASED_MOBILE, ERASED_NAME, ERASURE_MESSAGES } from "~/domain/personal-data";
import type { Database } from "../../db/client";
import {
  applications,
  courseLikes,
  demoRequests,
  mailOutbox,
  orders,
  paymentEvents,
  teacherApplications,
  teacherCvs,
  users,
} from "../../db/schema";
import { mailsOf } from "./account-data.server";
import { badRequest, unauthorized } from "./errors";
import { belongsTo, type RecordOwner } from "./family-records.server";
import type { MailOutbox } from "./mail/outbox.server";
import type { PasswordHasher } from "./password.server";
import type { RecordHistory } from "./record-history.server";

/**
 * The values that replace a record's personal fields (decision 0037), shared by the owner's
 * erasure and the retention job: names "Erased", e-mail `erased-<id>@invalid`, mobile zeros.
 * A child's date of birth keeps only its year (1 January): grade and age statistics still hold,
 * the birthday is gone. What the school needs (grade, status, amounts, dates, ids) stays.
 */
export function personalFieldsErased(table: typeof applications | typeof demoRequests | typeof orders) {
  return {
    studentName: ERASED_NAME,
    parentName: ERASED_NAME,
    mobile: ERASED_MOBILE,
    email: sql`${ERASED_EMAIL.prefix} || ${table.id}::text || ${ERASED_EMAIL.suffix}`,
    userId: null,
    anonymisedAt: sql`now()`,
  };
}
export const dobYearOnly = sql`make_date(extract(year from ${applications.dob})::int, 1, 1)`;

/**
 * A teacher registration under the erased account's verified address: the privacy notice keeps
 * them "until you ask us to erase yours". Name, city, contact and message go (the CV is deleted
 * apart); the experience band, status and dates stay for the school's hiring figures.
 */
const teacherFieldsErased = {
  name: ERASED_NAME,
  city: "",
  mobile: ERASED_MOBILE,
  email: sql`${ERASED_EMAIL.prefix} || ${teacherApplications.id}::text || ${ERASED_EMAIL.suffix}`,
  message: "",
  anonymisedAt: sql`now()`,
};

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
        const ownOrders = await tx
          .select({ id: orders.id, status: orders.status, studentName: orders.studentName })
          .from(orders)
          .where(belongsTo(orders, owner))
          .for("update");
        const pending = ownOrders.filter((order) => order.status === "CREATED");
        if (pending.length > 0) {
          throw badRequest(ERASURE_MESSAGES.pendingPayment([...new Set(pending.map((o) => o.studentName))]));
        }

        const erasedApplications = await tx
          .update(applications)
          .set({ ...personalFieldsErased(applications), dob: dobYearOnly })
          .where(belongsTo(applications, owner))
          .returning({ id: applications.id });
        const erasedDemos = await tx
          .update(demoRequests)
          .set(personalFieldsErased(demoRequests))
          .where(belongsTo(demoRequests, owner))
          .returning({ id: demoRequests.id });
        const orderIds = ownOrders.map((order) => order.id);
        if (orderIds.length > 0) {
          await tx.update(orders).set(personalFieldsErased(orders)).where(inArray(orders.id, orderIds));
          await tx
            .update(paymentEvents)
            .set({ detail: null })
            .where(inArray(paymentEvents.orderId, orderIds));
        }
        // Only under a verified address: they carry no account, and an address typed into a
        // form proves nothing until its owner followed the mailed link (decision 0028).
        const erasedTeacherApplications = owner.verified
          ? await tx
              .update(teacherApplications)
              .set(teacherFieldsErased)
              .where(eq(sql`lower(${teacherApplications.email})`, owner.email.toLowerCase()))
              .returning({ id: teacherApplications.id })
          : [];
        const teacherIds = erasedTeacherApplications.map(({ id }) => id);
        if (teacherIds.length > 0) {
          await tx.delete(teacherCvs).where(inArray(teacherCvs.applicationId, teacherIds));
        }
        const likes = await tx
          .delete(courseLikes)
          .where(eq(courseLikes.userId, userId))
          .returning({ courseId: courseLikes.courseId });

        const aboutRecords = [
          ...erasedApplications.map(({ id }) => `application:${id}`),
          ...erasedDemos.map(({ id }) => `demo:${id}`),
          ...orderIds.map((id) => `order:${id}`),
          ...teacherIds.map((id) => `teacher-application:${id}`),
        ];
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

        const counts: ErasureCounts = {
          applications: erasedApplications.length,
          demoRequests: erasedDemos.length,
          orders: orderIds.length,
          courseLikes: likes.length,
          teacherApplications: teacherIds.length,
        };
        await mail.queue(tx, {
          kind: "accountDeleted",
          to: account.email,
          about: `user:${userId}`,
          data: { erasedAt: new Date(), ...counts },
        });
        const anonymised = "Personal fields removed: the owner's account was erased";
        await history.add(
          tx,
          ...erasedApplications.map(({ id }) => ({
            recordType: "APPLICATION" as const,
            recordId: id,
            kind: "ANONYMISED" as const,
            note: anonymised,
          })),
          ...erasedDemos.map(({ id }) => ({
            recordType: "DEMO_REQUEST" as const,
            recordId: id,
            kind: "ANONYMISED" as const,
            note: anonymised,
          })),
          ...orderIds.map((id) => ({
            recordType: "ORDER" as const,
            recordId: id,
            kind: "ANONYMISED" as const,
            note: anonymised,
          })),
          ...teacherIds.map((id) => ({
            recordType: "TEACHER_APPLICATION" as const,
            recordId: id,
            kind: "ANONYMISED" as const,
            note: anonymised,
          })),
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
