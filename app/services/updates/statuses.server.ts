import { and, eq, lt, sql } from "drizzle-orm";
import { UPDATE_STATUS_RANK, WHATSAPP_UNREACHABLE_CODES, type UpdateStatus } from "~/domain/updates";
import type { Executor } from "../../../db/client";
import { earlyUpdateStatuses, familyUpdates, type FamilyUpdateRow } from "../../../db/schema";

/** One status WhatsApp reported for a message it took, as the webhook read it. */
export type ReportedStatus = {
  providerId: string;
  status: UpdateStatus;
  at: Date;
  errorCode?: number | null;
  errorTitle?: string | null;
};

/** The statuses in the order they happen, as PostgreSQL compares them: later only ever replaces earlier. */
const ORDERED = sql.raw(
  `array[${Object.entries(UPDATE_STATUS_RANK)
    .sort(([, a], [, b]) => a - b)
    .map(([status]) => `'${status}'`)
    .join(",")}]::update_status[]`,
);
const rankOf = (status: UpdateStatus) => sql`array_position(${ORDERED}, ${status}::update_status)`;
const currentRank = sql`array_position(${ORDERED}, ${familyUpdates.status})`;

const isUnreachable = (code: number | null | undefined) =>
  code !== null && code !== undefined && (WHATSAPP_UNREACHABLE_CODES as readonly number[]).includes(code);

/** What a status did: moved its message on, found it further along already, or named no message of ours yet. */
export type StatusApplied = "changed" | "unchanged" | "early";

/**
 * Applies one WhatsApp status to its message (issue 39 point 5), in the caller's transaction:
 * only ever forward (a late "sent" never undoes "read"), so any order and any repeat give the
 * same end. A failure meaning the number cannot get WhatsApp sends the update once by SMS
 * (`fallBackToSms`). A status for an id no message has yet is kept as early, to be applied when
 * the send's answer is recorded (applyEarlyStatuses).
 */
export async function applyStatus(
  executor: Executor,
  reported: ReportedStatus,
  fallBackToSms: (executor: Executor, failed: FamilyUpdateRow) => Promise<boolean>,
): Promise<StatusApplied> {
  const { status, at } = reported;
  const [updated] = await executor
    .update(familyUpdates)
    .set({
      status,
      lockedUntil: null,
      ...(status === "SENT" ? { sentAt: sql`coalesce(${familyUpdates.sentAt}, ${at})` } : {}),
      ...(status === "DELIVERED" || status === "READ"
        ? { deliveredAt: sql`coalesce(${familyUpdates.deliveredAt}, ${at})` }
        : {}),
      ...(status === "READ" ? { readAt: at } : {}),
      ...(status === "FAILED"
        ? {
            failedAt: at,
            errorCode: reported.errorCode ?? null,
            lastError: reported.errorTitle ?? "WhatsApp could not deliver the message.",
          }
        : {}),
    })
    .where(
      and(
        eq(familyUpdates.channel, "WHATSAPP"),
        eq(familyUpdates.providerId, reported.providerId),
        sql`${currentRank} < ${rankOf(status)}`,
      ),
    )
    .returning();
  if (updated) {
    if (status === "FAILED" && isUnreachable(reported.errorCode)) await fallBackToSms(executor, updated);
    return "changed";
  }
  const [known] = await executor
    .select({ id: familyUpdates.id })
    .from(familyUpdates)
    .where(and(eq(familyUpdates.channel, "WHATSAPP"), eq(familyUpdates.providerId, reported.providerId)));
  if (known) return "unchanged";
  // Ours or not, it cannot be told yet: kept a day for the send whose answer is still on its way.
  await executor
    .delete(earlyUpdateStatuses)
    .where(lt(earlyUpdateStatuses.receivedAt, sql`now() - interval '1 day'`));
  await executor
    .insert(earlyUpdateStatuses)
    .values({
      providerId: reported.providerId,
      status,
      reportedAt: at,
      errorCode: reported.errorCode ?? null,
      errorTitle: reported.errorTitle ?? null,
    })
    .onConflictDoNothing();
  return "early";
}

/**
 * The statuses that arrived before this message's id was recorded, applied now (in the
 * transaction that records the id) and forgotten.
 */
export async function applyEarlyStatuses(
  executor: Executor,
  providerId: string,
  fallBackToSms: (executor: Executor, failed: FamilyUpdateRow) => Promise<boolean>,
): Promise<number> {
  const early = await executor
    .delete(earlyUpdateStatuses)
    .where(eq(earlyUpdateStatuses.providerId, providerId))
    .returning();
  for (const row of early)
    await applyStatus(
      executor,
      {
        providerId,
        status: row.status,
        at: row.reportedAt,
        errorCode: row.errorCode,
        errorTitle: row.errorTitle,
      },
      fallBackToSms,
    );
  return early.length;
}
