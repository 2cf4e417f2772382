import type { Logger } from 'pino';
import type { Worker } from './registry.js';

/**
 * A worker that runs `pass` every `intervalMs`, one pass at a time. A pass returns true
 * when it found a full batch, and then runs again at once.
 */
export function pollingWorker(name: string, intervalMs: number, logger: Logger, pass: () => Promise<boolean>): Worker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const tick = () => {
    timer = null;
    if (stopped) return;
    running = (async () => {
      let again = false;
      try {
        again = await pass();
      } catch (err) {
        logger.error({ err, worker: name }, 'worker pass failed');
      }
      running = null;
      if (!stopped) timer = setTimeout(tick, again ? 0 : intervalMs);
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
  };
}
