/**
 * The export worker (docs/privacy.md#export): writes each pending export, one bounded piece per
 * account and pass (PIECE objects of one type, in its own short transaction), so that a large
 * account never holds the others back: accounts are visited longest-waiting first and each
 * gets one piece before any gets a second (src/workers/account-pass.ts). When every type is
 * written, the manifest and checksums are, the export becomes `ready` and `export.ready` is
 * recorded.
 */
import path from 'node:path';
import type { Logger } from 'pino';
import type { DbHandle, Trx } from '../../db/transaction.js';
import type { ExportManifestFile, ExportProgress } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import type { Clock } from '../../lib/clock.js';
import { recordEvent } from '../../events/outbox.repository.js';
import { LATEST_API_VERSION } from '../../lib/api-versions.js';
import { pollingWorker, type Pacing, type Worker } from '../../workers/poller.js';
import { ACCOUNTS_PER_PASS, passOverAccounts } from '../../workers/account-pass.js';
import { EXPORT_SOURCES, type ExportRead } from './export-sources.js';
import type { SecretsBox } from '../../lib/secrets-box.js';
import { accountFolders, appendPiece, digestOf, exportFolder, isFileSystemError, removeAccountFolder, writeManifest } from './export-files.js';
import { existingAccountIds } from '../../tenancy/accounts.repository.js';
import { accountsWithPendingExports, claimPendingExport, failExport, finishExport, saveProgress, type ExportRow } from './exports.repository.js';
import { serializeExport } from './exports.serializer.js';

/** Objects written per piece. */
export const EXPORT_PIECE = 500;
export const EXPORT_FORMAT_VERSION = 1;

/** Writes the next piece of the account's oldest pending export; true when more remains. */
async function writeNextPiece(trx: Trx, scope: AccountScope, exportsDir: string, read: ExportRead): Promise<boolean> {
  const { now } = read;
  const row = await claimPendingExport(trx, scope.accountId);
  if (!row) return false;
  const folder = exportFolder(exportsDir, row.account_id, row.id);
  const progress: Required<ExportProgress> = { type: EXPORT_SOURCES[0]!.type, after: '', bytes: 0, counts: {}, ...row.progress } as Required<ExportProgress>;
  const index = EXPORT_SOURCES.findIndex((s) => s.type === progress.type);
  if (index === -1) return finishOrFail(trx, scope, row, folder, progress, now);
  const source = EXPORT_SOURCES[index]!;
  const objects = await source.page(trx, scope, progress.after ?? '', EXPORT_PIECE, read);
  let bytes: number;
  try {
    bytes = await appendPiece(path.join(folder, `${source.type}.jsonl`), progress.bytes, objects);
  } catch (err) {
    // The folder cannot be written (missing rights, a full or read-only disk): the export fails
    // with the reason rather than being tried forever; a new one can be asked once it is fixed.
    if (!isFileSystemError(err)) throw err;
    await failExport(trx, row, `The export folder could not be written (${err.code}).`, now);
    return false;
  }
  const counts = { ...progress.counts, [source.type]: (progress.counts[source.type] ?? 0) + objects.length };
  const next = objects.length < EXPORT_PIECE ? EXPORT_SOURCES[index + 1] : source;
  if (next === source) await saveProgress(trx, row, { type: source.type, after: objects.at(-1)!.id, bytes, counts });
  else if (next) await saveProgress(trx, row, { type: next.type, after: '', bytes: 0, counts });
  else return finishOrFail(trx, scope, row, folder, { ...progress, counts }, now);
  return true;
}

/**
 * Finishes the export, or fails it when its files cannot be read back: a folder removed or
 * made unreadable under the worker (by hand, or by another service's sweep of a shared
 * EXPORTS_DIR, docs/privacy.md#export) would otherwise fail every pass and leave the export
 * `pending` for ever. True when it finished.
 */
