import { withTransaction, json, type DbHandle, type Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { ApiError, invalid, notFound } from '../../lib/errors.js';
import { toPage, type PageParams } from '../../db/pagination.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { mergeMetadata, metadataForCreate } from '../../lib/metadata.js';
import { parseRfc3339 } from '../../lib/time-format.js';
import { recordEvent } from '../../events/outbox.repository.js';
import * as repo from './blocks.repository.js';
import { serializeBlock } from './blocks.serializer.js';
import type { Clock } from '../../lib/clock.js';
import { assertLocationsExist, changesUnderLock, lockAllResources, lockResource, rowsOfResources, type ResourceLocks } from '../../capacity/index.js';

export interface BlockCreateInput {
  resource?: string | null;
  location?: string | null;
  account_wide?: boolean;
  start: string;
  end: string;
  reason?: string | null;
  metadata?: Record<string, string>;
}

export interface BlockUpdateInput {
  start?: string;
  end?: string;
  reason?: string | null;
  metadata?: Record<string, string>;
}

function instant(text: string, param: string): Date {
  const ms = parseRfc3339(text);
  if (ms === null) throw invalid(param, `Invalid ${param}: must be an RFC 3339 date-time.`);
  return new Date(ms);
}

/** Exactly one scope (docs/availability.md#blocks): a resource, a location, or the whole account. */
function scopeOf(input: BlockCreateInput): 'resource' | 'location' | 'account_wide' {
  const given = (['resource', 'location', 'account_wide'] as const).filter((k) => (k === 'account_wide' ? input[k] === true : !!input[k]));
  if (given.length === 0) {
    throw new ApiError('parameter_missing', 'A block needs exactly one scope: resource, location, or account_wide: true.', 'resource');
  }
  if (given.length > 1) {
    throw new ApiError('parameters_exclusive', `A block has exactly one scope; got ${given.join(' and ')}.`, given[1]);
  }
  return given[0];
}

/** Resource blocks re-check their resource; location and account-wide blocks every resource. */
async function lockTouched(trx: Trx, scope: AccountScope, resourceId: string | null): Promise<ResourceLocks> {
  if (resourceId) return (await lockResource(trx, scope, resourceId)).locks;
  return lockAllResources(trx, scope);
}

/** Block rows change under the locks of what they touch (capacity/resource-change.ts). */
const changes = changesUnderLock(rowsOfResources('block', repo.blocks, serializeBlock, (trx, scope, row) => lockTouched(trx, scope, row.resource_id)));

export async function createBlockIn(trx: Trx, scope: AccountScope, input: BlockCreateInput, now: Date) {
  const kind = scopeOf(input);
  const start = instant(input.start, 'start');
  const end = instant(input.end, 'end');
  if (end.getTime() <= start.getTime()) throw invalid('end', 'Invalid end: must be after start.');
  const resourceId = kind === 'resource' ? input.resource! : null;
  return changes.create(trx, scope, now, {
    lock: () => lockTouched(trx, scope, resourceId),
    async write() {
      if (kind === 'location') await assertLocationsExist(trx, scope, [{ id: input.location!, param: 'location' }]);
      return repo.blocks.insert(trx, {
        account_id: scope.accountId,
        id: newId(ID_PREFIX.block, now.getTime()),
        livemode: scope.livemode,
        resource_id: resourceId,
        location_id: kind === 'location' ? input.location! : null,
        account_wide: kind === 'account_wide',
        start_at: start,
        end_at: end,
        reason: input.reason ?? null,
        metadata: json(metadataForCreate(input.metadata)),
        created_at: now,
        updated_at: now,
      });
    },
  });
}

export async function updateBlockIn(trx: Trx, scope: AccountScope, id: string, input: BlockUpdateInput, now: Date) {
  const newStart = input.start === undefined ? undefined : instant(input.start, 'start');
  const newEnd = input.end === undefined ? undefined : instant(input.end, 'end');
  return changes.update(trx, scope, id, now, {
    write(before) {
      const start = newStart ?? before.start_at;
      const end = newEnd ?? before.end_at;
      if (end.getTime() <= start.getTime()) {
        const param = newEnd ? 'end' : 'start';
        throw invalid(param, `Invalid ${param}: the block's end must be after its start.`);
      }
      return repo.blocks.update(trx, scope, id, {
        start_at: start,
        end_at: end,
        reason: input.reason === undefined ? before.reason : input.reason,
        metadata: json(mergeMetadata(before.metadata, input.metadata)),
        updated_at: now,
      });
    },
    // The reason and metadata change no one's time.
    rechecks: (changed) => 'start' in changed || 'end' in changed,
  });
}

export const deleteBlockIn = (trx: Trx, scope: AccountScope, id: string, now: Date) => changes.delete(trx, scope, id, now);

/** Removes a resource's blocks before the resource is deleted, with their `block.deleted` events. */
export async function deleteBlocksOf(trx: Trx, scope: AccountScope, resourceId: string, now: Date): Promise<void> {
  for (const row of await repo.blocks.allWhere(trx, scope, 'resource_id', resourceId)) {
    await recordEvent(trx, scope, 'block.deleted', serializeBlock(row), null, now);
  }
  await repo.blocks.deleteWhere(trx, scope, 'resource_id', resourceId);
}

export class BlocksService {
  constructor(
    private readonly db: DbHandle,
    private readonly clock: Clock,
  ) {}

  create(scope: AccountScope, input: BlockCreateInput) {
    return withTransaction(this.db, (trx) => createBlockIn(trx, scope, input, this.clock.now()));
  }

  update(scope: AccountScope, id: string, input: BlockUpdateInput) {
    return withTransaction(this.db, (trx) => updateBlockIn(trx, scope, id, input, this.clock.now()));
  }

  delete(scope: AccountScope, id: string) {
    return withTransaction(this.db, (trx) => deleteBlockIn(trx, scope, id, this.clock.now()));
  }

  async get(scope: AccountScope, id: string) {
    const row = await repo.blocks.find(this.db, scope, id);
    if (!row) throw notFound('block', id);
    return serializeBlock(row);
  }

  async list(scope: AccountScope, filters: repo.BlockFilters, page: PageParams, metadata: Record<string, string>) {
    return toPage(await repo.listBlocks(this.db, scope, filters, page, metadata), serializeBlock);
  }
}
