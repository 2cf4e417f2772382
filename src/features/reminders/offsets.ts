/**
 * Reminder offsets (docs/reminders.md): minutes before a booking's start at which
 * `booking.reminder` is emitted. Up to 5 distinct offsets, each from 1 minute to 30 days
 * (43 200 minutes); stored sorted, longest first.
 */
import { Type } from 'typebox';

export const MAX_REMINDER_OFFSET_MINUTES = 43_200;
export const MAX_REMINDER_OFFSETS = 5;

export const ReminderOffsets = (description: string) =>
  Type.Array(Type.Integer({ minimum: 1, maximum: MAX_REMINDER_OFFSET_MINUTES }), {
    maxItems: MAX_REMINDER_OFFSETS,
    uniqueItems: true,
    description,
    examples: [[1440, 60]],
  });

/** Longest first: the order reminders fall in. */
export const normalizeOffsets = (offsets: readonly number[]): number[] => [...offsets].sort((a, b) => b - a);
