import type { Logger } from 'pino';
import type { Db } from '../db/connect.js';
import type { Config } from '../config.js';
import { createSchedulesWorkers } from '../features/schedules/index.js';
import { createAvailabilityWorkers } from '../features/availability/index.js';
import { createBookingsWorkers } from '../features/bookings/index.js';
import { createWebhooksWorkers } from '../features/webhooks/index.js';

/** A background loop that runs beside the HTTP server and stops cleanly on SIGTERM. */
export interface Worker {
  name: string;
  start(): void;
  /** Resolves when the current pass has finished; no new pass starts after. */
  stop(): Promise<void>;
}

/** The workers this process runs (webhook delivery, pending expiry, event retention, …). */
export function createWorkers(db: Db, config: Config, logger: Logger): Worker[] {
  return [
    ...createSchedulesWorkers(db, config, logger),
    ...createAvailabilityWorkers(db, config, logger),
    ...createBookingsWorkers(db, config, logger),
    ...createWebhooksWorkers(db, config, logger),
  ];
}
