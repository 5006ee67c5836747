import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { ACCOUNT_STATES, type AccountState } from "~/domain/list-query";
import { MESSAGES } from "~/domain/messages";
import type { Role } from "~/domain/statuses";
import type { Database, Executor } from "../../db/client";
import { SEARCH_TEXT, users } from "../../db/schema";
import { conflict, notFound } from "./errors";
import { matchesText, withinDays } from "./paging.server";
import { recordList } from "./record-list.server";
import type { RecordHistory } from "./record-history.server";

/** An account as staff manage it on /admin/users: never a hash or a session. */
export type ManagedUser = {
  id: number;
  name: string;
  email: string;
  role: Role;
  disabledAt: Date | null;
  createdAt: Date;
};

const managed = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
};

/** How an account's use is written in its history: the "status" a disable or enable moves. */
const USE = { active: "ACTIVE", disabled: "DISABLED" } as const;

/**
 * Staff's changes to accounts (issue 19 point 6): the ADMIN role given or taken, an account
 * disabled or enabled again. Each change is written to the account's history in its transaction.
 * The site always keeps one active ADMIN: the last one can be neither demoted nor disabled.
 */
export function createUserAdmin({ db, history }: { db: Database; history: Pick<RecordHistory, "add"> }) {
  /** The users list: `status` is the account's state, Active or Disabled, its tabs. */
  const staffList = recordList<ManagedUser, AccountState>({
    db,
    table: users,
    id: users.id,
    createdAt: users.createdAt,
    select: (extra) =>
      db
        .select({ ...managed, ...extra })
        .from(users)
        .$dynamic(),
    filtered: (filter) =>
      and(
        filter.role ? eq(users.role, filter.role) : undefined,
        withinDays(users.createdAt, filter),
        matchesText(SEARCH_TEXT.user(users), filter.q),
      ),
    tabs: {
      values: ACCOUNT_STATES,
      of: sql<AccountState>`case when ${users.disabledAt} is null then 'ACTIVE' else 'DISABLED' end`,
      where: (state) => (state === "DISABLED" ? isNotNull(users.disabledAt) : isNull(users.disabledAt)),
    },
  });

  /**
   * The account, locked for this transaction, with the number of active admins counted under a
   * lock on them too: two staff demoting the last two admins at once are served one after the
   * other, and the second finds one admin left.
   */
  async function lockForChange(tx: Executor, userId: number) {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "ADMIN"), isNull(users.disabledAt)))
      .for("update");
    const [target] = await tx.select(managed).from(users).where(eq(users.id, userId)).for("update");
    if (!target) throw notFound(MESSAGES.users.notFound);
    const isActiveAdmin = target.role === "ADMIN" && target.disabledAt === null;
    return { target, lastActiveAdmin: isActiveAdmin && admins.length <= 1 };
  }

  return {
    /** The users list under its filters (`status` is the account's state), with each state's count. */
    listPage: staffList.listPage,

    /** Every account under `filter`, in its order, in batches (the CSV export). */
    exportRows: staffList.exportRows,

    /** Gives or takes the ADMIN role; it takes effect on the account's next request. */
    async setRole(actorId: number, userId: number, role: Role): Promise<ManagedUser> {
      return db.transaction(async (tx) => {
        const { target, lastActiveAdmin } = await lockForChange(tx, userId);
        if (target.role === role) return target;
        if (role !== "ADMIN" && lastActiveAdmin) throw conflict(MESSAGES.users.lastAdmin);
        const [changed] = await tx.update(users).set({ role }).where(eq(users.id, userId)).returning(managed);
        await history.add(tx, {
          recordType: "USER",
          recordId: userId,
          kind: "STATUS_CHANGED",
          actorId,
          fromStatus: target.role,
          toStatus: role,
        });
        return changed!;
      });
    },

    /**
     * Disables an account (it cannot sign in, and every session it has ends at once: the session
     * version is raised in the same statement) or lets it be used again.
     */
    async setDisabled(actorId: number, userId: number, disabled: boolean): Promise<ManagedUser> {
      return db.transaction(async (tx) => {
        const { target, lastActiveAdmin } = await lockForChange(tx, userId);
        if ((target.disabledAt !== null) === disabled) return target;
        if (disabled && userId === actorId) throw conflict(MESSAGES.users.notYourself);
        if (disabled && lastActiveAdmin) throw conflict(MESSAGES.users.lastAdmin);
        const [changed] = await tx
          .update(users)
          .set(
            disabled
              ? { disabledAt: sql`now()`, sessionVersion: sql`${users.sessionVersion} + 1` }
              : { disabledAt: null },
          )
          .where(eq(users.id, userId))
          .returning(managed);
        await history.add(tx, {
          recordType: "USER",
          recordId: userId,
          kind: "STATUS_CHANGED",
          actorId,
          fromStatus: disabled ? USE.active : USE.disabled,
          toStatus: disabled ? USE.disabled : USE.active,
        });
        return changed!;
      });
    },
  };
}
