import type { FeatureModule } from '../module.js';
import { reminderWorker } from './reminders.worker.js';
import { pacingOf } from '../../workers/poller.js';

export { ReminderOffsets, normalizeOffsets, MAX_REMINDER_OFFSETS, MAX_REMINDER_OFFSET_MINUTES } from './offsets.js';

/**
 * booking.reminder events (docs/reminders.md). The offsets are set on accounts and resources
 * (their own routes); this module only runs the worker that emits the reminders.
 */
export const remindersModule: FeatureModule = {
  name: 'reminders',
  tags: [],
  routes() {},
  workers: ({ db, clock, config }, logger) => [reminderWorker(db.kysely, clock, pacingOf({ db, clock, config }), logger)],
};
