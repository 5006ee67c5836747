import type { Logger } from "pino";
import type { ClaimedMail, MailOutbox } from "./outbox.server";
import type { MailFrom, MailSender } from "./smtp.server";
import { createWakeableSleep } from "../wakeable-sleep.server";

export type MailWorker = {
  /** Stops claiming mails and waits for the attempts under way. */
  stop(): Promise<void>;
};

/**
 * Delivers the outbox from inside the server process: claims due mails a batch at a time, sends
 * each, records the outcome; sleeps `pollMs` when nothing is due. Another instance's worker claims
 * other rows (SKIP LOCKED), so running one per instance is safe.
 */
export function startMailWorker({
  outbox,
  sender,
  from,
  logger,
  pollMs = 1_000,
  batchSize = 8,
}: {
  outbox: MailOutbox;
  sender: MailSender;
  /** Read before each batch: the school's contact address may have changed. */
  from: () => Promise<MailFrom>;
  logger: Logger;
  pollMs?: number;
  batchSize?: number;
}): MailWorker {
  let stopped = false;
  const { sleep, wake } = createWakeableSleep();

  async function deliver(mail: ClaimedMail, sentFrom: MailFrom) {
    const failure = await sender.send(await outbox.draw(mail), sentFrom);
    if (!failure) {
      await outbox.markSent(mail.id);
      return;
    }
    await outbox.markFailed(mail, failure.reason, failure.permanent);
    const final = failure.permanent || mail.attempts >= outbox.retry.maxAttempts;
    logger[final ? "error" : "warn"](
      { mailId: mail.id, attempt: mail.attempts, reason: failure.reason },
      final ? "mail failed for good" : "mail attempt failed; will retry",
    );
  }

  async function run() {
    while (!stopped) {
      let claimed: ClaimedMail[] = [];
      try {
        claimed = await outbox.claim(batchSize);
        if (claimed.length > 0) {
          const sentFrom = await from();
          await Promise.all(claimed.map((mail) => deliver(mail, sentFrom)));
        }
      } catch (error) {
        // The database is away (an outage): the mails stay where they are; try again later.
        logger.warn({ err: error }, "mail outbox unavailable; retrying");
        await sleep(pollMs * 5);
        continue;
      }
      if (claimed.length < batchSize && !stopped) await sleep(pollMs);
    }
  }

  const running = run();
  return {
    async stop() {
      stopped = true;
      wake();
      await running;
      sender.close();
    },
  };
}
