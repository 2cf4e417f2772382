import type { Logger } from 'pino';
import type { App } from '../../http/server.js';
import type { Db } from '../../db/connect.js';
import type { Config } from '../../config.js';
import type { Worker } from '../../workers/registry.js';
import { BookingsService } from './bookings.service.js';
import { bookingRoutes } from './bookings.routes.js';
import { expiryWorker } from './expiry.worker.js';
import { AttendeesService } from '../attendees/attendees.service.js';
import { attendeeRoutes } from '../attendees/attendees.routes.js';
import { conflictPreviewRoutes } from '../conflict-previews/previews.routes.js';

/** Registers bookings, attendees and conflict previews. */
export function registerBookingsRoutes(app: App, db: Db, _config: Config): void {
  bookingRoutes(app, db.kysely, new BookingsService(db.kysely));
  attendeeRoutes(app, new AttendeesService(db.kysely));
  conflictPreviewRoutes(app, db.kysely);
}

/** Expiry of pending bookings and attendees (booking.expired / attendee.expired within a poll interval). */
export function createBookingsWorkers(db: Db, config: Config, logger: Logger): Worker[] {
  return [expiryWorker(db.kysely, config.workerPollMs, logger)];
}
