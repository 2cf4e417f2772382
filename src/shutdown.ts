import type { Logger } from 'pino';

/**
 * The bounded graceful stop of every role (docs/deployment.md, "Stopping"). On SIGTERM a
 * process has `timeoutMs` (SHUTDOWN_TIMEOUT_MS) in all:
 *
 *   0            stop accepting; requests in flight and the workers' current passes go on
 *   timeout / 2  background work still running is aborted (webhook attempts: the delivery
 *                keeps its claim, and its lease makes it retry)
 *   timeout − r  requests still in flight are cut (their transactions roll back)
 *   timeout − ε  exit 0, whether or not the database has finished closing
 *
 * where r is a fifth of the timeout, at most 1.5 s, left for closing the database.
 */
export interface ShutdownPlan {
  abortWorkAtMs: number;
  cutRequestsAtMs: number;
  exitByMs: number;
}

export function shutdownPlan(timeoutMs: number): ShutdownPlan {
  const reserve = Math.min(1500, Math.floor(timeoutMs / 5));
  return {
    abortWorkAtMs: Math.floor(timeoutMs / 2),
    cutRequestsAtMs: timeoutMs - reserve,
    exitByMs: Math.max(0, timeoutMs - 50),
  };
}

export interface Stoppable {
  name: string;
  /** Resolves when stopped; `abort` fires when work still running must be given up. */
  stop(abort: AbortSignal): Promise<void>;
}

export interface ShutdownParts {
  timeoutMs: number;
  logger: Logger;
  /** Stops accepting connections; resolves once the requests in flight have finished. */
  stopServing(): Promise<void>;
  /** Closes every connection still open (requests that did not finish in time). */
  cutRequests(): void;
  workers: Stoppable[];
  closeDatabase(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());

/** Runs the plan; resolves with the exit code (0) no later than `timeoutMs` after the call. */
export async function shutDown(parts: ShutdownParts): Promise<number> {
  const { logger } = parts;
  const plan = shutdownPlan(parts.timeoutMs);
  const started = Date.now();
  const left = () => plan.exitByMs - (Date.now() - started);
  const abort = new AbortController();
  const timers = [
    setTimeout(() => {
      logger.warn({ afterMs: plan.abortWorkAtMs }, 'shutting down: aborting background work still running');
      abort.abort();
    }, plan.abortWorkAtMs),
    setTimeout(() => {
      logger.warn({ afterMs: plan.cutRequestsAtMs }, 'shutting down: cutting requests still in flight');
      abort.abort();
      parts.cutRequests();
    }, plan.cutRequestsAtMs),
  ];
  const logged = (what: string) => (err: unknown) => logger.error({ err }, `shutting down: ${what} failed`);
  try {
    const stopped = Promise.all([parts.stopServing().catch(logged('closing the server')), ...parts.workers.map((w) => w.stop(abort.signal).catch(logged(`stopping ${w.name}`)))]);
    if ((await Promise.race([stopped.then(() => true), sleep(left()).then(() => false)])) === false) {
      logger.warn('shutting down: requests or workers still running at the bound; exiting (their transactions roll back)');
      return 0;
    }
    const closed = parts.closeDatabase().then(
      () => true,
      (err) => (logged('closing the database')(err), true),
    );
    if ((await Promise.race([closed, sleep(left()).then(() => false)])) === false) {
      logger.warn('shutting down: the database did not close in time; exiting');
    }
    return 0;
  } finally {
    for (const t of timers) clearTimeout(t);
    logger.info({ ms: Date.now() - started }, 'stopped');
  }
}
