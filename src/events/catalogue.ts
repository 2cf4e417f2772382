/** Every event type the service emits (docs/events.md#catalogue). docs/events.md shows a sample of each. */
const crud = (o: string) => [`${o}.created`, `${o}.updated`, `${o}.deleted`] as const;

export const EVENT_TYPES = [
  ...crud('account'),
  ...crud('resource'),
  'resource.archived',
  'resource.unarchived',
  ...crud('location'),
  ...crud('schedule'),
  ...crud('schedule_override'),
  ...crud('block'),
  ...crud('webhook_endpoint'),
  'booking.created',
  'booking.updated',
  'booking.confirmed',
  'booking.cancelled',
  'booking.expired',
  'booking.completed',
  'booking.no_show',
  'booking.rescheduled',
  'booking.conflicted',
  'booking.conflict_resolved',
  'booking.reminder',
  'booking.requested',
  'booking.approved',
  'booking.declined',
  'booking.charge_due',
  'booking.payment_recorded',
  'booking.refund_due',
  'attendee.created',
  'attendee.updated',
  'attendee.confirmed',
  'attendee.cancelled',
  'attendee.expired',
  'attendee.completed',
  'attendee.no_show',
  'attendee.waitlisted',
  'attendee.promoted',
  'series.created',
  'series.updated',
  'series.split',
  'series.cancelled',
  'series.ended',
  ...crud('calendar_feed'),
  'calendar_feed.synced',
  'calendar_feed.failed',
  'api_key.created',
  'api_key.revoked',
  'booking_session.completed',
  'booking_session.expired',
  'customer.erased',
  'export.ready',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** `booking.*` style prefixes that enabled_events and the type filter accept. */
export const EVENT_PREFIXES = [...new Set(EVENT_TYPES.map((t) => `${t.split('.')[0]}.*`))];

/** Whether `type` matches a filter: an exact type, a `prefix.*`, or `*`. */
export function eventMatches(filter: string, type: string): boolean {
  if (filter === '*') return true;
  if (filter.endsWith('.*')) return type.startsWith(filter.slice(0, -1));
  return filter === type;
}
