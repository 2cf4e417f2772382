import { isoRequired } from '../../lib/time-format.js';
import type { AccountRow } from '../../tenancy/accounts.repository.js';
import { serializeAccountHolidays, serializePolicy, serializeRules } from '../../capacity/index.js';

export function serializeAccount(row: AccountRow) {
  return {
    id: row.id,
    object: 'account' as const,
    livemode: row.livemode,
    name: row.name,
    timezone: row.timezone,
    booking_rules: serializeRules(row.booking_rules),
    holidays: serializeAccountHolidays(row.holidays),
    booking_policy: serializePolicy(row.booking_policy),
    reminder_offsets_minutes: row.reminder_offsets_minutes,
    display_name: row.display_name,
    accent_color: row.accent_color,
    booking_label_metadata_key: row.booking_label_metadata_key,
    metadata: row.metadata,
    created_at: isoRequired(row.created_at),
    updated_at: isoRequired(row.updated_at),
  };
}
export type ApiAccount = ReturnType<typeof serializeAccount>;
