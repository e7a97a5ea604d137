/**
 * Runs `task` every `intervalMs` in the background (the timer never keeps the process alive), one
 * pass at a time: a tick while a pass runs is skipped. A failed pass goes to `onError` and the task
 * runs again next tick. `stop()` clears the timer and waits for a pass in progress.
 */
export function repeatEvery(
  intervalMs: number,
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
  { runNow = false }: { runNow?: boolean } = {},
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = task()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  if (runNow) tick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
