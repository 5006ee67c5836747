import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { MessageFilter } from "~/domain/message-filter";
import { indianMobile } from "~/domain/phone";
import { mailSubject, RECORD_KINDS } from "~/domain/record-kinds";
import {
  isResendable,
  maskedNumber,
  messageName,
  UPDATE_CHANNEL_LABELS,
  UPDATE_STATUSES,
  type UpdateChannel,
  type UpdateStatus,
} from "~/domain/updates";
import type { Database } from "../../../db/client";
import { familyUpdates, updateOptOuts } from "../../../db/schema";
import { AppError, notFound } from "../errors";
import { byAge, pageOf, type FilteredPage, type ReadRows } from "../paging.server";
import type { RecordHistory } from "../record-history.server";

/**
 * One message as staff see it: never the full number (masked) and never its text, which is the
 * template filled with the family's details; its kind says what it was.
 */
export type MessageSummary = {
  id: number;
  createdAt: Date;
  channel: UpdateChannel;
  kind: string;
  number: string;
  status: UpdateStatus;
  attempts: number;
  providerId: string | null;
  lastError: string | null;
  errorCode: number | null;
  sentAt: Date | null;
  deliveredAt: Date | null;
  readAt: Date | null;
  failedAt: Date | null;
  about: string | null;
  fallbackOf: number | null;
  resentFrom: number | null;
  /** The message that sent this one again, if a person did. */
  resentAs: number | null;
};

/** A family's choices about one number, as its record's page shows them (issue 39 point 3). */
export type UpdateChoices = {
  number: string | null;
  whatsappAgreedAt: Date | null;
  optedOut: { channel: UpdateChannel; source: string; at: Date }[];
};

// Qualified by hand: Drizzle writes a one-table query's columns unqualified, which inside this
// sub-select would name the inner row's own id.
const resentAs = sql<
  number | null
>`(select r.id from family_updates r where r.resent_from = "family_updates"."id")`;

const summary = {
  id: familyUpdates.id,
  createdAt: familyUpdates.createdAt,
  channel: familyUpdates.channel,
  kind: familyUpdates.kind,
  toNumber: familyUpdates.toNumber,
  status: familyUpdates.status,
  attempts: familyUpdates.attempts,
  providerId: familyUpdates.providerId,
  lastError: familyUpdates.lastError,
  errorCode: familyUpdates.errorCode,
  sentAt: familyUpdates.sentAt,
  deliveredAt: familyUpdates.deliveredAt,
  readAt: familyUpdates.readAt,
  failedAt: familyUpdates.failedAt,
  about: familyUpdates.about,
  fallbackOf: familyUpdates.fallbackOf,
  resentFrom: familyUpdates.resentFrom,
  resentAs: resentAs.as("resent_as"),
};

type SummaryRow = Omit<MessageSummary, "number"> & { toNumber: string };
const masked = ({ toNumber, ...row }: SummaryRow): MessageSummary => ({
  ...row,
  number: maskedNumber(toNumber),
});

const ALREADY_SENT_AGAIN = (row: { id: number; channel: UpdateChannel; kind: string }, again: number) =>
  `${messageName(row)} was already sent again, as #${again}. Nothing more was sent.`;

/**
 * What staff do with the WhatsApp and SMS updates (issue 39 points 3 and 6): the list with its
 * filters and counts, a record's messages, a family's choices, and "Send again" for a message that
 * failed or whose fate is unknown. The outbox (outbox.server.ts) sends; this only reads and queues.
 */
