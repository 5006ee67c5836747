/**
 * A worker's pause between polls that its shutdown can cut short (the mail and updates workers):
 * `sleep(ms)` resolves after `ms` or at `wake()`, whichever comes first.
 */
export function createWakeableSleep() {
  let wake: (() => void) | undefined;
  return {
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
    wake: () => wake?.(),
  };
}
