import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { at, book, futureDay, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const day = futureDay(13);

describe('conflict policies', () => {
  it('capacity_only records outside_schedule and blocked on the booking but refuses capacity', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    await api.post('/v1/blocks', { resource: r.id, start: at(day, '18:00'), end: at(day, '19:00') });
    const b = await book(api, { segments: [seg(r.id, day, '17:30', '18:30')], conflict_policy: 'capacity_only' });
    expect(b.conflicted).toBe(true);
    expect(b.conflict_policy).toBe('capacity_only');
    expect(b.conflicts.map((c: any) => c.reason).sort()).toEqual(['blocked', 'outside_schedule']);
    const err = expectError(
      await api.post('/v1/bookings', { segments: [seg(r.id, day, '18:00', '18:15')], conflict_policy: 'capacity_only' }),
      409,
      'booking_conflict',
    );
    expect(err.conflicts.map((c: any) => c.reason)).toEqual(['capacity_exceeded']);
  });

  it('allow records capacity_exceeded and start_passed too', async () => {
    const api = await t.newAccount();
    const r = await openResource(api, {}, [{ start: '00:00', end: '24:00' }]);
    await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    const over = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], conflict_policy: 'allow' });
    expect(over.conflicts.map((c: any) => c.reason)).toEqual(['capacity_exceeded']);
    const past = await book(api, {
      segments: [{ resource: r.id, start: new Date(Date.now() - 60_000).toISOString(), end: new Date(Date.now() + 3600_000).toISOString() }],
      conflict_policy: 'allow',
    });
    expect(past.conflicts.map((c: any) => c.reason)).toEqual(['start_passed']);
    expectError(
      await api.post('/v1/bookings', {
        segments: [{ resource: r.id, start: new Date(Date.now() - 60_000).toISOString(), end: new Date(Date.now() + 3600_000).toISOString() }],
        conflict_policy: 'capacity_only',
      }),
      409,
      'booking_conflict',
    );
  });

  it('reject lists every refused conflict of every segment', async () => {
    const api = await t.newAccount();
    const a = await openResource(api);
    const b = await openResource(api);
    await book(api, { segments: [seg(b.id, day, '12:00', '13:00')] });
    const err = expectError(
      await api.post('/v1/bookings', { segments: [seg(a.id, day, '08:00', '09:30'), seg(b.id, day, '12:30', '13:30')] }),
      409,
      'booking_conflict',
    );
    expect(err.conflicts.map((c: any) => [c.segment, c.reason])).toEqual([
      [0, 'outside_schedule'],
      [1, 'capacity_exceeded'],
    ]);
  });
});

describe('candidates', () => {
  it('books the first candidate, in the given order, that fits', async () => {
    const api = await t.newAccount();
    const a = await openResource(api);
    const b = await openResource(api);
    const c = await openResource(api);
    await book(api, { segments: [seg(a.id, day, '10:00', '11:00')] });
    const first = await book(api, { segments: [seg([a.id, c.id, b.id], day, '10:00', '11:00')] });
    expect(first.segments[0].resource).toBe(c.id);
    const second = await book(api, { segments: [seg([a.id, c.id, b.id], day, '10:00', '11:00')] });
    expect(second.segments[0].resource).toBe(b.id);
  });

  it('answers no_candidate_available with why each candidate failed', async () => {
    const api = await t.newAccount();
    const busy = await openResource(api);
    const closed = await openResource(api, {}, null);
    const archived = await openResource(api);
    await api.post(`/v1/resources/${archived.id}/archive`);
    await book(api, { segments: [seg(busy.id, day, '10:00', '11:00')] });
    const err = expectError(
      await api.post('/v1/bookings', { segments: [seg([busy.id, closed.id, archived.id], day, '10:00', '11:00')] }),
      409,
      'booking_conflict',
    );
    expect(err.conflicts).toEqual([
      expect.objectContaining({
        segment: 0,
        resource: null,
        reason: 'no_candidate_available',
        candidates: [
          { resource: busy.id, reason: 'capacity_exceeded' },
          { resource: closed.id, reason: 'outside_schedule' },
          { resource: archived.id, reason: 'resource_archived' },
        ],
      }),
    ]);
  });

  it('under allow books the first candidate whose conflicts the policy only records', async () => {
    const api = await t.newAccount();
    const archived = await openResource(api);
    await api.post(`/v1/resources/${archived.id}/archive`);
    const closed = await openResource(api, {}, null);
    const b = await book(api, { segments: [seg([archived.id, closed.id], day, '10:00', '11:00')], conflict_policy: 'allow' });
    expect(b.segments[0].resource).toBe(closed.id);
    expect(b.conflicts.map((c: any) => c.reason)).toEqual(['outside_schedule']);
  });

  it('takes quantity from a candidate pool that still has that many units', async () => {
    const api = await t.newAccount();
    const small = await openResource(api, { capacity: 2 });
    const big = await openResource(api, { capacity: 4 });
    const b = await book(api, { segments: [seg([small.id, big.id], day, '10:00', '11:00', { quantity: 3 })] });
    expect(b.segments[0]).toMatchObject({ resource: big.id, quantity: 3 });
  });

  it('counts earlier segments of the same booking: two segments on one pool need both quantities', async () => {
    const api = await t.newAccount();
    const pool = await openResource(api, { capacity: 3 });
    const err = expectError(
      await api.post('/v1/bookings', { segments: [seg(pool.id, day, '10:00', '11:00', { quantity: 2 }), seg(pool.id, day, '10:30', '11:30', { quantity: 2 })] }),
      409,
      'booking_conflict',
    );
    expect(err.conflicts).toEqual([expect.objectContaining({ segment: 1, reason: 'capacity_exceeded' })]);
  });
});
