import { foundation } from './001-foundation.js';
import { workingTimeAndBookings } from './002-working-time-and-bookings.js';
import { webhooks } from './003-webhooks.js';
import { bookings } from './004-bookings.js';

/** Ordered; a migration, once released, is never edited: add a new one. */
export const migrations: { name: string; sql: string }[] = [
  { name: '001-foundation', sql: foundation },
  { name: '002-working-time-and-bookings', sql: workingTimeAndBookings },
  { name: '003-webhooks', sql: webhooks },
  { name: '004-bookings', sql: bookings },
];
