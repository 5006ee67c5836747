import type { Logger } from "pino";

export type RepeatingJob = { stop(): Promise<void> };

/**
 * Runs `run` every `everyMs` (first after `firstAfterMs`) on this instance: the background jobs
 * every instance runs (payment reconciliation, retention, seat offers), each safe to run on
 * several instances at once by its own claims or locks. One run at a time; a failed run is logged
 * and the next comes at its time. `stop` (shutdown) waits for the run under way.
 */
export function startRepeatingJob({
  run,
  logger,
  everyMs,
  firstAfterMs = everyMs,
  failed,
}: {
  run: () => Promise<void>;
  logger: Pick<Logger, "warn">;
  everyMs: number;
  firstAfterMs?: number;
  /** The log line of a failed run ("… failed; will try again"). */
  failed: string;
}): RepeatingJob {
  let running: Promise<void> = Promise.resolve();
  const schedule = () => {
    running = running.then(async () => {
      try {
        await run();
      } catch (error) {
        logger.warn({ err: error }, failed);
      }
    });
  };
  const first = setTimeout(schedule, firstAfterMs);
  const timer = setInterval(schedule, everyMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
