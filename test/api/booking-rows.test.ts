import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { withTransaction } from '../../src/db/transaction.js';
import { customerColumns, lockAndPlan, writeBooking } from '../../src/capacity/index.js';
import { parseSegments } from '../../src/features/bookings/bookings.input.js';
import { at, futureDay, openResource, seg } from './bookings.helpers.js';

// A new booking's insert reads nothing back (src/capacity/booking-insert.repository.ts): the row the
// writer answers with is the one it built. These tests hold that row to the table.
const t = await setupTestApp();
const day = futureDay(12);

describe('a new booking’s row', () => {
  it('is the row the table holds: every column, with the same values', async () => {
    const api = await t.newAccount();
    const room = await openResource(api, { capacity: 1 });
    const scope = { platformId: t.platformId, livemode: false, accountId: api.accountId };
    const write = (from: string, to: string, extra: Partial<Parameters<typeof writeBooking>[2]> = {}) =>
      withTransaction(t.db.kysely, async (trx) => {
        const parsed = parseSegments([seg(room.id, day, from, to)]);
        const now = new Date();
        const plan = await lockAndPlan(trx, scope, { ...parsed, policy: extra.policy ?? 'reject', now });
        return writeBooking(
          trx,
          scope,
          { plan, locationRequested: [false], status: 'confirmed', expiresAt: null, seats: null, policy: 'reject', metadata: {}, ...extra },
          now,
        );
      });
    const written = [
      await write('09:00', '10:00'),
      await write('10:00', '11:00', {
        status: 'pending',
        expiresAt: new Date(Date.now() + 3_600_000),
        seats: 4,
        waitlistLimit: 2,
        waitlistHoldMinutes: 30,
        metadata: { zeta: 'last', a: 'first', order: '3' },
        customer: customerColumns({ reference: 'cus_1', name: 'Ada', email: 'ada@example.com', locale: 'fr-FR', time_zone: 'Europe/Paris' }),
        deposit: { amount: 1500, currency: 'EUR', hold_minutes: 60 },
        paymentStatus: 'required',
        policyOverrides: [{ rule: 'cancel_cutoff_minutes', action: 'cancel', at: new Date().toISOString() }],
      }),
      // Over the first: its conflicts are kept on the row.
      await write('09:30', '10:30', { policy: 'allow' }),
    ];
    expect(written[2].row.conflicts).not.toBeNull();
    for (const { row, segments } of written) {
      const stored = await t.db.kysely.selectFrom('bookings').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      expect(Object.keys(row).sort()).toEqual(Object.keys(stored).sort());
      expect(row).toEqual(stored);
      const storedSegments = await t.db.kysely.selectFrom('booking_segments').selectAll().where('booking_id', '=', row.id).orderBy('position').execute();
      expect(segments).toEqual(storedSegments);
    }
  });

  it('answers a booking on creation as it is read back', async () => {
    const api = await t.newAccount();
    const room = await openResource(api, { capacity: 1 });
    const bodies = [
      { segments: [seg(room.id, day, '09:00', '10:00')] },
      {
        segments: [seg(room.id, day, '10:00', '11:00')],
        status: 'pending',
        expires_at: at(futureDay(1), '12:00'),
        seats: 3,
        waitlist_limit: 1,
        metadata: { zeta: 'last', a: 'first', middle: 'x' },
        customer: { reference: 'cus_2', name: 'Grace', email: 'grace@example.com', phone: '+33612345678' },
      },
      { segments: [seg(room.id, day, '09:30', '10:30')], conflict_policy: 'allow' },
    ];
    for (const body of bodies) {
      const created = await api.post('/v1/bookings', body);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const read = await api.get(`/v1/bookings/${created.body.id}`);
      expect(read.body).toEqual(created.body);
    }
  });
});
