/**
 * What the service exports for monitoring (docs/metrics.md), in the Prometheus text format
 * through prom-client. One registry per app, so two apps in one process (tests) never mix.
 *
 * Gauges that describe the database (pending deliveries, worker lag, pool use) are read when
 * Prometheus scrapes, through probes the features register: nothing polls in between.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { domainSignals } from './signals.js';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface PoolStats {
  /** Connections running a query or holding a transaction. */
  inUse: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

type Probe<T> = () => Promise<T> | T;

const ENGINE_BUSY = 'scheduling_db_engine_busy_seconds_total';

export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'scheduling_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'scheduling_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its response, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly bookingsCreated = new Counter({
    name: 'scheduling_bookings_created_total',
    help: 'Bookings created (create, reschedule, import, series occurrences), counted after their transaction committed.',
    labelNames: ['livemode'] as const,
    registers: [this.registry],
  });

  readonly availabilitySearches = new Counter({
    name: 'scheduling_availability_searches_total',
    help: 'Availability searches and calendars computed.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly availabilitySearchDuration = new Histogram({
    name: 'scheduling_availability_search_duration_seconds',
    help: 'Time to compute an availability search or calendar (loading facts included).',
    labelNames: ['kind'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly webhookAttempts = new Counter({
    name: 'scheduling_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome: success (2xx in time), http_error (any other status, redirects included), network_error (refused, reset, timed out).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly rateLimited = new Counter({
    name: 'scheduling_rate_limited_total',
    help: 'Requests refused with 429 rate_limited.',
    labelNames: ['livemode'] as const,
    registers: [this.registry],
  });

  readonly rateLimitStoreErrors = new Counter({
    name: 'scheduling_rate_limit_store_errors_total',
    help: 'Rate-limit checks that failed because the store (Redis) did not answer; those requests were let through.',
    registers: [this.registry],
  });

  readonly usageFlushFailures = new Counter({
    name: 'scheduling_usage_flush_failures_total',
    help: 'Failed writes of request counts; the counts are kept in memory and written by the next flush.',
    registers: [this.registry],
  });

  #pendingDeliveries: Probe<{ pending: number; sending: number }> | null = null;
  #lagProbes = new Map<string, Probe<number>>();
  #pool: Probe<PoolStats> | null = null;

  constructor(options: { defaultMetrics?: boolean } = {}) {
    // Process metrics, among them the event-loop delay (nodejs_eventloop_lag_seconds and its
    // percentiles), measured by Node's own monitorEventLoopDelay.
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });

    const self = this;
    new Gauge({
      name: 'scheduling_webhook_deliveries_pending',
      help: 'Webhook deliveries not finished: pending (waiting for their next attempt, endpoint enabled) and sending (claimed by a worker).',
      labelNames: ['status'] as const,
      registers: [this.registry],
      async collect() {
        if (!self.#pendingDeliveries) return;
        const counts = await self.#pendingDeliveries();
        this.set({ status: 'pending' }, counts.pending);
        this.set({ status: 'sending' }, counts.sending);
      },
    });
    new Gauge({
      name: 'scheduling_worker_lag_seconds',
      help: 'For each background worker, how overdue its oldest due item is (0 when it is keeping up).',
      labelNames: ['worker'] as const,
      registers: [this.registry],
      async collect() {
        for (const [worker, probe] of self.#lagProbes) this.set({ worker }, Math.max(0, await probe()));
      },
    });
    new Gauge({
      name: 'scheduling_db_pool_connections_in_use',
      help: 'Database connections running a query or holding a transaction.',
      registers: [this.registry],
      async collect() {
        if (self.#pool) this.set((await self.#pool()).inUse);
      },
    });
    new Gauge({
      name: 'scheduling_db_pool_connections_waiting',
      help: 'Callers waiting for a database connection.',
      registers: [this.registry],
      async collect() {
        if (self.#pool) this.set((await self.#pool()).waiting);
      },
    });
  }

  setPendingDeliveriesProbe(probe: Probe<{ pending: number; sending: number }>): void {
    this.#pendingDeliveries = probe;
  }

  /** Registers how overdue a worker's oldest due item is, in seconds. */
  addWorkerLagProbe(worker: string, probe: Probe<number>): void {
    this.#lagProbes.set(worker, probe);
  }

  setPoolProbe(probe: Probe<PoolStats>): void {
    this.#pool = probe;
  }

  /**
   * The embedded engine's busy time, in ms (PGlite: it runs in this process's thread). Only a
   * process on PGlite has the counter: on a server it would always read 0.
   */
  setEngineBusyProbe(probe: () => number): void {
    if (this.registry.getSingleMetric(ENGINE_BUSY)) return;
    new Counter({
      name: ENGINE_BUSY,
      help: 'Seconds this process has spent inside the embedded database engine (PGlite), its share of the process CPU.',
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(probe() / 1000);
      },
    });
  }

  /** Counts what the domain signals (signals.ts) until the returned function is called. */
  listenToDomain(): () => void {
    return domainSignals.listen({
      bookingsCreated: (livemode, count) => this.bookingsCreated.inc({ livemode: String(livemode) }, count),
      webhookAttempt: (outcome) => this.webhookAttempts.inc({ outcome }),
      availabilityComputed: (kind, seconds) => {
        this.availabilitySearches.inc({ kind });
        this.availabilitySearchDuration.observe({ kind }, seconds);
      },
    });
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
