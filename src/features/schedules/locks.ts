import { sql } from 'kysely';
import type { Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { findResource } from '../resources/resources.repository.js';

/**
 * Working-time writes lock the resources whose availability they change, like booking
 * creation does (lockResources, ordered by id). Without it a booking committed while a
 * block is being added could be missed by the block's re-check and by its own fit check.
 * Returns the resource row; 404 resource_missing naming `param` when it is not in the account.
 */
export async function lockResourceForWorkingTime(trx: Trx, scope: AccountScope, id: string, param: string | null = 'resource') {
  const row = await findResource(trx, scope, id, true);
  if (!row) throw notFound('resource', id, param);
  return row;
}

/** Location and account-wide blocks touch every resource of the account: lock them all, by id. */
export async function lockAllResources(trx: Trx, scope: AccountScope): Promise<void> {
  await sql`select id from resources where account_id = ${scope.accountId} order by id for update`.execute(trx);
}
