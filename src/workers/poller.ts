import { setMaxListeners } from 'node:events';
import type { Logger } from 'pino';
import { withActor } from '../events/source.js';
import type { CommittedWrites } from '../db/driver/committed-writes.js';
import { systemClock, type Clock } from '../lib/clock.js';

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
  /**
   * Fires when `stop` is told to give up work in flight (its `abort` fires): what a pass or the
   * work it started waits for outside the database (a webhook attempt, a feed's fetch) ends then.
   */
  readonly abandoned: AbortSignal;
}

/** How often the workers of a process look for work (docs/configuration.md, "Workers"). */
export interface Pacing {
  /** WORKER_POLL_MS: the gap after a pass while there is work, and the least a write waits for. */
  pollMs: number;
  /** WORKER_IDLE_MS: the longest an idle worker sleeps (at least pollMs). */
  idleMs: number;
  /** Where `nextDue` is measured from. */
  clock: Clock;
  /** This process's committed writes, which wake the workers of their tables. */
  writes: CommittedWrites | null;
}

export function pacingOf(deps: { config: { workerPollMs: number; workerIdleMs: number }; clock: Clock; db: { committedWrites: CommittedWrites } }): Pacing {
  return { pollMs: deps.config.workerPollMs, idleMs: deps.config.workerIdleMs, clock: deps.clock, writes: deps.db.committedWrites };
}

/** What makes an idle worker's work come sooner than its back-off. */
export interface Wakes {
  /** Tables whose writes (committed in this process) can create work for it. */
  wakeOn?: readonly string[];
  /**
   * When its next item falls due after `now`, or null when none is waiting: asked when the
   * worker is about to sleep longer than the poll interval, so that it sleeps no longer than that.
   */
  nextDue?: (now: Date) => Promise<Date | null>;
}

/**
 * A worker that runs `pass` one pass at a time (docs/performance.md, "Background passes"). A
 * pass returns true when it found a full batch, and then runs again at once; so does a pass
 * woken by `wake`. A pass that returns false is followed by a longer and longer sleep: the poll
 * interval, then twice that, and so on up to the idle ceiling, but never past the time its next
 * item falls due (`nextDue`, asked again only once that time has come or a write was heard).
 * A write committed to one of its `wakeOn` tables (in this process, or another's heard by
 * notice) brings the next pass back to at most one poll interval after the last (at once when
 * the worker has been idle), and the back-off starts over. A fixed `pacing` (a number of ms) polls
 * at that interval, without back-off or wakes: for passes that cost no statement when idle.
 */
export function pollingWorker(name: string, pacing: Pacing | number, logger: Logger, pass: () => Promise<boolean>, wakes: Wakes = {}): PollingWorker {
  const { pollMs, idleMs, clock, writes } = typeof pacing === 'number' ? { pollMs: pacing, idleMs: pacing, clock: systemClock, writes: null } : pacing;
  const ceiling = Math.max(idleMs, pollMs);
  // The events a pass writes name this worker as their actor (docs/events.md#actors).
  const asThisWorker = () => withActor({ type: 'worker', id: name }, null, pass);
  let timer: NodeJS.Timeout | null = null;
  /** When the timer fires (Date.now()), and when the last pass ended. */
  let timerAt = 0;
  let lastEnd = -Infinity;
  let running: Promise<void> | null = null;
  let stopped = true;
  let woken = false;
  let written = false;
  /** The sleep after the next pass that finds nothing more. */
  let idleSleep = pollMs;
  /**
   * What the last `nextDue` answered (Date.now() terms; Infinity: nothing waits), kept until
   * it has come or a write or wake is heard: an idle worker then asks once, not every pass.
   */
  let knownDue: number | null = null;
  let unsubscribe = () => {};
  const abandon = new AbortController();
  // Every attempt or fetch in flight listens to it (and stops listening when it ends): dozens at
  // once are expected, not a leak that Node's warning at eleven would suggest.
  setMaxListeners(0, abandon.signal);

  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    timerAt = Date.now() + ms;
    timer = setTimeout(tick, ms);
  };

  /** How long to sleep after a pass that found nothing more; the back-off moves on. */
  const sleepWhenIdle = async (): Promise<number> => {
    const sleep = idleSleep;
    idleSleep = Math.min(Math.max(idleSleep * 2, 1), ceiling);
    if (sleep <= pollMs || !wakes.nextDue) return sleep;
    if (knownDue !== null && knownDue > Date.now()) return Math.min(sleep, knownDue - Date.now());
    try {
      const now = clock.now();
      const due = await wakes.nextDue(now);
      knownDue = due ? Date.now() + due.getTime() - now.getTime() : Infinity;
      return Math.max(0, Math.min(sleep, knownDue - Date.now()));
    } catch (err) {
      logger.error({ err, worker: name }, 'worker could not read when its next work is due');
      return Math.min(sleep, pollMs);
    }
  };

  const tick = () => {
    timer = null;
    if (stopped) return;
    woken = false;
    written = false;
    running = (async () => {
      let again = false;
      try {
        again = await asThisWorker();
      } catch (err) {
        logger.error({ err, worker: name }, 'worker pass failed');
      }
      const idle = again || woken || written ? null : await sleepWhenIdle();
      running = null;
      lastEnd = Date.now();
      if (stopped) return;
      if (idle !== null && !woken && !written) return schedule(idle);
      idleSleep = pollMs;
      // A full batch may have moved what is due next.
      knownDue = null;
      schedule(again || woken ? 0 : pollMs);
    })();
  };

  /** A write to one of its tables: the next pass within a poll interval of the last. */
  const onWrite = () => {
    if (stopped) return;
    idleSleep = pollMs;
    knownDue = null;
    if (running) {
      written = true;
      return;
    }
    const wait = Math.max(0, lastEnd + pollMs - Date.now());
    if (timer && Date.now() + wait < timerAt) schedule(wait);
  };

  return {
    name,
    start() {
      stopped = false;
      if (writes && wakes.wakeOn?.length) unsubscribe = writes.on(wakes.wakeOn, onWrite);
      schedule(0);
    },
    async stop(abort) {
      if (abort?.aborted) abandon.abort();
      else abort?.addEventListener('abort', () => abandon.abort(), { once: true });
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    runOnce: asThisWorker,
    abandoned: abandon.signal,
    wake() {
      if (stopped) return;
      idleSleep = pollMs;
      knownDue = null;
      if (running) woken = true;
      else if (timer) schedule(0);
    },
  };
}
