/**
 * Event types by API version (docs/events.md, "Versions"): the types an older version does not
 * have, and what such a client calls them. Webhook fan-out subscribes endpoints by it
 * (src/events/fanout.repository.ts), rendering renames events by it (src/lib/api-versions.ts),
 * and the events list filters by it.
 */
import { BOOKING_SESSIONS_VERSION, DEPOSITS_VERSION, POLICIES_VERSION, PRIVACY_VERSION, WAITLIST_VERSION, versionHas, type ApiVersion } from './api-version-dates.js';

/**
 * Event types an older version does not have: endpoints pinned before `since` get them under
 * the type they knew (`before`), or not at all (`before` null).
 */
export const EVENT_TYPE_SINCE: Readonly<Record<string, { since: ApiVersion; before: string | null }>> = {
  // A requested booking is a pending one to an older client: its booking.created says so.
  'booking.requested': { since: POLICIES_VERSION, before: null },
  'booking.approved': { since: POLICIES_VERSION, before: 'booking.confirmed' },
  'booking.declined': { since: POLICIES_VERSION, before: 'booking.cancelled' },
  'booking.charge_due': { since: POLICIES_VERSION, before: null },
  'booking.payment_recorded': { since: DEPOSITS_VERSION, before: null },
  'booking.refund_due': { since: DEPOSITS_VERSION, before: null },
  'customer.erased': { since: PRIVACY_VERSION, before: null },
  'export.ready': { since: PRIVACY_VERSION, before: null },
  'attendee.waitlisted': { since: WAITLIST_VERSION, before: null },
  // To an older client a promoted attendee is a new one (it never saw it waiting).
  'attendee.promoted': { since: WAITLIST_VERSION, before: 'attendee.created' },
  'booking_session.completed': { since: BOOKING_SESSIONS_VERSION, before: null },
  'booking_session.expired': { since: BOOKING_SESSIONS_VERSION, before: null },
};

/** What a client pinned to `version` calls an event stored as `stored`; null when it does not get it. */
export function eventTypeInVersion(stored: string, version: string): string | null {
  const since = EVENT_TYPE_SINCE[stored];
  return !since || versionHas(version, since.since) ? stored : since.before;
}

/**
 * The stored event types that a client pinned to `version` reads as `type` (`booking.declined`
 * is `booking.cancelled` before 2027-02-01); none for a type the version does not have. The
 * events list filters by it, so that a filter finds what the version shows.
 */
export function storedEventTypes(type: string, version: string): string[] {
  return [...new Set([type, ...Object.keys(EVENT_TYPE_SINCE)])].filter((stored) => eventTypeInVersion(stored, version) === type);
}
