import { isoRequired } from '../../lib/time-format.js';
import type { LocationRow } from './locations.repository.js';

export function serializeLocation(row: LocationRow) {
  return {
    id: row.id,
    object: 'location' as const,
    livemode: row.livemode,
    name: row.name,
    timezone: row.timezone,
    metadata: row.metadata,
    created_at: isoRequired(row.created_at),
    updated_at: isoRequired(row.updated_at),
  };
}
export type ApiLocation = ReturnType<typeof serializeLocation>;
