import type { FeatureModule } from '../module.js';
import { BookingsService } from '../bookings/index.js';
import { BookingSessionsService } from './booking-sessions.service.js';
import { bookingSessionRoutes } from './booking-sessions.routes.js';
import { bookingSessionClientRoutes } from './booking-sessions.client.routes.js';
import { bookingPageRoutes } from './booking-sessions.page.routes.js';
import { bookingSessionsWorker } from './booking-sessions.worker.js';
import { pacingOf } from '../../workers/poller.js';

/**
 * Booking sessions (docs/elements.md): short-lived client secrets for the embeddable booker
 * (packages/elements) and the hosted booking page. Registered after availability and bookings:
 * its client-secret routes share their paths.
 */
export const bookingSessionsModule: FeatureModule = {
  name: 'booking-sessions',
  tags: [
    {
      name: 'Booking sessions',
      description: "Short-lived client secrets that let a platform's customer pick and book a time in the browser, in an embedded booker or on the hosted page, without an API key.",
    },
  ],
  routes(app, { db, clock }) {
    const service = new BookingSessionsService(db.kysely, clock, new BookingsService(db.kysely, clock));
    bookingSessionRoutes(app, service);
    bookingSessionClientRoutes(app, service);
    bookingPageRoutes(app, service);
  },
  /** booking_session.expired within a poll interval of a session's end. */
  workers: ({ db, clock, config }, logger) => [bookingSessionsWorker(db.kysely, clock, pacingOf({ db, clock, config }), logger)],
};

/** A session as the API shows it (no client secret): exports (docs/privacy.md#export). */
export { serializeSession } from './booking-sessions.serializer.js';
