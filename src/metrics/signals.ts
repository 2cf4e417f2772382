/**
 * What the domain tells the metrics, without knowing them: the capacity writer, the webhook
 * worker and availability emit here; each app's Metrics listens while it is open. Features thus
 * need no metrics object passed down to the line that knows a booking was written.
 */
export interface DomainListener {
  bookingsCreated(livemode: boolean, count: number): void;
  webhookAttempt(outcome: 'success' | 'http_error' | 'network_error'): void;
  availabilityComputed(kind: 'search' | 'calendar', seconds: number): void;
}

const listeners = new Set<DomainListener>();

export const domainSignals = {
  /** Starts listening; returns the function that stops. */
  listen(listener: DomainListener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  bookingsCreated(livemode: boolean, count = 1): void {
    for (const l of listeners) l.bookingsCreated(livemode, count);
  },
  webhookAttempt(attempt: { ok: boolean; responseStatus: number | null }): void {
    const outcome = attempt.ok ? 'success' : attempt.responseStatus === null ? 'network_error' : 'http_error';
    for (const l of listeners) l.webhookAttempt(outcome);
  },
  /** Times `fn` as one availability search or calendar. */
  async timeAvailability<T>(kind: 'search' | 'calendar', fn: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await fn();
    } finally {
      const seconds = (performance.now() - started) / 1000;
      for (const l of listeners) l.availabilityComputed(kind, seconds);
    }
  },
};
