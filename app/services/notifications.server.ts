import { eq, gt, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { BELL_KINDS, type BellKind } from "~/domain/record-kinds";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import { storeWith, type RecordStore } from "./record-kinds/index.server";

/**
 * What the bell counts (new applications, demo requests, teacher applications and paid orders):
 * the kinds app/domain/record-kinds.ts gives a bell section, in its order.
 */
export type NotificationKind = BellKind;

/**
 * Each kind is counted up to this many, never further: the bell shows "99+" beyond 99, and a
 * bounded count reads at most this many index entries however long an admin has not looked.
 */
export const COUNTED_UP_TO = 100;

/** How many of each kind the notifications page lists, newest first. */
const LISTED_PER_KIND = 20;

/** New items per kind since the admin last looked, each at most COUNTED_UP_TO, and their sum. */
export type NotificationCounts = Record<NotificationKind, number> & { total: number };

/** One new record as the notifications page lists it; `at` is when it arrived (orders: when paid). */
export type NotificationItem = { id: string; title: string; detail: string; at: Date };

export type NotificationList = {
  counts: NotificationCounts;
  items: Record<NotificationKind, NotificationItem[]>;
  /**
   * When the newest listed item arrived, to the microsecond (ISO 8601): "Mark all as seen" sends
   * it back. Null when nothing is new.
   */
  newestAt: string | null;
};

/** One value per bell kind, in the bell's order. */
const perKind = <Value>(value: (kind: NotificationKind) => Value) =>
  Object.fromEntries(BELL_KINDS.map((kind) => [kind, value(kind)])) as Record<NotificationKind, Value>;

/**
 * Where each kind arrives: its table, the moment that makes it new, and how an item is named
 * (each kind's store declares its `bell`: app/services/record-kinds/).
 */
const SOURCES = perKind((kind): NonNullable<RecordStore["bell"]> & { table: PgTable; id: SQL<string> } => {
  const { table, id, bell } = storeWith(kind, "bell");
  return { table, id: sql<string>`${id}::text`, ...bell };
});

/** An admin who never looked has seen nothing: everything counts. */
const seenAtOf = (seenAt: SQL | PgColumn) => sql`coalesce(${seenAt}, '-infinity'::timestamptz)`;

/** A moment to the microsecond in UTC, which a JavaScript Date (milliseconds) would cut short. */
const isoMicros = (at: PgColumn) =>
  sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Newest first, the order the kinds' indexes on their moment keep (DESC, NULLS FIRST: db/schema.ts):
 * the database walks the index from its newest end and stops at the limit instead of sorting
 * every match.
 */
const newestFirst = (at: PgColumn) => sql`${at} desc`;

/** Newer than `since`, counted up to COUNTED_UP_TO (at most that many index entries read). */
function countedSince(kind: NotificationKind, since: SQL) {
  const { table, at } = SOURCES[kind];
  return sql<number>`(select count(*)::int from (select 1 from ${table} where ${at} > ${since} order by ${newestFirst(at)} limit ${sql.raw(String(COUNTED_UP_TO))}) as newer)`;
}

/**
 * The admin bell (issue 19 point 2): what arrived since this admin last marked notifications as
 * seen (users.notifications_seen_at, one per admin). Counting runs on every admin page, so it is
 * one bounded statement.
 */
export function createNotificationsService(db: Database) {
  // Prepared once: every admin page reads it (issue 41: a statement planned once per connection).
  const counted = db
    .select(perKind((kind) => countedSince(kind, seenAtOf(users.notificationsSeenAt))))
    .from(users)
    .where(eq(users.id, sql.placeholder("adminId")))
    .prepare("notifications_counted");

  async function count(adminId: number): Promise<NotificationCounts> {
    const [row] = await counted.execute({ adminId });
    const counts = row ?? perKind(() => 0);
    return { ...counts, total: BELL_KINDS.reduce((sum, kind) => sum + counts[kind], 0) };
  }

  async function newestOf(kind: NotificationKind, since: SQL) {
    const { table, at, id, title, detail } = SOURCES[kind];
    return db
      .select({ id, title, detail, at, exactAt: isoMicros(at) })
      .from(table)
      .where(gt(at, since))
      .orderBy(newestFirst(at))
      .limit(LISTED_PER_KIND);
  }

  return {
    /** The bell's figure: new items per kind since the admin last looked. */
    count,

    /** The notifications page: the newest new items of each kind, with the counts. */
    async list(adminId: number): Promise<NotificationList> {
      // Read in the database, not through a JavaScript Date, which would cut it to milliseconds.
      const since = seenAtOf(
        sql`(select ${users.notificationsSeenAt} from ${users} where ${users.id} = ${adminId})`,
      );
      const [counts, ...lists] = await Promise.all([
        count(adminId),
        ...BELL_KINDS.map((kind) => newestOf(kind, since)),
      ]);
      const rows = lists.flat();
      const newestAt = rows.reduce<string | null>(
        // Same fixed-width UTC format throughout, so text order is time order.
        (newest, row) => (newest === null || row.exactAt > newest ? row.exactAt : newest),
        null,
      );
      const items = perKind((kind) =>
        lists[BELL_KINDS.indexOf(kind)]!.map(({ id, title, detail, at }) => ({ id, title, detail, at: at! })),
      );
      return { counts, items, newestAt };
    },

    /**
     * "Mark all as seen" up to `newestAt`, the newest item the admin's page showed, rather than
     * the moment the button was pressed: anything that arrived after the page was loaded is
     * newer than what it showed, so it stays new. The mark never moves back (another tab showing
     * an older page) and never past now (a forged value cannot hide what has yet to arrive).
     */
    async markSeen(adminId: number, newestAt: string): Promise<void> {
      const seenAt = users.notificationsSeenAt;
      await db
        .update(users)
        .set({
          notificationsSeenAt: sql`greatest(${seenAtOf(seenAt)}, least(${newestAt}::timestamptz, now()))`,
        })
        .where(eq(users.id, adminId));
    },
  };
}
