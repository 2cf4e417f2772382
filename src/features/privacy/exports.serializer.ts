import { iso, isoRequired } from '../../lib/time-format.js';
import type { ExportRow } from './exports.repository.js';

/** Where the export's manifest is downloaded (with the key); each file is beside it, by name. */
export const exportFileUrl = (row: Pick<ExportRow, 'account_id' | 'id'>, file: string) => `/v1/accounts/${row.account_id}/exports/${row.id}/files/${file}`;

export function serializeExport(row: ExportRow) {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    object: 'export' as const,
    livemode: row.livemode,
    account: row.account_id,
    status: row.status,
    files: ready ? (row.manifest?.files ?? []) : [],
    checksum: row.checksum,
    size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
    download_url: ready ? exportFileUrl(row, 'manifest.json') : null,
    failure_reason: row.failure_reason,
    created_at: isoRequired(row.created_at),
    completed_at: iso(row.completed_at),
  };
}
