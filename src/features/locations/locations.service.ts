import { withTransaction, json, type DbHandle, type Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { ApiError, invalid, notFound } from '../../lib/errors.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { mergeMetadata, metadataForCreate } from '../../lib/metadata.js';
import { checkTimeZone } from '../../lib/timezone.js';
import { recordEvent, recordUpdated } from '../../events/outbox.repository.js';
import { toPage, type PageParams } from '../../db/pagination.js';
import { futureBookingAtLocation, resourceAtLocation } from '../../capacity/index.js';
import { blockAtLocation } from '../blocks/index.js';
import { overrideAtLocation, scheduleAtLocation } from '../schedules/index.js';
import * as repo from './locations.repository.js';
import { serializeLocation } from './locations.serializer.js';
import type { Clock } from '../../lib/clock.js';

export interface LocationInput {
  name?: string;
  timezone?: string | null;
  metadata?: Record<string, string>;
}

/** The canonical IANA name, null to clear, undefined when not given. */
const checkTimezone = (tz: string | null | undefined) => (tz === undefined || tz === null ? tz : checkTimeZone(tz));

export class LocationsService {
  constructor(
    private readonly db: DbHandle,
    private readonly clock: Clock,
  ) {}

  async create(scope: AccountScope, input: LocationInput & { name: string }) {
    const timezone = checkTimezone(input.timezone);
    return withTransaction(this.db, async (trx) => {
      const now = this.clock.now();
      const row = await repo.locations.insert(trx, {
        account_id: scope.accountId,
        id: newId(ID_PREFIX.location),
        livemode: scope.livemode,
        name: input.name,
        timezone: timezone ?? null,
        metadata: json(metadataForCreate(input.metadata)),
        created_at: now,
        updated_at: now,
      });
      const location = serializeLocation(row);
      await recordEvent(trx, scope, 'location.created', location, null, now);
      return location;
    });
  }

  async get(scope: AccountScope, id: string) {
    const row = await repo.locations.find(this.db, scope, id);
    if (!row) throw notFound('location', id);
    return serializeLocation(row);
  }

  async update(scope: AccountScope, id: string, input: LocationInput) {
    const timezone = checkTimezone(input.timezone);
    return withTransaction(this.db, async (trx) => {
      const before = await repo.locations.lock(trx, scope, id);
      if (!before) throw notFound('location', id);
      const now = this.clock.now();
      const row = await repo.locations.update(trx, scope, id, {
        name: input.name ?? before.name,
        timezone: timezone === undefined ? before.timezone : timezone,
        metadata: json(mergeMetadata(before.metadata, input.metadata)),
        updated_at: now,
      });
      return (await recordUpdated(trx, scope, 'location.updated', serializeLocation, before, row, now)).object;
    });
  }

  async delete(scope: AccountScope, id: string) {
    return withTransaction(this.db, async (trx) => {
      const row = await repo.locations.lock(trx, scope, id);
      if (!row) throw notFound('location', id);
      const now = this.clock.now();
      const user = await locationUsedBy(trx, scope, id, now);
      if (user) throw new ApiError('resource_in_use', `This location is still used by ${user}; remove that reference first.`);
      await repo.locations.delete(trx, scope, id);
      await recordEvent(trx, scope, 'location.deleted', serializeLocation(row), null, now);
      return { id, object: 'location', deleted: true as const };
    });
  }

  async list(scope: AccountScope, page: PageParams, metadata: Record<string, string>) {
    return toPage(await repo.listLocations(this.db, scope, page, metadata), serializeLocation);
  }
}

/**
 * What still points at a location: resources, blocks, schedules, overrides, future booking
 * segments. Each table's owner answers, in the caller's transaction, in this order.
 */
async function locationUsedBy(trx: Trx, scope: AccountScope, id: string, now: Date): Promise<string | null> {
  const resource = await resourceAtLocation(trx, scope, id);
  if (resource) return `resource ${resource} (default_location)`;
  const block = await blockAtLocation(trx, scope, id);
  if (block) return `block ${block}`;
  const schedule = await scheduleAtLocation(trx, scope, id);
  if (schedule) return `schedule ${schedule}`;
  const override = await overrideAtLocation(trx, scope, id);
  if (override) return `schedule override ${override}`;
  const booking = await futureBookingAtLocation(trx, scope, id, now);
  if (booking !== null) return `booking ${booking}`;
  return null;
}
