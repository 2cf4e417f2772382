import { isoRequired } from '../../lib/time-format.js';
import type { ResourceRow } from './resources.repository.js';
import { serializePolicy, serializeResourceHolidays, serializeRules } from '../../capacity/index.js';

export function serializeResource(row: ResourceRow) {
  return {
    id: row.id,
    object: 'resource' as const,
    livemode: row.livemode,
    name: row.name,
    type: row.type,
    capacity: row.capacity,
    timezone: row.timezone,
    default_location: row.default_location,
    status: row.status,
    buffer_before_minutes: row.buffer_before_minutes,
    buffer_after_minutes: row.buffer_after_minutes,
    booking_rules: serializeRules(row.booking_rules),
    holidays: serializeResourceHolidays(row.holidays),
    assignment_weight: row.assignment_weight,
    assignment_priority: row.assignment_priority,
    booking_policy: serializePolicy(row.booking_policy),
    reminder_offsets_minutes: row.reminder_offsets_minutes ?? null,
    metadata: row.metadata,
    created_at: isoRequired(row.created_at),
    updated_at: isoRequired(row.updated_at),
  };
}
export type ApiResource = ReturnType<typeof serializeResource>;
