/**
 * The signal of one outgoing attempt: aborted when its time is up, or when a long-lived `stop`
 * signal (a worker stopping) fires, whichever comes first. Call `done()` when the attempt ends.
 *
 * Not `AbortSignal.any([AbortSignal.timeout(ms), stop])`: Node keeps every signal that `any`
 * makes in a set of its sources' dependants, and does not prune it while a source lives
 * (nodejs/node#55351 and its follow-ups). A worker's stop signal lives as long as the process,
 * so each attempt left about a hundred bytes behind for good: in an hour's soak on PostgreSQL,
 * about 8,500 a minute, and the resident memory rose a quarter (docs/performance.md, "Soak"). Here
 * the attempt's listener on `stop` is removed when it ends, and nothing else refers to it.
 */
export interface AttemptSignal {
  signal: AbortSignal;
  /** Whether the attempt was aborted by its time limit (not by `stop`). */
  timedOut(): boolean;
  /** Clears the timer and the listener on `stop`. */
  done(): void;
}

export function attemptSignal(timeoutMs: number, stop?: AbortSignal): AttemptSignal {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  // A pending attempt must not keep a stopping process alive.
  timer.unref();
  const onStop = () => controller.abort(stop!.reason);
  if (stop?.aborted) onStop();
  else stop?.addEventListener('abort', onStop, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done() {
      clearTimeout(timer);
      stop?.removeEventListener('abort', onStop);
    },
  };
}
