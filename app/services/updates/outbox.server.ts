import { and, asc, eq, inArray, lte, sql, type SQLWrapper } from "drizzle-orm";
import type { Language } from "~/domain/languages";
import { indianMobile } from "~/domain/phone";
import { DEFAULT_RETRY, type RetryPolicy } from "~/domain/settings";
import {
  MSG91_TEMPLATE_VARIABLES,
  UPDATE_PARAMETERS,
  WHATSAPP_UNREACHABLE_CODES,
  type UpdateChannel,
  type UpdateKind,
} from "~/domain/updates";
import { queryRows, type Database, type Executor } from "../../../db/client";
import { familyUpdates, updateOptOuts, type FamilyUpdateRow } from "../../../db/schema";
import { retryDelayMs } from "../mail/outbox.server";
import type { SendOutcome, UpdateSender } from "./outcome";
import type { ShortLinks } from "./short-links.server";
import { applyEarlyStatuses } from "./statuses.server";

/** The channels this site is configured for; null, the channel is off (said at start). */
export type UpdateChannels = { whatsapp: UpdateSender | null; sms: UpdateSender | null };

/**
 * One update to queue with the record that causes it: the number as the family typed it, their
 * WhatsApp choice on that record (its time, or null), and the template's parameters by name.
 */
export type UpdateRequest = {
  [K in UpdateKind]: {
    kind: K;
    mobile: string;
    language: Language;
    whatsappUpdatesAt: Date | null;
    about: string;
    parameters: Record<(typeof UPDATE_PARAMETERS)[K][number], string>;
  };
}[UpdateKind];

/** A claimed message, ready to send. */
export type ClaimedUpdate = Pick<
  FamilyUpdateRow,
  "id" | "channel" | "kind" | "language" | "toNumber" | "parameters" | "attempts" | "about"
>;

const smsKinds = new Set<UpdateKind>(Object.keys(MSG91_TEMPLATE_VARIABLES) as UpdateKind[]);
const isUnreachable = (code: number) => (WHATSAPP_UNREACHABLE_CODES as readonly number[]).includes(code);

export type UpdatesOutbox = ReturnType<typeof createUpdatesOutbox>;

/**
 * The outbox of WhatsApp and SMS updates (issue 39 point 4). Services queue an update in the
 * transaction that writes what causes it; the worker claims due rows (`FOR UPDATE SKIP LOCKED`,
 * a lease), waits for a send slot of the rate kept in the database (so every instance together
 * keeps it), sends, and records what the provider said. Each message is sent at most once: a row
 * whose lease ran out while SENDING (the instance died mid-send) or whose answer was lost becomes
 * UNCERTAIN and is never sent again by itself.
 */
