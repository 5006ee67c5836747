import { desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { ApplicationStatus, DemoStatus, OrderStatus } from "~/domain/statuses";
import type { Database } from "../../db/client";
import { applications, demoRequests, orders, users } from "../../db/schema";
import { PAYABLE } from "./payments/recorder.server";

/** The most of each kind the profile lists, newest first; it says when there are more. */
export const FAMILY_RECORDS_SHOWN = 50;

/** Orders whose receipt exists: paid, then perhaps refunded in part or whole. */
const RECEIPTED: readonly OrderStatus[] = ["PAID", "PARTIALLY_REFUNDED", "REFUNDED"];

type FamilyApplication = {
  id: number;
  studentName: string;
  grade: string;
  status: ApplicationStatus;
  createdAt: Date;
};
type FamilyDemo = {
  id: number;
  studentName: string;
  grade: string;
  preferredDateTime: string;
  status: DemoStatus;
  createdAt: Date;
};
type FamilyOrder = {
  id: string;
  studentName: string;
  grade: string;
  /** Paise. */
  amount: number;
  status: OrderStatus;
  createdAt: Date;
  paidAt: Date | null;
  /** The order's page while it can be paid (CREATED, FAILED), else null. */
  payPath: string | null;
  /** The printable receipt once paid (also after a refund), else null. */
  receiptPath: string | null;
};

/** Up to FAMILY_RECORDS_SHOWN rows of one kind, and whether older ones were left out. */
export type Listed<Row> = { rows: Row[]; more: boolean };

export type FamilyRecords = {
  /** The account's address, and whether its owner has proved it (the link mailed at registration). */
  email: string;
  verified: boolean;
  applications: Listed<FamilyApplication>;
  demos: Listed<FamilyDemo>;
  orders: Listed<FamilyOrder>;
};

const listed = <Row>(rows: Row[]): Listed<Row> => ({
  rows: rows.slice(0, FAMILY_RECORDS_SHOWN),
  more: rows.length > FAMILY_RECORDS_SHOWN,
});

/** An account as the ownership rule needs it: its id, its address, and whether that address is proved. */
export type RecordOwner = { id: number; email: string; verified: boolean };

/**
 * Rows of a table that belong to the account (decision 0028; the profile, the data export and the
 * erasure all ask this): one `or` of the two indexed conditions (user_id, lower(email)), so
 * PostgreSQL can combine both indexes.
 */
export function belongsTo(
  table: typeof applications | typeof demoRequests | typeof orders,
  account: RecordOwner,
): SQL | undefined {
  const bySession = eq(table.userId, account.id);
  if (!account.verified) return bySession;
  return or(bySession, eq(sql`lower(${table.email})`, account.email.toLowerCase()));
}

/**
 * What a parent's profile shows (issue 18, decision 0028): the applications, demo requests and
 * orders that belong to the account. A record belongs to it when it was sent while the account
 * was signed in, or when its e-mail is the account's address and that address is verified; an
 * address typed into a form proves nothing until its owner has followed the mailed link, so
 * before that only the account's own submissions show.
 */
export function createFamilyRecordsService(db: Database) {
  return {
    /** The account's records of each kind, newest first; null when the account no longer exists. */
    async forUser(userId: number): Promise<FamilyRecords | null> {
      const [row] = await db
        .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) return null;
      const account = { id: userId, email: row.email, verified: row.verifiedAt !== null };
      const take = FAMILY_RECORDS_SHOWN + 1;
      const [applicationRows, demoRows, orderRows] = await Promise.all([
        db
          .select({
            id: applications.id,
            studentName: applications.studentName,
            grade: applications.grade,
            status: applications.status,
            createdAt: applications.createdAt,
          })
          .from(applications)
          .where(belongsTo(applications, account))
          .orderBy(desc(applications.createdAt), desc(applications.id))
          .limit(take),
        db
          .select({
            id: demoRequests.id,
            studentName: demoRequests.studentName,
            grade: demoRequests.grade,
            preferredDateTime: demoRequests.preferredDateTime,
            status: demoRequests.status,
            createdAt: demoRequests.createdAt,
          })
          .from(demoRequests)
          .where(belongsTo(demoRequests, account))
          .orderBy(desc(demoRequests.createdAt), desc(demoRequests.id))
          .limit(take),
        db
          .select({
            id: orders.id,
            studentName: orders.studentName,
            grade: orders.grade,
            amount: orders.amount,
            status: orders.status,
            createdAt: orders.createdAt,
            paidAt: orders.paidAt,
            linkToken: orders.linkToken,
          })
          .from(orders)
          .where(belongsTo(orders, account))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(take),
      ]);
      return {
        email: account.email,
        verified: account.verified,
        applications: listed(applicationRows),
        demos: listed(demoRows),
        orders: listed(
          orderRows.map(({ linkToken, ...order }) => ({
            ...order,
            payPath: (PAYABLE as readonly string[]).includes(order.status) ? `/pay/${linkToken}` : null,
            receiptPath: RECEIPTED.includes(order.status) ? `/receipt/${linkToken}` : null,
          })),
        ),
      };
    },
  };
}
