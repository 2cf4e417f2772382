/**
 * The API's versions and the version that brought each feature (docs/api-conventions.md#versions):
 * what a request's pinned version is compared with. How an object is rendered for an older
 * version is src/lib/api-versions.ts; how an event type is named, src/lib/event-type-versions.ts.
 */
export const API_VERSIONS = ['2026-05-01', '2026-10-16', '2026-12-01', '2027-01-10', '2027-02-01', '2027-02-15', '2027-03-01', '2027-03-15', '2027-04-01', '2027-04-15', '2027-05-01'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const LATEST_API_VERSION: ApiVersion = '2027-05-01';

/** The version that brought erasure, exports and retention (docs/privacy.md). */
export const PRIVACY_VERSION: ApiVersion = '2027-05-01';

/** The version that brought actors on events and a booking's history (docs/events.md#actors). */
export const AUDIT_VERSION: ApiVersion = '2027-03-01';

/** The version that brought booking sessions and the booker element (docs/elements.md). */
export const BOOKING_SESSIONS_VERSION: ApiVersion = '2027-04-15';

/** The version that brought waitlists (docs/waitlists.md#older-api-versions). */
export const WAITLIST_VERSION: ApiVersion = '2027-01-10';

/** The version that brought customers and booking policies (docs/policies.md#older-api-versions). */
export const POLICIES_VERSION: ApiVersion = '2027-02-01';

/** The version that brought deposits (docs/policies.md#deposits). */
export const DEPOSITS_VERSION: ApiVersion = '2027-03-15';

/** The version of returning customers: `prefer_previous_resource` (docs/bookings.md#returning-customers). */
export const RETURNING_VERSION: ApiVersion = '2027-04-01';

/** The version of holidays and weighted assignment (docs/availability.md#holidays, docs/bookings.md#weighted-assignment). */
export const PLANNER_VERSION: ApiVersion = '2027-02-15';

/** Whether a client pinned to `version` has what `since` introduced. */
export function versionHas(version: string, since: ApiVersion): boolean {
  return version >= since;
}

export function isApiVersion(v: string): v is ApiVersion {
  return (API_VERSIONS as readonly string[]).includes(v);
}
