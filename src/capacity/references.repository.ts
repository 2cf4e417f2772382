/** The locations that requests name: they must exist in the account (404 resource_missing naming the parameter). */
import type { DbHandle } from '../db/transaction.js';
import type { AccountScope } from '../tenancy/index.js';
import { notFound } from '../lib/errors.js';

/** A location id a request names, with the parameter that named it. */
export interface Reference {
  id: string;
  param: string;
}

/** Which of the given ids are locations of this account. */
export async function existingLocations(db: DbHandle, scope: AccountScope, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('locations').select('id').where('account_id', '=', scope.accountId).where('id', 'in', [...new Set(ids)]).execute();
  return new Set(rows.map((r) => r.id));
}

/** Every named location must exist in the account: 404 resource_missing naming the first that does not. */
export async function assertLocationsExist(db: DbHandle, scope: AccountScope, refs: readonly Reference[]): Promise<void> {
  if (refs.length === 0) return;
  const found = await existingLocations(db, scope, refs.map((r) => r.id));
  const miss = refs.find((r) => !found.has(r.id));
  if (miss) throw notFound('location', miss.id, miss.param);
}
