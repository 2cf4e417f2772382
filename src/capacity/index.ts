/**
 * The capacity module: everything that makes "never double-book" true, in one place.
 *
 *  - locks.ts        THE lock order (resource rows first, by id; then the changed rows),
 *                    typed: row locks need the `ResourceLocks` only the lock step returns;
 *  - holds.repository.ts        THE "holds capacity" SQL (confirmed, or pending and not expired);
 *  - facts.repository.ts  the facts the core needs (schedules, overrides, blocks, holds);
 *  - planner.ts      lock, load, plan with the core's planBooking (THE fit rule);
 *  - writer.ts       a planned booking, stored (row, segments, booking.created);
 *  - recheck.ts      the re-check of future bookings after a change of facts;
 *  - resource-change.ts  THE procedure of a change to a resource's time (its row, schedules,
 *                    overrides, blocks): lock, write, event, re-check;
 *  - bookings.repository.ts  the rows that hold capacity (bookings, segments, seats): the
 *                    writer's and re-check's SQL, a series' occurrences, an account's delete;
 *  - booking-list.repository.ts  the bookings list, each filter through an index of its own;
 *  - booking-reads.repository.ts  what other features read of them (a resource's feed, a
 *                    customer's latest booking, "is it booked" before a delete).
 *
 * Capacity is the one owner of the bookings and booking_segments tables: no other room
 * queries them (test/docs/structure.test.ts).
 *
 * Features call it only through this file: bookings, attendees, previews, schedules,
 * blocks, resources, availability, locations, feed URLs, accounts (and series).
 */
export { lockResources, lockResource, lockAllResources, type ResourceLocks } from './locks.js';
export { holdsCapacity, pendingAndLive, pendingAndLapsed, requestedAndLive, requestedAndLapsed, takesSeats, SEAT_TAKING } from './holds.repository.js';
export { loadResourceFacts, resourceIdsOfType, type ResourceFactsBundle, type ResourceFactsMap } from './facts.repository.js';
export { lockAndPlan, conflictError, spanOf, timelinesFrom, distinctIds, type LockedPlan, type ParsedSegment, type PlanRequest } from './planner.js';
export { writeBooking, type WriteBooking } from './writer.js';
export { recheckBookings, type RecheckOptions } from './recheck.js';
export { changesUnderLock, rowsOfResources, type ChangeKind, type Locked } from './resource-change.js';
export { assertLocationsExist, existingLocations, type Reference } from './references.repository.js';
export { existingResources, resourceAtLocation, resourcesTable, type ResourceRow } from './resources.repository.js';
export {
  bookingsTable,
  bookingsById,
  futureHoldingBookings,
  hasFutureHolds,
  deleteAccountBookings,
  resourcesOfBooking,
  seatsTakenOf,
  segmentsOf,
  takenKeys,
  resourcesOfOccurrencesFrom,
  cancellableOccurrences,
  cancelOccurrenceRows,
  declineTimedOutRequests,
  bookingWithPayment,
  lockPaymentReference,
  type BookingRow,
  type SegmentRow,
} from './bookings.repository.js';
export { eraseCustomerOfBookings, accountsWithPersonalDataBefore, erasePersonalDataEndedBefore } from './customer-data.repository.js';
export { listBookingRows, type BookingListFilters, type BookingOrder } from './booking-list.repository.js';
export { resourceHasBookings, futureBookingAtLocation, latestBookingOfCustomer } from './booking-reads.repository.js';
export { feedBookings, type FeedBookingRow } from './feed-bookings.repository.js';
export { serializeBooking, serializeSegment, type ApiBooking } from './bookings.serializer.js';
export { lifecycleFields } from './lifecycle.js';
export {
  AccountHolidaysInput,
  AccountHolidaysSchema,
  HolidayTypeSchema,
  ResourceHolidaysInput,
  ResourceHolidaysSchema,
  accountHolidaysRow,
  resourceHolidaysRow,
  serializeAccountHolidays,
  serializeResourceHolidays,
  type HolidaysBody,
} from './holidays.js';
export {
  CustomerInput,
  CustomerObject,
  CustomerSchema,
  ERASED_CUSTOMER,
  ERASED_REFERENCE,
  NO_CUSTOMER,
  customerColumns,
  customerNeedles,
  customerOf,
  serializeCustomer,
  withoutCustomer,
  type CustomerBody,
  type CustomerColumns,
  type CustomerMatch,
} from './customer.js';
export {
  BookingPolicyInput,
  BookingPolicySchema,
  loadPolicy,
  mergePolicy,
  policyInForce,
  serializePolicy,
  type BookingPolicyBody,
  type PolicyInForce,
} from './booking-policy.js';
export { BookingRulesInput, BookingRulesSchema, mergeRules, serializeRules, type BookingRulesBody } from './booking-rules.js';