async function finishOrFail(trx: Trx, scope: AccountScope, row: ExportRow, folder: string, progress: Required<ExportProgress>, now: Date): Promise<boolean> {
  try {
    await finish(trx, scope, row, folder, progress, now);
    return true;
  } catch (err) {
    if (!isFileSystemError(err)) throw err;
    await failExport(trx, row, `The export's files could not be read back (${err.code}).`, now);
    return false;
  }
}

/** The manifest, the checksums, `ready` and `export.ready`. */
async function finish(trx: Trx, scope: AccountScope, row: ExportRow, folder: string, progress: Required<ExportProgress>, now: Date): Promise<void> {
  const files: ExportManifestFile[] = [];
  for (const source of EXPORT_SOURCES) {
    const file = `${source.type}.jsonl`;
    const full = path.join(folder, file);
    // A type with nothing to export still has its (empty) file.
    if ((progress.counts[source.type] ?? 0) === 0) await appendPiece(full, 0, []);
    const digest = await digestOf(full);
    files.push({ type: source.type, file, count: progress.counts[source.type] ?? 0, bytes: digest.bytes, sha256: digest.sha256 });
  }
  const manifest = {
    object: 'export_manifest',
    format_version: EXPORT_FORMAT_VERSION,
    export: row.id,
    account: row.account_id,
    livemode: row.livemode,
    api_version: LATEST_API_VERSION,
    created_at: row.created_at.toISOString(),
    files,
  };
  const written = await writeManifest(folder, manifest);
  const size = files.reduce((sum, f) => sum + f.bytes, written.bytes);
  const ready = await finishExport(trx, row, files, written.checksum, size, now);
  await recordEvent(trx, scope, 'export.ready', serializeExport(ready), { status: 'pending', files: [], checksum: null, size_bytes: null, download_url: null, completed_at: null }, now);
}

/** Account folders checked per sweep. */
const SWEEP_BATCH = 1000;

/**
 * Removes the export folders of accounts that no longer exist: deleting an account deletes its
 * exports' rows, and this sweep their files (docs/privacy.md#export). Returns how many went.
 */
export async function sweepDeletedAccounts(db: DbHandle, exportsDir: string): Promise<number> {
  const folders = await accountFolders(exportsDir);
  let removed = 0;
  for (let i = 0; i < folders.length; i += SWEEP_BATCH) {
    const batch = folders.slice(i, i + SWEEP_BATCH);
    const existing = await existingAccountIds(db, batch);
    for (const accountId of batch.filter((id) => !existing.has(id))) {
      await removeAccountFolder(exportsDir, accountId);
      removed++;
    }
  }
  return removed;
}

/** One pass: one piece for each account with a pending export (up to ACCOUNTS_PER_PASS); true when more remains. */
export async function exportPass(db: DbHandle, exportsDir: string, read: ExportRead, logger: Logger): Promise<boolean> {
  const accounts = await accountsWithPendingExports(db, ACCOUNTS_PER_PASS);
  if (accounts.length === 0) return false;
  const more = await passOverAccounts(db, accounts, logger, 'privacy.exports', (trx, scope) => writeNextPiece(trx, scope, exportsDir, read));
  return more || accounts.length === ACCOUNTS_PER_PASS;
}

/** How often the worker sweeps the folders of deleted accounts. */
const SWEEP_EVERY_MS = 60_000;

/** Woken by writes to exports (a new one is pending at once); nothing of it falls due later. */
export function exportWorker(db: DbHandle, exportsDir: string, clock: Clock, secrets: SecretsBox, pacing: Pacing, logger: Logger): Worker {
  let lastSweep = -Infinity;
  return pollingWorker('privacy.exports', pacing, logger, async () => {
    const more = await exportPass(db, exportsDir, { now: clock.now(), secrets }, logger);
    if (Date.now() - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      const removed = await sweepDeletedAccounts(db, exportsDir);
      if (removed) logger.info({ removed }, 'exports: the folders of deleted accounts removed');
    }
    return more;
  }, { wakeOn: ['exports'] });
}
