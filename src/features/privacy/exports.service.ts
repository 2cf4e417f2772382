/**
 * Exports of an account's data (docs/privacy.md#export): asked for here, written by the export
 * worker (exports.worker.ts), read back with the key that may see the account.
 */
import path from 'node:path';
import { withTransaction, type DbHandle } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import type { PageParams } from '../../db/pagination.js';
import { boundKeyMaySee, type AccountScope, type PlatformScope } from '../../tenancy/index.js';
import { accountInScope } from '../../tenancy/accounts.repository.js';
import { exportFolder, fileExists } from './export-files.js';
import { findExport, insertExport, listExports } from './exports.repository.js';
import { serializeExport } from './exports.serializer.js';

export class ExportsService {
  constructor(
    private readonly db: DbHandle,
    private readonly clock: Clock,
    private readonly exportsDir: string,
  ) {}

  /** The account's scope, when this key may reach it (a bound key only its own). */
  private async account(scope: PlatformScope, accountId: string, boundAccountId: string | null): Promise<AccountScope> {
    const id = boundKeyMaySee(boundAccountId, accountId) ? await accountInScope(this.db, scope, accountId) : undefined;
    if (!id) throw notFound('account', accountId);
    return { ...scope, accountId: id };
  }

  async create(scope: PlatformScope, accountId: string, boundAccountId: string | null) {
    const account = await this.account(scope, accountId, boundAccountId);
    const now = this.clock.now();
    const row = await withTransaction(this.db, (trx) => insertExport(trx, account, newId(ID_PREFIX.export, now.getTime()), now));
    return serializeExport(row);
  }

  async get(scope: PlatformScope, accountId: string, exportId: string, boundAccountId: string | null) {
    const account = await this.account(scope, accountId, boundAccountId);
    const row = await findExport(this.db, account, exportId);
    if (!row) throw notFound('export', exportId);
    return row;
  }

  async list(scope: PlatformScope, accountId: string, page: PageParams, boundAccountId: string | null) {
    return listExports(this.db, await this.account(scope, accountId, boundAccountId), page);
  }

  /** The path of one file of a ready export: `manifest.json` or a file its manifest names. */
  async file(scope: PlatformScope, accountId: string, exportId: string, name: string, boundAccountId: string | null): Promise<string> {
    const row = await this.get(scope, accountId, exportId, boundAccountId);
    if (row.status !== 'ready') throw new ApiError('invalid_state_transition', `Export ${row.id} is ${row.status}; its files can be downloaded once it is ready.`);
    const known = name === 'manifest.json' || (row.manifest?.files ?? []).some((f) => f.file === name);
    const full = path.join(exportFolder(this.exportsDir, row.account_id, row.id), name);
    if (!known || !(await fileExists(full))) throw notFound('file', name, 'file');
    return full;
  }
}

export { serializeExport };
