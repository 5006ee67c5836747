import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { MESSAGES } from "~/domain/messages";
import { indianMobile } from "~/domain/phone";
import { UPDATE_CHOICES, UPDATE_CHOICES_UNREADABLE } from "~/domain/update-choices";
import { UPDATE_CHANNELS, type UpdateChannel } from "~/domain/updates";
import type { Database, Executor } from "../../../db/client";
import { applications, demoRequests, orders, updateOptOuts, users } from "../../../db/schema";
import { badRequest, unauthorized } from "../errors";
import { ownedBy, ownerOf, preparedPerOwner, type RecordOwner } from "../record-kinds/ownership.server";

/**
 * A box as a form posts it: "on" when ticked, left out when not (a program may send true or
 * false). Anything else is not a choice anyone made, so nothing is changed.
 */
const box = z
  .union([z.boolean(), z.literal("on")])
  .optional()
  .transform((value) => value === true || value === "on");

/** What "Save my choices" posts: one box per channel, each on or off. */
const updateChoicesInput = z.object({ [UPDATE_CHOICES.whatsapp]: box, [UPDATE_CHOICES.sms]: box });

/**
 * Where a STOP sent on WhatsApp came from (app/services/updates/webhook.server.ts): the phone
 * itself. A profile holds numbers typed into forms, never proved to be the account's, so it may
 * switch WhatsApp off for them but not undo what the phone's owner asked: only a START from that
 * phone does.
 */
const STOPPED_FROM_THE_PHONE = "whatsapp-stop";
const FROM_THE_PROFILE = "profile";

/**
 * The opt-outs a profile's switch may lift: the ones its account set, and those set on a profile
 * before opt-outs named their account (any account with the number could lift them then). Never
 * the phone's STOP, nor what another account that gave the same number switched off: anyone may
 * type a number into a form, so that would let a stranger switch a family's updates back on.
 */
const liftableBy = (userId: number) =>
  and(
    eq(updateOptOuts.source, FROM_THE_PROFILE),
    or(eq(updateOptOuts.setBy, userId), isNull(updateOptOuts.setBy)),
  );

/** The family's records: what belongs to an account (decision 0028), personal details not erased. */
const FAMILY_TABLES = [applications, demoRequests, orders] as const;
type FamilyTable = (typeof FAMILY_TABLES)[number];
const ownRows = (table: FamilyTable, owner: RecordOwner) =>
  and(ownedBy(table, owner), isNull(table.anonymisedAt));

/** The mobiles on the family's records (`owned`: the ownership rule) and each one's WhatsApp choice, in one statement. */
function numbersQuery(executor: Executor, owned: (table: FamilyTable) => SQL | undefined) {
  const [first, second, third] = FAMILY_TABLES.map((table) =>
    executor
      .select({ mobile: table.mobile, whatsappUpdatesAt: table.whatsappUpdatesAt })
      .from(table)
      .where(and(owned(table), isNull(table.anonymisedAt))),
  );
  return first!.unionAll(second!).unionAll(third!);
}

/** Each number (E.164) of the rows, with whether a record of it has the WhatsApp choice. */
function chosenNumbers(rows: { mobile: string; whatsappUpdatesAt: Date | null }[]): Map<string, boolean> {
  const chosen = new Map<string, boolean>();
  for (const row of rows) {
    // Older records may hold a number that is no Indian mobile: no update goes to it anyway.
    const number = indianMobile(row.mobile);
    if (number) chosen.set(number, (chosen.get(number) ?? false) || row.whatsappUpdatesAt !== null);
  }
  return chosen;
}

/** One of the family's numbers and its channels now. */
type NumberChoices = {
  /** E.164, as the updates are sent to it. */
  number: string;
  /** As the page shows it: "+91 ••••••3210". */
  masked: string;
  whatsapp: boolean;
  sms: boolean;
  /** A STOP from the phone switched WhatsApp off: only a START from it switches it on again. */
  stoppedOnWhatsApp: boolean;
  /** Channels another account that gave this number switched off: only it can switch them on. */
  offByAnother: UpdateChannel[];
};

/**
 * The account's choices: a channel is on when it is on for every number of the family (what a
 * save of the box sets), so a ticked box never hides a number the updates do not reach.
 */
type UpdateChoices = { numbers: NumberChoices[]; whatsapp: boolean; sms: boolean };

/**
 * The parent's switches of WhatsApp and SMS updates on /profile (issue 39 point 3, decision
 * 0052). The family's numbers are the mobiles on the account's records; the outbox decides each
 * update by the record's WhatsApp choice (its time) and the number's opt-outs, so the switches are
 * written there: WhatsApp on gives the records without a choice its time and lifts the WhatsApp
 * opt-outs this account set on the numbers (`liftableBy`); off opts the numbers out in the
 * account's name and keeps the records' times (what the family chose, and when); SMS on and off
 * lift and write the account's SMS opt-outs the same way.
 */
