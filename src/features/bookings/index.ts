import type { FeatureModule } from '../module.js';
import { BookingsService } from './bookings.service.js';
import { bookingRoutes } from './bookings.routes.js';
import { expiryWorker } from './expiry.worker.js';
import { AttendeesService } from './attendees.service.js';
import { attendeeRoutes } from './attendees.routes.js';
import { pacingOf } from '../../workers/poller.js';

export { CandidateOrderSchema, ConflictSchema, FairnessPeriodSchema, PolicySchema, PreferPreviousResource, assertSegmentsOfPlannerVersion } from './bookings.schemas.js';
export { instant, parseSegments, type SegmentBody } from './bookings.input.js';
export { hydrateBookings } from './bookings.read.js';
export { eraseCustomerOfAttendees } from './attendees.repository.js';

/** Bookings and their attendees; the expiry of pending ones. */
export const bookingsModule: FeatureModule = {
  name: 'bookings',
  tags: [
    { name: 'Bookings', description: 'Held time on resources: created, rescheduled, confirmed, cancelled, expired.' },
    { name: 'Attendees', description: 'Seats of a booking taken by people.' },
  ],
  routes(app, { db, clock }) {
    bookingRoutes(app, new BookingsService(db.kysely, clock));
    attendeeRoutes(app, new AttendeesService(db.kysely, clock));
  },
  /** booking.expired / attendee.expired within a poll interval. */
  workers: ({ db, clock, config }, logger) => [expiryWorker(db.kysely, clock, pacingOf({ db, clock, config }), logger)],
};
export { BookingsService } from './bookings.service.js';
export { BookingSchema } from './bookings.schemas.js';
export { attendees as attendeesTable } from './attendees.repository.js';
export { serializeAttendee } from './attendees.serializer.js';