export function createUpdatesAdmin({
  db,
  history,
  channels,
}: {
  db: Database;
  history: Pick<RecordHistory, "add">;
  /** Which channels this site has configured: the list says when one is off. */
  channels: { whatsapp: boolean; sms: boolean };
}) {
  const where = (filter: Partial<MessageFilter>, status?: UpdateStatus | null): SQL | undefined =>
    and(
      status ? eq(familyUpdates.status, status) : undefined,
      filter.channel ? eq(familyUpdates.channel, filter.channel) : undefined,
    );

  const countWhere = async (condition: SQL | undefined) =>
    (await db.select({ total: count() }).from(familyUpdates).where(condition))[0]?.total ?? 0;

  return {
    channels,

    /**
     * A page of messages, newest first, under the filters, with how many each status has under
     * the channel filter (the status tabs). One grouped count, not one per status.
     */
    async listPage(
      filter: Partial<MessageFilter> & { page?: number },
    ): Promise<FilteredPage<MessageSummary, UpdateStatus>> {
      const condition = where(filter, filter.status);
      const rows: ReadRows<MessageSummary> = async (order, limit, offset) =>
        (
          (await db
            .select(summary)
            .from(familyUpdates)
            .where(condition)
            .orderBy(...byAge(order, familyUpdates.createdAt, familyUpdates.id))
            .limit(limit)
            .offset(offset)) as SummaryRow[]
        ).map(masked);
      const [page, grouped] = await Promise.all([
        pageOf({ page: filter.page ?? 1 }, { count: () => countWhere(condition), rows }),
        db
          .select({ status: familyUpdates.status, total: count() })
          .from(familyUpdates)
          .where(where(filter))
          .groupBy(familyUpdates.status),
      ]);
      const counts = Object.fromEntries(UPDATE_STATUSES.map((status) => [status, 0])) as Record<
        UpdateStatus,
        number
      >;
      for (const { status, total } of grouped) counts[status] = total;
      return { ...page, counts };
    },

    /** The messages about one record ("application:12"), newest first. */
    async forRecord(about: string): Promise<MessageSummary[]> {
      const rows = (await db
        .select(summary)
        .from(familyUpdates)
        .where(eq(familyUpdates.about, about))
        .orderBy(desc(familyUpdates.createdAt), desc(familyUpdates.id))) as SummaryRow[];
      return rows.map(masked);
    },

    /** What the family chose for the number on a record: WhatsApp's permission and any opt-outs. */
    async choicesOf(record: { mobile: string; whatsappUpdatesAt: Date | null }): Promise<UpdateChoices> {
      const number = indianMobile(record.mobile);
      const optedOut = number
        ? await db
            .select({
              channel: updateOptOuts.channel,
              source: updateOptOuts.source,
              at: updateOptOuts.optedOutAt,
            })
            .from(updateOptOuts)
            .where(eq(updateOptOuts.toNumber, number))
        : [];
      return { number: number && maskedNumber(number), whatsappAgreedAt: record.whatsappUpdatesAt, optedOut };
    },

    /**
     * "Send again" (issue 39 point 6): a FAILED or UNCERTAIN message is queued once more, as a new
     * message on the same channel, and the click goes in the history of the record it is about, in
     * one transaction. Once per click: the unique `resent_from` lets a message be sent again only
     * once, so a second click (or a form posted twice) changes nothing and says so; the new
     * message, if it fails too, has its own "Send again". A number that has since switched the
     * channel off is refused: their choice wins over staff's.
     */
    async resend(id: number, actorId: number): Promise<MessageSummary> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(familyUpdates).where(eq(familyUpdates.id, id)).for("update");
        if (!row) throw notFound(RECORD_KINDS.messages.notFound);
        if (!isResendable(row.status))
          throw new AppError(
            409,
            `${messageName(row)} is ${row.status.toLowerCase()}: only a failed or uncertain message can be sent again.`,
          );
        const [optedOut] = await tx
          .select({ source: updateOptOuts.source })
          .from(updateOptOuts)
          .where(and(eq(updateOptOuts.toNumber, row.toNumber), eq(updateOptOuts.channel, row.channel)));
        if (optedOut)
          throw new AppError(
            409,
            `The family has switched ${UPDATE_CHANNEL_LABELS[row.channel]} updates off, so ${messageName(row)} cannot be sent again.`,
          );
        const [again] = await tx
          .insert(familyUpdates)
          .values({
            channel: row.channel,
            kind: row.kind,
            language: row.language,
            toNumber: row.toNumber,
            parameters: row.parameters,
            about: row.about,
            resentFrom: row.id,
          })
          .onConflictDoNothing({ target: familyUpdates.resentFrom })
          .returning({ id: familyUpdates.id });
        if (!again) {
          const [earlier] = await tx
            .select({ id: familyUpdates.id })
            .from(familyUpdates)
            .where(eq(familyUpdates.resentFrom, row.id));
          throw new AppError(409, ALREADY_SENT_AGAIN(row, earlier?.id ?? 0));
        }
        const subject = row.about ? mailSubject(row.about) : null;
        const recordType = subject ? RECORD_KINDS[subject.kind].recordType : null;
        if (subject && recordType)
          await history.add(tx, {
            recordType,
            recordId: subject.id,
            kind: "MESSAGE_RESENT",
            actorId,
            note: `${messageName(row)} sent again as #${again.id}.`,
          });
        const [created] = (await tx
          .select(summary)
          .from(familyUpdates)
          .where(inArray(familyUpdates.id, [again.id]))) as SummaryRow[];
        return masked(created!);
      });
    },
  };
}

export type UpdatesAdmin = ReturnType<typeof createUpdatesAdmin>;
