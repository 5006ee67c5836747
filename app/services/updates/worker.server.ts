import type { Logger } from "pino";
import type { UpdatesOutbox } from "./outbox.server";
import { createWakeableSleep } from "../wakeable-sleep.server";

export type UpdatesWorker = {
  /** Stops claiming and waits for the send under way. */
  stop(): Promise<void>;
  /** Claims and sends what is due now, until nothing is (npm run updates:send, tests). */
  drain(): Promise<number>;
};

/**
 * Sends the updates outbox from inside the server process (issue 39 point 4): claims a few due
 * messages, sends each in its slot of the shared rate, records the outcome; sleeps `pollMs` when
 * nothing is due. Other instances claim other rows (SKIP LOCKED). Logs say which message and what
 * happened, never its number or text.
 */
export function startUpdatesWorker({
  outbox,
  logger,
  pollMs = 1_000,
  batchSize = 10,
  running = true,
}: {
  outbox: UpdatesOutbox;
  logger: Pick<Logger, "warn" | "error">;
  pollMs?: number;
  batchSize?: number;
  /** False: no loop of its own, only `drain` (a one-off command). */
  running?: boolean;
}): UpdatesWorker {
  let stopped = false;
  const { sleep, wake } = createWakeableSleep();

  /**
   * One batch: up to `batchSize` messages, each claimed on its own just before its slot. A batch
   * claimed at once waited for its later slots under a running lease: with the rate shared by
   * several instances, the last of ten could outlive its lease, be marked UNCERTAIN by another
   * instance, and still be sent (CI caught it at a 400 ms lease). One at a time, a lease covers
   * one slot's wait. Answers how many were claimed.
   */
  async function batch(): Promise<number> {
    let claimed = 0;
    while (claimed < batchSize && !stopped) {
      const [update] = await outbox.claim(1);
      if (!update) break;
      claimed += 1;
      await outbox.waitForSlot();
      const outcome = await outbox.deliver(update);
      if (outcome.kind === "sent") continue;
      const level = outcome.kind === "retry" ? "warn" : "error";
      logger[level](
        {
          updateId: update.id,
          channel: update.channel,
          kind: update.kind,
          attempt: update.attempts,
          outcome: outcome.kind,
          reason: outcome.reason,
        },
        `family update not sent (${outcome.kind})`,
      );
    }
    return claimed;
  }

  async function loop() {
    while (!stopped) {
      let claimed = 0;
      try {
        claimed = await batch();
      } catch (error) {
        // The database is away: the messages stay where they are; try again later.
        logger.warn({ err: error }, "updates outbox unavailable; retrying");
        await sleep(pollMs * 5);
        continue;
      }
      if (claimed < batchSize && !stopped) await sleep(pollMs);
    }
  }

  const loopDone = running ? loop() : Promise.resolve();
  return {
    async stop() {
      stopped = true;
      wake();
      await loopDone;
    },
    async drain() {
      let sent = 0;
      for (let claimed = await batch(); claimed > 0; claimed = await batch()) sent += claimed;
      return sent;
    },
  };
}