export function createUpdatesOutbox({
  db,
  channels,
  perSecond,
  links,
  retry = DEFAULT_RETRY,
}: {
  db: Database;
  channels: UpdateChannels;
  perSecond: number;
  /** Where a link too long for an SMS variable becomes a short one. */
  links: Pick<ShortLinks, "shorten">;
  retry?: RetryPolicy;
}) {
  /** Which channel may carry this update to this number now, if any (issue 39 point 3). */
  function channelFor(
    request: Pick<UpdateRequest, "kind" | "whatsappUpdatesAt">,
    optedOut: ReadonlySet<UpdateChannel>,
  ): UpdateChannel | null {
    if (channels.whatsapp && request.whatsappUpdatesAt && !optedOut.has("WHATSAPP")) return "WHATSAPP";
    if (channels.sms && smsKinds.has(request.kind) && !optedOut.has("SMS")) return "SMS";
    return null;
  }

  async function optOutsOf(executor: Executor, number: string): Promise<Set<UpdateChannel>> {
    const rows = await executor
      .select({ channel: updateOptOuts.channel })
      .from(updateOptOuts)
      .where(eq(updateOptOuts.toNumber, number));
    return new Set(rows.map((row) => row.channel));
  }

  /** The channels that may carry it, in the order to try (WhatsApp first), before the opt-outs. */
  function candidateChannels(request: Pick<UpdateRequest, "kind" | "whatsappUpdatesAt">): UpdateChannel[] {
    const candidates: UpdateChannel[] = [];
    if (channels.whatsapp && request.whatsappUpdatesAt) candidates.push("WHATSAPP");
    if (channels.sms && smsKinds.has(request.kind)) candidates.push("SMS");
    return candidates;
  }

  const parametersOf = (request: UpdateRequest): string[] =>
    UPDATE_PARAMETERS[request.kind].map((name) => (request.parameters as Record<string, string>)[name] ?? "");

  /**
   * The same update by SMS, once, for a WhatsApp message the number cannot get (issue 39 point
   * 5): when SMS is configured, the kind has a DLT template and the number has not switched SMS
   * off. The unique `fallback_of` makes a second try (a replayed webhook) a no-op.
   */
  async function fallBackToSms(executor: Executor, failed: FamilyUpdateRow): Promise<boolean> {
    if (failed.channel !== "WHATSAPP" || !channels.sms || !smsKinds.has(failed.kind as UpdateKind))
      return false;
    if ((await optOutsOf(executor, failed.toNumber)).has("SMS")) return false;
    const inserted = await executor
      .insert(familyUpdates)
      .values({
        channel: "SMS",
        kind: failed.kind,
        language: failed.language,
        toNumber: failed.toNumber,
        parameters: failed.parameters,
        about: failed.about,
        fallbackOf: failed.id,
      })
      .onConflictDoNothing({ target: familyUpdates.fallbackOf })
      .returning({ id: familyUpdates.id });
    return inserted.length > 0;
  }

  /** Records a send's outcome; a WhatsApp number that cannot get WhatsApp gets the SMS once. */
  async function record(update: ClaimedUpdate, outcome: SendOutcome): Promise<void> {
    const where = and(eq(familyUpdates.id, update.id), eq(familyUpdates.status, "SENDING"));
    switch (outcome.kind) {
      case "sent":
        // With the statuses WhatsApp reported before this answer was written down, if any.
        await db.transaction(async (tx) => {
          const [sent] = await tx
            .update(familyUpdates)
            .set({
              status: "SENT",
              providerId: outcome.providerId,
              sentAt: sql`now()`,
              lockedUntil: null,
              lastError: null,
            })
            .where(where)
            .returning({ id: familyUpdates.id });
          if (sent && update.channel === "WHATSAPP")
            await applyEarlyStatuses(tx, outcome.providerId, fallBackToSms);
        });
        return;
      case "retry": {
        const final = update.attempts >= retry.maxAttempts;
        const waitMs = Math.max(outcome.retryAfterMs ?? 0, retryDelayMs(update.attempts, retry));
        await db
          .update(familyUpdates)
          .set(
            final
              ? {
                  status: "FAILED",
                  lastError: `Gave up after ${update.attempts} attempts: ${outcome.reason}`,
                  failedAt: sql`now()`,
                  lockedUntil: null,
                }
              : {
                  status: "QUEUED",
                  lastError: outcome.reason,
                  lockedUntil: null,
                  nextAttemptAt: sql`now() + ${waitMs} * interval '1 millisecond'`,
                },
          )
          .where(where);
        return;
      }
      case "uncertain":
        await db
          .update(familyUpdates)
          .set({ status: "UNCERTAIN", lastError: outcome.reason, lockedUntil: null })
          .where(where);
        return;
      case "failed":
        await db.transaction(async (tx) => {
          const [failed] = await tx
            .update(familyUpdates)
            .set({
              status: "FAILED",
              lastError: outcome.reason,
              errorCode: outcome.code ?? null,
              failedAt: sql`now()`,
              lockedUntil: null,
            })
            .where(where)
            .returning();
          if (failed && outcome.code !== undefined && isUnreachable(outcome.code))
            await fallBackToSms(tx, failed);
        });
        return;
    }
  }

  return {
    channels,
    optOutsOf,
    fallBackToSms,

    /**
     * Queues updates in the caller's transaction (or statement executor): each on the channel the
     * family allowed and the site has, none when neither. A number that is not an Indian mobile
     * gets none (the forms refuse such numbers; older records may hold one).
     */
    async queue(executor: Executor, ...requests: UpdateRequest[]): Promise<number> {
      let queued = 0;
      for (const request of requests) {
        if (!channels.whatsapp && !channels.sms) return 0;
        const number = indianMobile(request.mobile);
        if (!number) continue;
        const channel = channelFor(request, await optOutsOf(executor, number));
        if (!channel) continue;
        // A link longer than an SMS variable may be goes short, whichever channel carries it: a
        // WhatsApp message that falls back to SMS keeps its parameters.
        const parameters: string[] = [];
        for (const value of parametersOf(request))
          parameters.push(/^https?:\/\//.test(value) ? await links.shorten(executor, value) : value);
        await executor.insert(familyUpdates).values({
          channel,
          kind: request.kind,
          language: request.language,
          toNumber: number,
          parameters,
          about: request.about,
        });
        queued += 1;
      }
      return queued;
    },

    /**
     * The updates of a row inserted by the same statement (the data-modifying CTE `created`), as
     * `queuedWith` takes them: its `updates` value. A parameter that is exactly `{id}` becomes the row's id.
     */
    updatesValue(requests: UpdateRequest[]): string {
      return JSON.stringify(
        requests.flatMap((request) => {
          // No channel first: a site without WhatsApp or SMS reads no number (a parse is ~40 µs).
          const candidates = candidateChannels(request);
          if (candidates.length === 0) return [];
          const number = indianMobile(request.mobile);
          if (!number) return [];
          return [
            {
              kind: request.kind,
              language: request.language,
              toNumber: number,
              parameters: parametersOf(request),
              channels: candidates,
            },
          ];
        }),
      );
    },

    /**
     * The updates of a row inserted by the same statement, in the data-modifying CTE named
     * `created` (as the mail outbox's `queuedWith`: the hottest write pays one statement). Each
     * goes on the first of its channels the number has not switched off, or not at all.
     */
    queuedWith(updates: SQLWrapper, { about }: { about: string }) {
      return db.$with("queued_updates", {}).as(
        sql`insert into ${familyUpdates} (channel, kind, language, to_number, parameters, about)
            select c.channel, u.kind, u.language::language, u."toNumber",
                   coalesce((select jsonb_agg(case when q.value = '{id}' then created.id::text else q.value end order by q.n)
                             from jsonb_array_elements_text(u.parameters) with ordinality as q(value, n)), '[]'::jsonb),
                   ${`${about}:`}::text || created.id
            from created, jsonb_to_recordset(${updates}::jsonb)
              as u(kind text, language text, "toNumber" text, parameters jsonb, channels text[])
            cross join lateral (
              select t.name::update_channel as channel
              from unnest(u.channels) with ordinality as t(name, position)
              where not exists (
                select 1 from ${updateOptOuts} o
                where o.to_number = u."toNumber" and o.channel = t.name::update_channel)
              order by t.position
              limit 1) c`,
      );
    },

    /**
     * Claims up to `limit` due messages for this worker. First, rows whose lease ran out while
     * SENDING become UNCERTAIN: their send may have reached the family, so it is not repeated.
     */
    async claim(limit: number): Promise<ClaimedUpdate[]> {
      await db
        .update(familyUpdates)
        .set({
          status: "UNCERTAIN",
          lockedUntil: null,
          lastError: "The send was under way when its worker stopped: it may have reached the family.",
        })
        .where(and(eq(familyUpdates.status, "SENDING"), lte(familyUpdates.lockedUntil, sql`now()`)));
      const due = db
        .select({ id: familyUpdates.id })
        .from(familyUpdates)
        .where(and(eq(familyUpdates.status, "QUEUED"), lte(familyUpdates.nextAttemptAt, sql`now()`)))
        .orderBy(asc(familyUpdates.nextAttemptAt))
        .limit(limit)
        .for("update", { skipLocked: true });
      const claimed = await db
        .update(familyUpdates)
        .set({
          status: "SENDING",
          attempts: sql`${familyUpdates.attempts} + 1`,
          lockedUntil: sql`now() + ${retry.leaseMs} * interval '1 millisecond'`,
        })
        .where(inArray(familyUpdates.id, due))
        .returning({
          id: familyUpdates.id,
          channel: familyUpdates.channel,
          kind: familyUpdates.kind,
          language: familyUpdates.language,
          toNumber: familyUpdates.toNumber,
          parameters: familyUpdates.parameters,
          attempts: familyUpdates.attempts,
          about: familyUpdates.about,
        });
      // RETURNING keeps no order: sent in the order they were queued.
      return claimed.sort((a, b) => a.id - b.id);
    },

    /**
     * Waits for this send's slot of the rate kept across instances: the one row moves on by
     * 1 / perSecond seconds per send, from now or from where the last send left it.
     */
    async waitForSlot(): Promise<void> {
      const gap = sql`${1000 / perSecond} * interval '1 millisecond'`;
      // The row is made by the first send (a restored backup brings its own, or none).
      const [slot] = await queryRows<{ wait_ms: number }>(
        db,
        sql`insert into update_send_rate (id, next_slot_at) values (1, clock_timestamp() + ${gap})
          on conflict (id) do update
            set next_slot_at = greatest(update_send_rate.next_slot_at, clock_timestamp()) + ${gap}
          returning (extract(epoch from (next_slot_at - clock_timestamp())) * 1000 - ${1000 / perSecond})::float8 as wait_ms`,
      );
      const waitMs = slot?.wait_ms ?? 0;
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
    },

    /** Sends one claimed message through its channel and records the outcome. */
    async deliver(update: ClaimedUpdate): Promise<SendOutcome> {
      const sender = update.channel === "WHATSAPP" ? channels.whatsapp : channels.sms;
      const outcome: SendOutcome = sender
        ? await sender.send({
            to: update.toNumber,
            kind: update.kind as UpdateKind,
            language: update.language,
            parameters: update.parameters,
          })
        : { kind: "retry", reason: `The ${update.channel} channel is not configured on this instance.` };
      await record(update, outcome);
      return outcome;
    },
  };
}
