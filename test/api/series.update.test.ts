import { beforeEach, describe, expect, it } from 'vitest';
import { setupTestApp, expectError } from '../support/harness.js';
import { book, eventsOf, seg } from './bookings.helpers.js';
import { createSeries, dailyKeys, liveKeys, occurrences, openResource, pinClock, segment, seriesBody, skipped } from './series.helpers.js';

const t = await setupTestApp();
beforeEach(() => pinClock(t));

describe('changing a series', () => {
  it('changes horizon_days and metadata in place; a longer horizon books the extra occurrences at once', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 3, metadata: { a: '1', b: '2' } }));
    const res = await api.post(`/v1/series/${series.id}`, { horizon_days: 5, metadata: { b: '', c: '3' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ horizon_days: 5, metadata: { a: '1', c: '3' }, generated_until: '2027-01-09T08:00:00Z' });
    expect(await liveKeys(api, series.id)).toEqual(dailyKeys('2027-01-04', 5));
    const [updated] = await eventsOf(api, 'series.updated', series.id);
    expect(updated.data.previous_attributes).toMatchObject({ horizon_days: 3, metadata: { a: '1', b: '2' } });
    // A shorter horizon keeps what is booked.
    await api.post(`/v1/series/${series.id}`, { horizon_days: 1 });
    expect(await liveKeys(api, series.id)).toEqual(dailyKeys('2027-01-04', 5));
  });

  it('applies a new template from a date: later occurrences are cancelled and generated again', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const big = await openResource(api, { name: 'Big room' });
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 5 }));
    const res = await api.post(`/v1/series/${series.id}`, { template: { segments: [segment(big.id, { duration_minutes: 90 })] }, from: '2027-01-06T00:00:00Z' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.template.segments[0]).toMatchObject({ resource: big.id, duration_minutes: 90 });

    const all = await occurrences(api, series.id);
    const live = all.filter((b) => b.status === 'confirmed');
    expect(live.map((b) => [b.occurrence_key, b.segments[0].resource, b.end.slice(11, 16)])).toEqual([
      ['2027-01-04T10:00', room.id, '11:00'],
      ['2027-01-05T10:00', room.id, '11:00'],
      ['2027-01-06T10:00', big.id, '11:30'],
      ['2027-01-07T10:00', big.id, '11:30'],
      ['2027-01-08T10:00', big.id, '11:30'],
    ]);
    const cancelled = all.filter((b) => b.status === 'cancelled');
    expect(cancelled.map((b) => [b.occurrence_key, b.cancellation_reason])).toEqual([
      ['2027-01-06T10:00', 'series_updated'],
      ['2027-01-07T10:00', 'series_updated'],
      ['2027-01-08T10:00', 'series_updated'],
    ]);
    expect((await eventsOf(api, 'booking.cancelled')).filter((e) => e.data.object.series === series.id)).toHaveLength(3);
    expect((await eventsOf(api, 'series.updated', series.id))[0].data.previous_attributes.template.segments[0].resource).toBe(room.id);
  });

  it('with on_conflict skip (the default), skips occurrences that now conflict', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 4 }));
    await book(api, { segments: [seg(room.id, '2027-01-06', '13:00', '14:00')] });
    const res = await api.post(`/v1/series/${series.id}`, { start_time: '13:00' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await liveKeys(api, series.id)).toEqual(['2027-01-04T13:00', '2027-01-05T13:00', '2027-01-07T13:00']);
    expect((await skipped(api, series.id)).map((s) => [s.occurrence_key, s.conflicts[0].reason])).toEqual([['2027-01-06T13:00', 'capacity_exceeded']]);
  });

  it('with on_conflict fail, answers 409 booking_conflict listing the conflicts, and changes nothing', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 4 }));
    await book(api, { segments: [seg(room.id, '2027-01-06', '13:00', '14:00')] });
    const before = await occurrences(api, series.id);
    const err = expectError(await api.post(`/v1/series/${series.id}`, { start_time: '13:00', on_conflict: 'fail' }), 409, 'booking_conflict');
    expect(err.conflicts).toEqual([expect.objectContaining({ occurrence_key: '2027-01-06T13:00', start: '2027-01-06T13:00:00Z', reason: 'capacity_exceeded', resource: room.id })]);
    expect((await api.get(`/v1/series/${series.id}`)).body).toEqual(series);
    expect(await occurrences(api, series.id)).toEqual(before);
    expect(await eventsOf(api, 'series.updated', series.id)).toEqual([]);
  });

  it('never generates again an occurrence cancelled or rescheduled by hand', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 4 }));
    const [, second, third] = await occurrences(api, series.id);
    expect((await api.post(`/v1/bookings/${second.id}/cancel`, { reason: 'Holiday' })).status).toBe(200);
    const moved = await api.post(`/v1/bookings/${third.id}/reschedule`, { segments: [seg(room.id, '2027-01-06', '15:00', '16:00')] });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ series: series.id, occurrence_key: null });

    // A change from before them regenerates the series, but not those two occurrences.
    const res = await api.post(`/v1/series/${series.id}`, { template: { segments: [segment(room.id, { duration_minutes: 45 })] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await liveKeys(api, series.id)).toEqual(['2027-01-04T10:00', '2027-01-07T10:00']);
    const mine = await api.get(`/v1/bookings/${moved.body.id}`);
    expect(mine.body).toMatchObject({ status: 'confirmed', start: '2027-01-06T15:00:00Z' });
    // Nor does a longer horizon.
    await api.post(`/v1/series/${series.id}`, { horizon_days: 6 });
    expect(await liveKeys(api, series.id)).toEqual(['2027-01-04T10:00', '2027-01-07T10:00', '2027-01-08T10:00', '2027-01-09T10:00']);
  });

  it('retries skipped occurrences from the date of a change', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const blocker = await book(api, { segments: [seg(room.id, '2027-01-05', '10:00', '11:00')] });
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 3 }));
    expect((await skipped(api, series.id)).map((s) => s.occurrence_key)).toEqual(['2027-01-05T10:00']);
    await api.post(`/v1/bookings/${blocker.id}/cancel`);
    await api.post(`/v1/series/${series.id}`, { conflict_policy: 'capacity_only' });
    expect(await liveKeys(api, series.id)).toEqual(dailyKeys('2027-01-04', 3));
    expect(await skipped(api, series.id)).toEqual([]);
  });

  it('changes the rule from a date, keeping DTSTART for COUNT and INTERVAL', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 10 }));
    const res = await api.post(`/v1/series/${series.id}`, { rrule: 'FREQ=DAILY;INTERVAL=2;COUNT=4', from: '2027-01-05T00:00:00Z' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // DTSTART stays 2027-01-04: the new rule's occurrences are the 4th, 6th, 8th and 10th.
    expect(await liveKeys(api, series.id)).toEqual(['2027-01-04T10:00', '2027-01-06T10:00', '2027-01-08T10:00', '2027-01-10T10:00']);
  });

  it('refuses changes of rule, template and horizon on a cancelled series, but takes metadata', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 2 }));
    await api.post(`/v1/series/${series.id}/cancel`);
    expectError(await api.post(`/v1/series/${series.id}`, { horizon_days: 5 }), 409, 'invalid_state_transition');
    expectError(await api.post(`/v1/series/${series.id}`, { start_time: '12:00' }), 409, 'invalid_state_transition');
    expect((await api.post(`/v1/series/${series.id}`, { metadata: { archived: 'yes' } })).body).toMatchObject({ status: 'cancelled', metadata: { archived: 'yes' } });
  });
});
