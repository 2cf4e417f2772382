/**
 * THE procedure of a change to a resource's time: a resource's own row, or one of its
 * schedules, overrides or blocks. In the caller's transaction, in this order:
 *
 *   1. lock: the resource rows first (locks.ts), then the row changed;
 *   2. write: the feature's own checks and row (a callback);
 *   3. event: `<object>.created`, `.updated` with the changed attributes (none changed: no
 *      event), or `.deleted`;
 *   4. re-check the locked resources' future bookings (recheck.ts), when the change can move
 *      a conflict.
 *
 * A feature describes its rows once (`changesUnderLock`) and keeps only what is its own: its
 * checks, its row shapes, its serializer, and which changed attributes re-check.
 */
import type { DbHandle, Trx } from '../db/transaction.js';
import type { AccountScope } from '../tenancy/index.js';
import type { Clock } from '../lib/clock.js';
import { notFound } from '../lib/errors.js';
import { recordEvent, recordUpdated, type ApiObject } from '../events/outbox.repository.js';
import type { EventType } from '../events/catalogue.js';
import { recheckBookings } from './recheck.js';
import type { ResourceLocks } from './locks.js';

/** The objects whose rows are a resource's time, named as in their events. */
export type ResourceTimeObject = 'resource' | 'schedule' | 'schedule_override' | 'block';

export interface Locked<Row> {
  readonly locks: ResourceLocks;
  readonly row: Row;
}

export interface ChangeKind<O extends ResourceTimeObject, Row, Api extends ApiObject> {
  readonly object: O;
  readonly serialize: (row: Row) => Api;
  /** Step 1 for an existing row: the resource locks, then the row; 404 when it is not there. */
  readonly lock: (trx: Trx, scope: AccountScope, id: string) => Promise<Locked<Row>>;
  /**
   * Step 2 of a delete. None for a resource: it is deleted only when it was never booked, so
   * with no re-check, by its own service.
   */
  readonly remove?: (trx: Trx, scope: AccountScope, id: string) => Promise<void>;
}

export interface CreateSteps<Row> {
  /** Step 1: which resources a new row touches depends on the input. */
  lock(): Promise<ResourceLocks>;
  /** Step 2: the checks that need the locks, then the insert. */
  write(): Promise<Row>;
}

export interface UpdateSteps<Row> {
  /** Step 2: checks against the locked row, then the update (returning `before` writes nothing). */
  write(before: Row, now: Date): Promise<Row>;
  /** Step 4 or not: asked only when something changed. */
  rechecks(changed: Record<string, unknown>): boolean;
  /** The event, when not `<object>.updated` (a resource's archive and unarchive). */
  event?: EventType;
}

/**
 * The create, update and delete of one kind of row under its resources' locks. `now` is the
 * time the caller read, or a clock read once the locks are held.
 */
export function changesUnderLock<O extends ResourceTimeObject, Row, Api extends ApiObject>(kind: ChangeKind<O, Row, Api>) {
  const eventOf = (what: 'created' | 'updated' | 'deleted') => `${kind.object}.${what}` as EventType;
  return {
    async create(trx: Trx, scope: AccountScope, now: Date, steps: CreateSteps<Row>): Promise<Api> {
      const locks = await steps.lock();
      const object = kind.serialize(await steps.write());
      await recordEvent(trx, scope, eventOf('created'), object, null, now);
      await recheckBookings(trx, scope, locks, now);
      return object;
    },

    async update(trx: Trx, scope: AccountScope, id: string, now: Date | Clock, steps: UpdateSteps<Row>): Promise<Api> {
      const { locks, row: before } = await kind.lock(trx, scope, id);
      const at = now instanceof Date ? now : now.now();
      const after = await steps.write(before, at);
      const { object, changed } = await recordUpdated(trx, scope, steps.event ?? eventOf('updated'), kind.serialize, before, after, at);
      if (changed && steps.rechecks(changed)) await recheckBookings(trx, scope, locks, at);
      return object;
    },

    async delete(trx: Trx, scope: AccountScope, id: string, now: Date): Promise<{ id: string; object: O; deleted: true }> {
      if (!kind.remove) throw new Error(`A ${kind.object} is not deleted under its resources' locks.`);
      const { locks, row } = await kind.lock(trx, scope, id);
      await kind.remove(trx, scope, id);
      await recordEvent(trx, scope, eventOf('deleted'), kind.serialize(row), null, now);
      await recheckBookings(trx, scope, locks, now);
      return { id, object: kind.object, deleted: true };
    },
  };
}

/** What step 1 and a delete need of a table whose rows belong to resources. */
export interface RowsOfResources<Row> {
  find(db: DbHandle, scope: AccountScope, id: string): Promise<Row | undefined>;
  lock(trx: Trx, scope: AccountScope, id: string, locks: ResourceLocks): Promise<Row | undefined>;
  delete(trx: Trx, scope: AccountScope, id: string): Promise<void>;
}

/**
 * The kind of a row that belongs to resources (a schedule, an override, a block): read it to
 * learn its resources, lock them (`locksOf`), then lock the row itself, which may have been
 * deleted while the resource locks were awaited (404 either way).
 */
export function rowsOfResources<O extends ResourceTimeObject, Row, Api extends ApiObject>(
  object: O,
  table: RowsOfResources<Row>,
  serialize: (row: Row) => Api,
  locksOf: (trx: Trx, scope: AccountScope, row: Row) => Promise<ResourceLocks>,
): ChangeKind<O, Row, Api> {
  return {
    object,
    serialize,
    async lock(trx, scope, id) {
      const current = await table.find(trx, scope, id);
      if (!current) throw notFound(object, id);
      const locks = await locksOf(trx, scope, current);
      const row = await table.lock(trx, scope, id, locks);
      if (!row) throw notFound(object, id);
      return { locks, row };
    },
    remove: (trx, scope, id) => table.delete(trx, scope, id),
  };
}
