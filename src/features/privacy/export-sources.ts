/**
 * What an export holds (docs/privacy.md#export): each object type the account owns, in the
 * order an import needs them (places and resources before the time that refers to them), as
 * the API shows it in the latest version. Each type is read a page at a time, by id, through
 * the owner of its table.
 */
import type { DbHandle } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { findAccount } from '../../tenancy/accounts.repository.js';
import { LATEST_API_VERSION } from '../../lib/api-versions.js';
import { bookingsTable, resourcesTable } from '../../capacity/index.js';
import { serializeAccount } from '../accounts/index.js';
import { locationsTable, serializeLocation } from '../locations/index.js';
import { serializeResource } from '../resources/index.js';
import { overridesTable, schedulesTable, serializeOverride, serializeSchedule } from '../schedules/index.js';
import { blocksTable, serializeBlock } from '../blocks/index.js';
import { seriesTable, serializeSeries } from '../series/index.js';
import { attendeesTable, hydrateBookings, serializeAttendee } from '../bookings/index.js';
import { accountEventsAfter, serializeEvent } from '../events/index.js';
import { feedsAfter, serializeFeed } from '../calendar-feeds/index.js';
import { serializeSession } from '../booking-sessions/index.js';
import { sessionsAfter } from '../../tenancy/index.js';
import type { SecretsBox } from '../../lib/secrets-box.js';

/** What reading a page needs besides the database: the time objects are shown at, and the box that opens sealed values. */
export interface ExportRead {
  now: Date;
  secrets: SecretsBox;
}

export interface ExportSource {
  /** The file's name without `.jsonl`, and the manifest's `type`. */
  type: string;
  /** Up to `limit` objects after the id `after`, in id order. */
  page(db: DbHandle, scope: AccountScope, after: string, limit: number, read: ExportRead): Promise<{ id: string }[]>;
}

export const EXPORT_SOURCES: readonly ExportSource[] = [
  {
    type: 'accounts',
    page: async (db, scope, after) => {
      if (after !== '') return [];
      const row = await findAccount(db, scope, scope.accountId);
      return row ? [serializeAccount(row)] : [];
    },
  },
  { type: 'locations', page: async (db, scope, after, limit) => (await locationsTable.after(db, scope, after, limit)).map(serializeLocation) },
  { type: 'resources', page: async (db, scope, after, limit) => (await resourcesTable.after(db, scope, after, limit)).map(serializeResource) },
  { type: 'schedules', page: async (db, scope, after, limit) => (await schedulesTable.after(db, scope, after, limit)).map(serializeSchedule) },
  { type: 'schedule_overrides', page: async (db, scope, after, limit) => (await overridesTable.after(db, scope, after, limit)).map(serializeOverride) },
  { type: 'blocks', page: async (db, scope, after, limit) => (await blocksTable.after(db, scope, after, limit)).map(serializeBlock) },
  // A feed's URL is shown redacted, as the API shows it: its token is the calendar owner's secret.
  { type: 'calendar_feeds', page: async (db, scope, after, limit, { secrets }) => (await feedsAfter(db, secrets, scope, after, limit)).map(serializeFeed) },
  { type: 'series', page: async (db, scope, after, limit) => (await seriesTable.after(db, scope, after, limit)).map(serializeSeries) },
  { type: 'bookings', page: async (db, scope, after, limit, { now }) => hydrateBookings(db, scope, await bookingsTable.after(db, scope, after, limit), now) },
  { type: 'attendees', page: async (db, scope, after, limit, { now }) => (await attendeesTable.after(db, scope, after, limit)).map((row) => serializeAttendee(row, now)) },
  { type: 'booking_sessions', page: async (db, scope, after, limit, { now }) => (await sessionsAfter(db, scope, after, limit)).map((row) => serializeSession(row, now)) },
  {
    type: 'events',
    page: async (db, scope, after, limit, { now }) => (await accountEventsAfter(db, scope, after, limit, now)).map((row) => serializeEvent(row, LATEST_API_VERSION)!),
  },
];
