/** The `exports` table (migration 023): an account's exports and where the worker stands. */
import { sql } from 'kysely';
import { json, type DbHandle, type Trx } from '../../db/transaction.js';
import type { ExportManifestFile, ExportProgress, Row } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import { listPage, type PageParams } from '../../db/pagination.js';

export type ExportRow = Row<'exports'>;

export function insertExport(trx: Trx, scope: AccountScope, id: string, now: Date) {
  return trx
    .insertInto('exports')
    .values({ account_id: scope.accountId, id, livemode: scope.livemode, status: 'pending', created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findExport(db: DbHandle, scope: AccountScope, id: string) {
  return db.selectFrom('exports').selectAll().where('account_id', '=', scope.accountId).where('livemode', '=', scope.livemode).where('id', '=', id).executeTakeFirst();
}

export function listExports(db: DbHandle, scope: AccountScope, page: PageParams) {
  return listPage(db.selectFrom('exports').selectAll().where('account_id', '=', scope.accountId).where('livemode', '=', scope.livemode), 'id', page);
}

/** Accounts with a pending export, the longest waiting first: a plain read across accounts (src/workers/account-pass.ts). */
export async function accountsWithPendingExports(db: DbHandle, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('exports')
    .select('account_id')
    .where('status', '=', 'pending')
    .groupBy('account_id')
    .orderBy(sql`min(created_at)`)
    .limit(limit)
    .execute();
  return rows.map((r) => r.account_id);
}

/** The account's oldest pending export, claimed so that another process skips it. */
export function claimPendingExport(trx: Trx, accountId: string) {
  return trx
    .selectFrom('exports')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function saveProgress(trx: Trx, row: ExportRow, progress: ExportProgress): Promise<void> {
  await trx.updateTable('exports').set({ progress: json(progress) }).where('account_id', '=', row.account_id).where('id', '=', row.id).execute();
}

export function finishExport(trx: Trx, row: ExportRow, files: ExportManifestFile[], checksum: string, sizeBytes: number, now: Date) {
  return trx
    .updateTable('exports')
    .set({ status: 'ready', manifest: json({ files }), checksum, size_bytes: sizeBytes, completed_at: now })
    .where('account_id', '=', row.account_id)
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function failExport(trx: Trx, row: ExportRow, reason: string, now: Date) {
  return trx
    .updateTable('exports')
    .set({ status: 'failed', failure_reason: reason, completed_at: now })
    .where('account_id', '=', row.account_id)
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
