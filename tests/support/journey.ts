import type { BrowserContext, Frame, Page, Request } from "playwright-core";
import { afterEach, beforeEach } from "vitest";

/**
 * A browser journey's own time limit, below the e2e project's testTimeout so that the journey is
 * the one that stops and says why. The slowest journey took 33 s on a quiet 2-core machine and
 * up to 54 s with a second CI run beside it (docs/testing.md).
 */
export const JOURNEY_DEADLINE_MS = 60_000;

type Journey = {
  startedAt: number;
  step: { label: string; at: number };
  /** The journey's browser contexts, each with how to hand it back for reuse (if it can be). */
  contexts: Map<BrowserContext, Release | undefined>;
  /** Removes the journey's own listeners from a context. */
  leave: Map<BrowserContext, () => void>;
  /** Whether the test opened a browser context at all. */
  joined: boolean;
  inFlight: Map<Request, number>;
  lastUrl: string | undefined;
  timer: NodeJS.Timeout | undefined;
  /** Why the journey was stopped, once it was. */
  stopped: string | undefined;
};

/** Resets a context for the next test and keeps it; closes it if that fails. */
export type Release = () => Promise<void>;

/**
 * The running journey, kept on the global object rather than in this module: browser files share
 * one module graph per worker (vitest.config.ts, isolate: false), and this setup file is evaluated
 * anew for each file while tests/support/browser.ts keeps the instance it imported first. One
 * holder for every instance, or a later file's contexts would join no journey (no deadline).
 */
const running: { current: Journey | undefined } = ((globalThis as Record<symbol, unknown>)[
  Symbol.for("zipat.tests.journey")
] ??= { current: undefined }) as { current: Journey | undefined };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Names what the running journey does next, so that a journey stopped at its deadline says
 * which step was waiting: `step("saves the renamed post")`.
 */
export function step(label: string) {
  if (running.current) running.current.step = { label, at: Date.now() };
}

/**
 * Makes a browser context part of the running test's journey. When the test ends, the context
 * is handed back through `release` (reset for the next test, tests/support/browser.ts) if the
 * test passed, and closed otherwise; at the journey's deadline it is closed. Closing it aborts its
 * pages' requests and makes their pending calls fail, so a journey that ran out of time cannot go
 * on acting on the site (writing, uploading, deleting) while the next test runs. Outside a test
 * (a beforeAll) the caller closes it.
 */
export function joinJourney(context: BrowserContext, release?: Release) {
  const journey = running.current;
  if (!journey) return;
  journey.contexts.set(context, release);
  journey.joined = true;
  const sent = (request: Request) => journey.inFlight.set(request, Date.now());
  const settled = (request: Request) => journey.inFlight.delete(request);
  const navigated = (frame: Frame) => (journey.lastUrl = frame.url());
  const watch = (page: Page) => page.on("framenavigated", navigated);
  context.on("request", sent);
  context.on("requestfinished", settled);
  context.on("requestfailed", settled);
  context.pages().forEach(watch);
  context.on("page", watch);
  const left = () => journey.contexts.delete(context);
  context.once("close", left);
  // A context handed to the next test keeps no listener of this journey.
  journey.leave.set(context, () => {
    context.off("request", sent);
    context.off("requestfinished", settled);
    context.off("requestfailed", settled);
    context.off("page", watch);
    context.off("close", left);
    for (const page of context.pages()) page.off("framenavigated", navigated);
  });
}

function describeStop(journey: Journey, deadlineMs: number): string {
  const now = Date.now();
  const waiting = [...journey.inFlight.entries()].map(
    ([request, sentAt]) =>
      `${request.method()} ${new URL(request.url()).pathname} (sent ${seconds(now - sentAt)} before)`,
  );
  return [
    `Journey stopped at its ${seconds(deadlineMs)} deadline during step "${journey.step.label}"`,
    `(begun ${seconds(journey.step.at - journey.startedAt)} in).`,
    `Page: ${journey.lastUrl ?? "none opened"}.`,
    waiting.length ? `Requests still waiting: ${waiting.join(", ")}.` : "No request was waiting.",
    "Its browser contexts were closed, so nothing it started goes on.",
  ].join(" ");
}

async function closeAll(journey: Journey) {
  await Promise.all([...journey.contexts.keys()].map((context) => context.close().catch(() => undefined)));
}

/** A passed journey's contexts go back for reuse; a failed or stopped one's are closed. */
async function endJourney(journey: Journey, passed: boolean) {
  const reusable = passed && !journey.stopped;
  await Promise.all(
    [...journey.contexts].map(([context, release]) => {
      journey.leave.get(context)?.();
      return reusable && release ? release() : context.close().catch(() => undefined);
    }),
  );
  journey.contexts.clear();
  journey.leave.clear();
}

function startDeadline(journey: Journey, ms: number) {
  clearTimeout(journey.timer);
  journey.timer = setTimeout(() => {
    // A test that never opened a browser is no journey: the test's own time limit holds for it.
    if (!journey.joined) return;
    journey.stopped = describeStop(journey, ms);
    void closeAll(journey);
  }, ms);
}

/**
 * A shorter deadline for the running journey, counted from now (the harness's own test). Set it
 * once the page is open: a context closed while Playwright is still opening its page can leave
 * `newPage()` waiting for good, and a loaded machine can take seconds to open one.
 */
export function limitJourney(ms: number) {
  if (running.current) startDeadline(running.current, ms);
}

/** Why the running journey was stopped, if it was; the test then passes or fails on its own. */
export function takeJourneyStop(): string | undefined {
  const reason = running.current?.stopped;
  if (running.current) running.current.stopped = undefined;
  return reason;
}

beforeEach(() => {
  const journey: Journey = {
    startedAt: Date.now(),
    step: { label: "start", at: Date.now() },
    contexts: new Map(),
    leave: new Map(),
    joined: false,
    inFlight: new Map(),
    lastUrl: undefined,
    stopped: undefined,
    timer: undefined,
  };
  startDeadline(journey, JOURNEY_DEADLINE_MS);
  running.current = journey;
});

afterEach(async ({ task }) => {
  const journey = running.current;
  running.current = undefined;
  if (!journey) return;
  clearTimeout(journey.timer);
  await endJourney(journey, task.result?.state === "pass");
  // Added to the test's errors: the failure says where the journey was, not only that it failed.
  if (journey.stopped) throw new Error(journey.stopped);
});