export function createUpdatePreferences({ db }: { db: Database }) {
  // The profile reads the numbers on every visit: prepared once (issue 41).
  const ownNumbers = preparedPerOwner("family_numbers", (owned) => numbersQuery(db, owned));

  /** The family's numbers, each with whether a record of it has the WhatsApp choice (in a transaction). */
  async function numbersOf(tx: Executor, owner: RecordOwner): Promise<Map<string, boolean>> {
    return chosenNumbers(await numbersQuery(tx, (table) => ownedBy(table, owner)));
  }

  /** The choices of the family's numbers `chosen` (the account `userId`'s), with each number's opt-outs. */
  async function choicesOf(
    executor: Executor,
    userId: number,
    chosen: Map<string, boolean>,
  ): Promise<UpdateChoices> {
    const numbers = [...chosen.keys()].sort();
    const optOuts =
      numbers.length === 0
        ? []
        : await executor
            .select({
              number: updateOptOuts.toNumber,
              channel: updateOptOuts.channel,
              source: updateOptOuts.source,
              setBy: updateOptOuts.setBy,
            })
            .from(updateOptOuts)
            .where(inArray(updateOptOuts.toNumber, numbers));
    const optedOut = (number: string, channel: UpdateChannel) =>
      optOuts.some((row) => row.number === number && row.channel === channel);
    const each = numbers.map((number) => ({
      number,
      masked: maskedNumber(number),
      whatsapp: chosen.get(number)! && !optedOut(number, "WHATSAPP"),
      sms: !optedOut(number, "SMS"),
      stoppedOnWhatsApp: optOuts.some(
        (row) => row.number === number && row.channel === "WHATSAPP" && row.source === STOPPED_FROM_THE_PHONE,
      ),
      offByAnother: UPDATE_CHANNELS.filter((channel) =>
        optOuts.some(
          (row) =>
            row.number === number && row.channel === channel && row.setBy !== null && row.setBy !== userId,
        ),
      ),
    }));
    return {
      numbers: each,
      whatsapp: each.length > 0 && each.every((choice) => choice.whatsapp),
      sms: each.length > 0 && each.every((choice) => choice.sms),
    };
  }

  async function optOut(executor: Executor, userId: number, numbers: string[], channel: UpdateChannel) {
    await executor
      .insert(updateOptOuts)
      .values(numbers.map((toNumber) => ({ toNumber, channel, source: FROM_THE_PROFILE, setBy: userId })))
      .onConflictDoNothing();
  }

  /** Lifts what the account may lift of the numbers' opt-outs on `channel`. */
  async function optIn(executor: Executor, userId: number, numbers: string[], channel: UpdateChannel) {
    await executor
      .delete(updateOptOuts)
      .where(
        and(inArray(updateOptOuts.toNumber, numbers), eq(updateOptOuts.channel, channel), liftableBy(userId)),
      );
  }

  return {
    /** The account's numbers and channels (the account as a page's session read it). */
    async forOwner(owner: RecordOwner): Promise<UpdateChoices> {
      return choicesOf(db, owner.id, chosenNumbers(await ownNumbers(owner)));
    },

    /**
     * Sets both channels for every number of the account's family, in one transaction, and
     * answers the choices as they now are. Input that is not two boxes is refused (400) before
     * anything is read; an account without a number has nothing to switch.
     */
    async save(userId: number, input: unknown): Promise<UpdateChoices> {
      const parsed = updateChoicesInput.safeParse(input ?? {});
      if (!parsed.success) throw badRequest(UPDATE_CHOICES_UNREADABLE);
      const whatsapp = parsed.data[UPDATE_CHOICES.whatsapp];
      const sms = parsed.data[UPDATE_CHOICES.sms];
      return db.transaction(async (tx) => {
        const owner = await ownerOf(tx, userId);
        // Deleted meanwhile (from another device): its session is over.
        if (!owner) throw unauthorized(MESSAGES.auth.signInRequired);
        const chosen = await numbersOf(tx, owner);
        const numbers = [...chosen.keys()];
        if (numbers.length === 0) return choicesOf(tx, userId, chosen);
        if (whatsapp) {
          // The parent's own choice, and its time on each record that had none: the outbox reads the record's.
          await tx
            .update(users)
            .set({ whatsappUpdatesAt: sql`now()` })
            .where(eq(users.id, userId));
          for (const table of FAMILY_TABLES)
            await tx
              .update(table)
              .set({ whatsappUpdatesAt: sql`now()` })
              .where(and(ownRows(table, owner), isNull(table.whatsappUpdatesAt)));
          await optIn(tx, userId, numbers, "WHATSAPP");
        } else {
          await optOut(tx, userId, numbers, "WHATSAPP");
        }
        if (sms) await optIn(tx, userId, numbers, "SMS");
        else await optOut(tx, userId, numbers, "SMS");
        return choicesOf(tx, userId, await numbersOf(tx, owner));
      });
    },
  };
}

/**
 * "+91 ••••••3210": enough for the family to know the number, too little for anyone else. The
 * space does not break (a phone's narrow notes otherwise left "+91" at a line's end).
 */
function maskedNumber(number: string): string {
  return `${number.slice(0, 3)}\u00a0${"•".repeat(Math.max(number.length - 7, 0))}${number.slice(-4)}`;
}
