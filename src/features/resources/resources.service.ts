import { withTransaction, json, type DbHandle, type Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../http/context.js';
import { ApiError, invalid, notFound } from '../../http/errors.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { mergeMetadata, metadataForCreate } from '../../lib/metadata.js';
import { canonicalTimeZone } from '../../lib/timezone.js';
import { changedAttributes, recordEvent } from '../../events/outbox.js';
import { toPage, type PageParams } from '../../http/pagination.js';
import { findLocation } from '../locations/locations.repository.js';
import { recheckBookings } from '../bookings/recheck.js';
import { deleteResourceDependents } from '../schedules/cascade.js';
import * as repo from './resources.repository.js';
import { serializeResource } from './resources.serializer.js';

export interface ResourceInput {
  name?: string;
  type?: string;
  capacity?: number;
  timezone?: string;
  default_location?: string | null;
  buffer_before_minutes?: number;
  buffer_after_minutes?: number;
  metadata?: Record<string, string>;
}

async function checkLocation(trx: Trx, scope: AccountScope, id: string | null | undefined) {
  if (id && !(await findLocation(trx, scope, id))) throw notFound('location', id, 'default_location');
}

/** The canonical IANA name (`europe/paris` → `Europe/Paris`), undefined when not given. */
function checkTimezone(tz: string | undefined): string | undefined {
  if (tz === undefined) return undefined;
  const canonical = canonicalTimeZone(tz);
  if (!canonical) throw invalid('timezone', `'${tz}' is not an IANA time zone name.`);
  return canonical;
}

export class ResourcesService {
  constructor(private readonly db: DbHandle) {}

  async create(scope: AccountScope, input: ResourceInput & { name: string; type: string }) {
    const timezone = checkTimezone(input.timezone);
    return withTransaction(this.db, async (trx) => {
      await checkLocation(trx, scope, input.default_location);
      const account = await trx.selectFrom('accounts').select('timezone').where('id', '=', scope.accountId).executeTakeFirstOrThrow();
      const now = new Date();
      const row = await repo.insertResource(trx, {
        account_id: scope.accountId,
        id: newId(ID_PREFIX.resource),
        livemode: scope.livemode,
        name: input.name,
        type: input.type,
        capacity: input.capacity ?? 1,
        timezone: timezone ?? account.timezone,
        default_location: input.default_location ?? null,
        status: 'active',
        buffer_before_minutes: input.buffer_before_minutes ?? 0,
        buffer_after_minutes: input.buffer_after_minutes ?? 0,
        metadata: json(metadataForCreate(input.metadata)),
        created_at: now,
        updated_at: now,
      });
      const resource = serializeResource(row);
      await recordEvent(trx, scope, 'resource.created', resource, null, now);
      return resource;
    });
  }

  async get(scope: AccountScope, id: string) {
    const row = await repo.findResource(this.db, scope, id);
    if (!row) throw notFound('resource', id);
    return serializeResource(row);
  }

  /** Capacity, time zone and buffer changes re-check the resource's future bookings. */
  async update(scope: AccountScope, id: string, input: ResourceInput) {
    const timezone = checkTimezone(input.timezone);
    return withTransaction(this.db, async (trx) => {
      const before = await repo.findResource(trx, scope, id, true);
      if (!before) throw notFound('resource', id);
      await checkLocation(trx, scope, input.default_location);
      const now = new Date();
      const row = await repo.updateResource(trx, scope, id, {
        name: input.name ?? before.name,
        capacity: input.capacity ?? before.capacity,
        timezone: timezone ?? before.timezone,
        default_location: input.default_location === undefined ? before.default_location : input.default_location,
        buffer_before_minutes: input.buffer_before_minutes ?? before.buffer_before_minutes,
        buffer_after_minutes: input.buffer_after_minutes ?? before.buffer_after_minutes,
        metadata: json(mergeMetadata(before.metadata, input.metadata)),
        updated_at: now,
      });
      const resource = serializeResource(row);
      const changed = changedAttributes(serializeResource(before), resource);
      if (changed) {
        await recordEvent(trx, scope, 'resource.updated', resource, changed, now);
        if (['capacity', 'timezone', 'default_location'].some((k) => k in changed)) {
          await recheckBookings(trx, scope, [id], now);
        }
      }
      return resource;
    });
  }

  async setStatus(scope: AccountScope, id: string, status: 'active' | 'archived') {
    return withTransaction(this.db, async (trx) => {
      const before = await repo.findResource(trx, scope, id, true);
      if (!before) throw notFound('resource', id);
      if (before.status === status) return serializeResource(before);
      const now = new Date();
      const row = await repo.updateResource(trx, scope, id, { status, updated_at: now });
      const resource = serializeResource(row);
      await recordEvent(trx, scope, status === 'archived' ? 'resource.archived' : 'resource.unarchived', resource, { status: before.status }, now);
      await recheckBookings(trx, scope, [id], now);
      return resource;
    });
  }

  async delete(scope: AccountScope, id: string) {
    return withTransaction(this.db, async (trx) => {
      const row = await repo.findResource(trx, scope, id, true);
      if (!row) throw notFound('resource', id);
      if (await repo.resourceHasBookings(trx, scope, id)) {
        throw new ApiError('resource_in_use', 'This resource has bookings; archive it instead of deleting it.');
      }
      const now = new Date();
      await deleteResourceDependents(trx, scope, id, now);
      await repo.deleteResource(trx, scope, id);
      await recordEvent(trx, scope, 'resource.deleted', serializeResource(row), null, now);
      return { id, object: 'resource', deleted: true as const };
    });
  }

  async list(scope: AccountScope, filters: repo.ResourceFilters, page: PageParams, metadata: Record<string, string>) {
    return toPage(await repo.listResources(this.db, scope, filters, page, metadata), serializeResource);
  }
}
