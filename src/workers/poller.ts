import type { Logger } from 'pino';

/** A background loop that runs beside the HTTP server and stops cleanly on SIGTERM. */
export interface Worker {
  name: string;
  start(): void;
  /**
   * Resolves when the current pass has finished; no new pass starts after. When `abort`
   * fires, work that would take longer (a webhook attempt in flight) is given up.
   */
  stop(abort?: AbortSignal): Promise<void>;
  /**
   * Runs one pass now and waits for it (and for any work it started); true when it found a
   * full batch. Tests drive workers with it instead of waiting for the poller.
   */
  runOnce(): Promise<boolean>;
}

export interface PollingWorker extends Worker {
  /** Runs the next pass at once rather than after the interval (one more, if a pass is running). */
  wake(): void;
}

/**
 * A worker that runs `pass` every `intervalMs`, one pass at a time. A pass returns true
 * when it found a full batch, and then runs again at once; so does a pass woken by `wake`.
 */
export function pollingWorker(name: string, intervalMs: number, logger: Logger, pass: () => Promise<boolean>): PollingWorker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let woken = false;

  const tick = () => {
    timer = null;
    if (stopped) return;
    woken = false;
    running = (async () => {
      let again = false;
      try {
        again = await pass();
      } catch (err) {
        logger.error({ err, worker: name }, 'worker pass failed');
      }
      running = null;
      if (!stopped) timer = setTimeout(tick, again || woken ? 0 : intervalMs);
    })();
  };

  return {
    name,
    start() {
      stopped = false;
      timer = setTimeout(tick, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    runOnce: pass,
    wake() {
      if (stopped) return;
      if (running) woken = true;
      else if (timer) {
        clearTimeout(timer);
        timer = setTimeout(tick, 0);
      }
    },
  };
}
