import { isoRequired } from '../../lib/time-format.js';
import type { BlockRow } from './blocks.repository.js';

export function serializeBlock(row: BlockRow) {
  return {
    id: row.id,
    object: 'block' as const,
    livemode: row.livemode,
    resource: row.resource_id,
    location: row.location_id,
    account_wide: row.account_wide,
    start: isoRequired(row.start_at),
    end: isoRequired(row.end_at),
    reason: row.reason,
    metadata: row.metadata,
    created_at: isoRequired(row.created_at),
    updated_at: isoRequired(row.updated_at),
  };
}
export type ApiBlock = ReturnType<typeof serializeBlock>;
