import { isoRequired } from '../../lib/time-format.js';
import type { AccountRow } from '../../tenancy/accounts.repository.js';
import { serializeRules } from '../../capacity/index.js';

export function serializeAccount(row: AccountRow) {
  return {
    id: row.id,
    object: 'account' as const,
    livemode: row.livemode,
    name: row.name,
    timezone: row.timezone,
    booking_rules: serializeRules(row.booking_rules),
    reminder_offsets_minutes: row.reminder_offsets_minutes,
    metadata: row.metadata,
    created_at: isoRequired(row.created_at),
    updated_at: isoRequired(row.updated_at),
  };
}
export type ApiAccount = ReturnType<typeof serializeAccount>;
