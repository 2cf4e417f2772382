/** The resources table as capacity uses it: its rows are the resource locks (locks.ts). */
import { CompiledQuery, sql } from 'kysely';
import { accountTable } from '../db/account-table.js';
import { SENT_WITH_NEXT_TEXT, sentWithNext } from '../db/sent-with-next.js';
import type { Row } from '../db/schema.js';
import type { DbHandle, Trx } from '../db/transaction.js';
import type { AccountScope } from '../tenancy/index.js';

export type ResourceRow = Row<'resources'>;
export const resourcesTable = accountTable('resources');

/**
 * Locks the given resource rows (sorted ids), in id order, until the transaction ends.
 *
 * No one reads the answer, so on PostgreSQL the lock goes to the server in the round trip of
 * the statement after it (src/db/sent-with-next.ts): for a booking, its facts. The server runs
 * the two in order, and the facts statement takes its snapshot only once the lock is granted
 * (a statement's snapshot is taken when the server binds it, after the lock's execution has
 * ended), so it sees every booking committed before: as when they were two round trips.
 */
export async function lockResourceRows(trx: Trx, scope: AccountScope, sortedIds: readonly string[]): Promise<void> {
  await trx.executeQuery(CompiledQuery.raw(lockText(sortedIds.length), [scope.accountId, ...sortedIds]));
}

/**
 * The lock's text for a number of resources: every booking sends it, so the few numbers a
 * booking names are written once each; a change of many resources (rare) writes its own.
 */
const lockTexts: string[] = [];
const KEPT_LOCK_TEXTS = 32;
function lockText(count: number): string {
  const known = lockTexts[count];
  if (known !== undefined) return known;
  const ids = Array.from({ length: count }, (_, i) => `$${i + 2}`).join(', ');
  const text = `select id from resources where account_id = $1 and id in (${ids}) order by id for update ${SENT_WITH_NEXT_TEXT}`;
  if (count <= KEPT_LOCK_TEXTS) lockTexts[count] = text;
  return text;
}

/** Locks every resource row of the account, in id order, until the transaction ends; sent as lockResourceRows. */
export async function lockAllResourceRows(trx: Trx, scope: AccountScope): Promise<void> {
  await sql`select id from resources where account_id = ${scope.accountId} order by id for update ${sentWithNext}`.execute(trx);
}

/** A resource whose default location is this one (the location-in-use check), if any. */
export async function resourceAtLocation(db: DbHandle, scope: AccountScope, locationId: string): Promise<string | undefined> {
  const row = await db.selectFrom('resources').select('id').where('account_id', '=', scope.accountId).where('default_location', '=', locationId).limit(1).executeTakeFirst();
  return row?.id;
}

/** Which of the given ids are resources of this account (a series' template must name existing ones). */
export async function existingResources(db: DbHandle, scope: AccountScope, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('resources').select('id').where('account_id', '=', scope.accountId).where('id', 'in', [...new Set(ids)]).execute();
  return new Set(rows.map((r) => r.id));
}

/** The booking policies of the given resources of the account (docs/policies.md), in the order of `ids`. */
export async function resourceBookingPolicies(db: DbHandle, scope: AccountScope, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('resources')
    .select(['id', 'booking_policy'])
    .where('account_id', '=', scope.accountId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r.booking_policy]));
  return [...new Set(ids)].flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}
