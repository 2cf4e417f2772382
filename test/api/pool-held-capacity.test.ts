/**
 * A booking plans by held time as capacity (src/capacity/holds.repository.ts,
 * `heldCapacityOverlapping`): the segments held over the same time on a resource come as one
 * hold of their summed quantity, without the booking a reschedule replaces. These tests check
 * that the sums are the quantities held, that the replaced booking's share is left out however
 * its group is named, and that a pool still fills exactly to its capacity over the API, by
 * bookings and by a series.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { insertBooking } from '../support/sql-fixtures.js';
import { loadResourceFacts } from '../../src/capacity/index.js';
import { at, book, futureDay, openResource, seg } from './bookings.helpers.js';
import { createSeries, liveKeys, pinClock, seriesBody, skipped } from './series.helpers.js';

const t = await setupTestApp();
afterEach(() => t.clock.reset());

describe('held time as capacity', () => {
  it('sums the bookings of one held time into one hold, and leaves out the bookings it is told to', async () => {
    const api = await t.newAccount();
    const pool = await openResource(api, { type: 'pool', capacity: 50 }, null);
    const day = futureDay(12);
    const hour = { start: new Date(at(day, '10:00')), end: new Date(at(day, '11:00')) };
    const later = { start: new Date(at(day, '10:30')), end: new Date(at(day, '11:30')) };
    const atTen: string[] = [];
    for (let i = 0; i < 4; i++) atTen.push(await insertBooking(t.db.kysely, { accountId: api.accountId, resourceId: pool.id, ...hour }));
    const atHalfPast = await insertBooking(t.db.kysely, { accountId: api.accountId, resourceId: pool.id, ...later });
    await insertBooking(t.db.kysely, { accountId: api.accountId, resourceId: pool.id, ...hour, status: 'cancelled' });
    const scope = { platformId: '', livemode: false, accountId: api.accountId };
    const range = { start: Date.parse(at(day, '00:00')), end: Date.parse(at(day, '23:00')) };
    const holdsOf = async (excluding: string[]) => {
      const facts = await loadResourceFacts(t.db.kysely, scope, [pool.id], range, new Date(), { heldAsCapacity: { excluding } });
      return facts
        .get(pool.id)!
        .holds.map((h) => ({ start: h.start, quantity: h.quantity, bookingId: h.bookingId }))
        .sort((a, b) => a.start - b.start);
    };

    expect(await holdsOf([])).toEqual([
      { start: hour.start.getTime(), quantity: 4, bookingId: [...atTen].sort()[0] },
      { start: later.start.getTime(), quantity: 1, bookingId: atHalfPast },
    ]);
    // The earliest of the four names their group; leaving it out leaves the other three.
    const earliest = [...atTen].sort()[0];
    expect((await holdsOf([earliest, atHalfPast])).map((h) => h.quantity)).toEqual([3]);
    // Unless asked, every segment comes on its own (explain names them, re-checks order them).
    const oneByOne = await loadResourceFacts(t.db.kysely, scope, [pool.id], range, new Date());
    expect(oneByOne.get(pool.id)!.holds.map((h) => h.bookingId).sort()).toEqual([...atTen, atHalfPast].sort());
  });

  it('fills a pool to its capacity over the API and refuses the next booking of that hour', async () => {
    const api = await t.newAccount();
    const pool = await openResource(api, { type: 'pool', capacity: 5 }, [{ start: '08:00', end: '18:00' }]);
    const day = futureDay(14);
    await book(api, { segments: [seg(pool.id, day, '10:00', '11:00', { quantity: 2 })] });
    for (let i = 0; i < 3; i++) await book(api, { segments: [seg(pool.id, day, '10:00', '11:00')] });
    const refused = expectError(await api.post('/v1/bookings', { segments: [seg(pool.id, day, '10:30', '11:30')] }), 409, 'booking_conflict', null);
    expect(JSON.stringify(refused)).toContain('0 of 5 units free');
    const overlapping = await book(api, { segments: [seg(pool.id, day, '11:00', '12:00', { quantity: 5 })] });
    expect(overlapping.status).toBe('confirmed');
  });

  it('lets a booking of a full pool move within its own hour, its own share not counted against it', async () => {
    const api = await t.newAccount();
    const pool = await openResource(api, { type: 'pool', capacity: 3 }, [{ start: '08:00', end: '18:00' }]);
    const day = futureDay(16);
    const booked: string[] = [];
    for (let i = 0; i < 3; i++) booked.push((await book(api, { segments: [seg(pool.id, day, '10:00', '11:00')] })).id);
    const move = async (id: string) => {
      const moved = await api.post(`/v1/bookings/${id}/reschedule`, { segments: [seg(pool.id, day, '10:30', '11:30')] });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    };
    // The latest of the three is not the one that names the group of 10:00: the two others hold it.
    await move(booked[2]);
    // The earliest names it: the one other left at 10:00 and the moved one hold 10:30–11:00.
    await move(booked[0]);
    expectError(await api.post('/v1/bookings', { segments: [seg(pool.id, day, '10:00', '11:00')] }), 409, 'booking_conflict', null);
    expect((await book(api, { segments: [seg(pool.id, day, '09:00', '10:00', { quantity: 2 })] })).status).toBe('confirmed');
  });

  it('generates a series on a pool around the hour its bookings already fill, however many share it', async () => {
    pinClock(t);
    const api = await t.newAccount();
    const pool = await openResource(api, { type: 'pool', capacity: 3 }, [{ start: '00:00', end: '24:00' }]);
    const hourOf = (day: string) => ({ resource: pool.id, start: `${day}T10:00:00Z`, end: `${day}T11:00:00Z` });
    for (let i = 0; i < 2; i++) await book(api, { segments: [hourOf('2027-01-05')] });
    for (let i = 0; i < 3; i++) await book(api, { segments: [hourOf('2027-01-06')] });
    const series = await createSeries(api, seriesBody(pool.id, { horizon_days: 4 }));
    expect(await liveKeys(api, series.id)).toEqual(['2027-01-04T10:00', '2027-01-05T10:00', '2027-01-07T10:00']);
    expect((await skipped(api, series.id)).map((s) => [s.occurrence_key, s.conflicts[0].reason])).toEqual([['2027-01-06T10:00', 'capacity_exceeded']]);
  });
});
