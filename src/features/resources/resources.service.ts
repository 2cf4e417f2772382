import { withTransaction, json, type DbHandle, type Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { accountTimezone } from '../../tenancy/accounts.repository.js';
import { ApiError, invalid, notFound } from '../../lib/errors.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { mergeMetadata, metadataForCreate } from '../../lib/metadata.js';
import { checkTimeZone } from '../../lib/timezone.js';
import { recordEvent } from '../../events/outbox.repository.js';
import { toPage, type PageParams } from '../../db/pagination.js';
import { deleteWorkingTimeOf } from '../schedules/index.js';
import { deleteBlocksOf } from '../blocks/index.js';
import { activeSeriesNaming } from '../series/index.js';
import * as repo from './resources.repository.js';
import { serializeResource } from './resources.serializer.js';
import type { Clock } from '../../lib/clock.js';
import { assertLocationsExist, type BookingPolicyBody, type BookingRulesBody, changesUnderLock, type HolidaysBody, lockResource, mergePolicy, mergeRules, resourceHasBookings, resourceHolidaysRow } from '../../capacity/index.js';
import { usageMeter } from '../../metering/index.js';
import { normalizeOffsets } from '../reminders/index.js';

export interface ResourceInput {
  name?: string;
  type?: string;
  capacity?: number;
  timezone?: string;
  default_location?: string | null;
  buffer_before_minutes?: number;
  buffer_after_minutes?: number;
  booking_rules?: BookingRulesBody;
  holidays?: HolidaysBody | null | 'account';
  assignment_weight?: number;
  assignment_priority?: number;
  booking_policy?: BookingPolicyBody;
  reminder_offsets_minutes?: number[] | null;
  metadata?: Record<string, string>;
}

async function checkLocation(trx: Trx, scope: AccountScope, id: string | null | undefined) {
  if (id) await assertLocationsExist(trx, scope, [{ id, param: 'default_location' }]);
}

const offsetsColumn = (offsets: number[] | null) => (offsets === null ? null : json(normalizeOffsets(offsets)));

/** The canonical IANA name (`europe/paris` → `Europe/Paris`), undefined when not given. */
const checkTimezone = (tz: string | undefined) => (tz === undefined ? undefined : checkTimeZone(tz));

/** A resource's row lock is its resource lock (capacity/locks.ts): 404 names no parameter. */
const changes = changesUnderLock({
  object: 'resource',
  serialize: serializeResource,
  async lock(trx, scope, id) {
    const { locks, resource } = await lockResource(trx, scope, id, null);
    return { locks, row: resource };
  },
});

export class ResourcesService {
  constructor(
    private readonly db: DbHandle,
    private readonly clock: Clock,
  ) {}

  async create(scope: AccountScope, input: ResourceInput & { name: string; type: string }) {
    const timezone = checkTimezone(input.timezone);
    const holidays = await resourceHolidaysRow(input.holidays);
    return withTransaction(this.db, async (trx) => {
      await checkLocation(trx, scope, input.default_location);
      const accountZone = (await accountTimezone(trx, scope))!;
      const now = this.clock.now();
      const row = await repo.resources.insert(trx, {
        account_id: scope.accountId,
        id: newId(ID_PREFIX.resource),
        livemode: scope.livemode,
        name: input.name,
        type: input.type,
        capacity: input.capacity ?? 1,
        timezone: timezone ?? accountZone,
        default_location: input.default_location ?? null,
        status: 'active',
        buffer_before_minutes: input.buffer_before_minutes ?? 0,
        buffer_after_minutes: input.buffer_after_minutes ?? 0,
        booking_rules: json(mergeRules(null, input.booking_rules)),
        holidays: holidays ? json(holidays) : null,
        assignment_weight: input.assignment_weight ?? 1,
        assignment_priority: input.assignment_priority ?? 0,
        booking_policy: json(mergePolicy(null, input.booking_policy)),
        reminder_offsets_minutes: offsetsColumn(input.reminder_offsets_minutes ?? null),
        metadata: json(metadataForCreate(input.metadata)),
        created_at: now,
        updated_at: now,
      });
      const resource = serializeResource(row);
      await usageMeter.resourceActive(trx, scope, row.id, now);
      await recordEvent(trx, scope, 'resource.created', resource, null, now);
      return resource;
    });
  }

  async get(scope: AccountScope, id: string) {
    const row = await repo.resources.find(this.db, scope, id);
    if (!row) throw notFound('resource', id);
    return serializeResource(row);
  }

  /** Capacity, time zone, default location and holiday changes re-check the resource's future bookings; buffer changes apply to new bookings only (a segment keeps the buffers it was booked with). */
  async update(scope: AccountScope, id: string, input: ResourceInput) {
    const timezone = checkTimezone(input.timezone);
    const holidays = await resourceHolidaysRow(input.holidays);
    return withTransaction(this.db, (trx) =>
      changes.update(trx, scope, id, this.clock, {
        async write(before, now) {
          await checkLocation(trx, scope, input.default_location);
          return repo.resources.update(trx, scope, id, {
            name: input.name ?? before.name,
            capacity: input.capacity ?? before.capacity,
            timezone: timezone ?? before.timezone,
            default_location: input.default_location === undefined ? before.default_location : input.default_location,
            buffer_before_minutes: input.buffer_before_minutes ?? before.buffer_before_minutes,
            buffer_after_minutes: input.buffer_after_minutes ?? before.buffer_after_minutes,
            // Rules are checked when a booking is made or moved: changing them re-checks nothing.
            booking_rules: json(mergeRules(before.booking_rules, input.booking_rules)),
            ...(holidays === undefined ? {} : { holidays: holidays ? json(holidays) : null }),
            // Weights order the candidates of bookings still to be made: nothing to re-check.
            assignment_weight: input.assignment_weight ?? before.assignment_weight,
            assignment_priority: input.assignment_priority ?? before.assignment_priority,
            booking_policy: json(mergePolicy(before.booking_policy, input.booking_policy)),
            ...(input.reminder_offsets_minutes === undefined ? {} : { reminder_offsets_minutes: offsetsColumn(input.reminder_offsets_minutes) }),
            metadata: json(mergeMetadata(before.metadata, input.metadata)),
            updated_at: now,
          });
        },
        rechecks: (changed) => ['capacity', 'timezone', 'default_location', 'holidays'].some((k) => k in changed),
      }),
    );
  }

  /** The event's previous attributes are `{ status }`: the only one that changes here. */
  async setStatus(scope: AccountScope, id: string, status: 'active' | 'archived') {
    return withTransaction(this.db, (trx) =>
      changes.update(trx, scope, id, this.clock, {
        async write(before, now) {
          if (before.status === status) return before;
          const row = await repo.resources.update(trx, scope, id, { status, updated_at: now });
          // Active until now (archive) or from now (unarchive): either way, active this month.
          await usageMeter.resourceActive(trx, scope, id, now);
          return row;
        },
        event: status === 'archived' ? 'resource.archived' : 'resource.unarchived',
        rechecks: () => true,
      }),
    );
  }

  async delete(scope: AccountScope, id: string) {
    return withTransaction(this.db, async (trx) => {
      const { resource: row } = await lockResource(trx, scope, id, null);
      if (await resourceHasBookings(trx, scope, id)) {
        throw new ApiError('resource_in_use', 'This resource has bookings; archive it instead of deleting it.');
      }
      const series = await activeSeriesNaming(trx, scope, id);
      if (series) {
        throw new ApiError('resource_in_use', `This resource is named in the template of active series ${series}; cancel the series or change its template first.`);
      }
      const now = this.clock.now();
      await deleteBlocksOf(trx, scope, id, now);
      await deleteWorkingTimeOf(trx, scope, id, now);
      // Active until now: it counts in this month even if the month opens after the delete.
      if (row.status === 'active') await usageMeter.resourceActive(trx, scope, id, now);
      await repo.resources.delete(trx, scope, id);
      await recordEvent(trx, scope, 'resource.deleted', serializeResource(row), null, now);
      return { id, object: 'resource', deleted: true as const };
    });
  }

  async list(scope: AccountScope, filters: repo.ResourceFilters, page: PageParams, metadata: Record<string, string>) {
    return toPage(await repo.listResources(this.db, scope, filters, page, metadata), serializeResource);
  }
}
