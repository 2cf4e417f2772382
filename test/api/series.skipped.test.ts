import { beforeEach, describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { book, seg } from './bookings.helpers.js';
import { createSeries, dailyKeys, liveKeys, occurrences, openResource, pinClock, segment, seriesBody, skipped } from './series.helpers.js';

const t = await setupTestApp();
beforeEach(() => pinClock(t));

describe('occurrences the policy refuses are skipped, and the series goes on', () => {
  it('skips a blocked, a closed and a full occurrence, lists each with its conflicts, and books the rest', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    await api.post('/v1/blocks', { resource: room.id, start: '2027-01-05T10:30:00Z', end: '2027-01-05T11:30:00Z', reason: 'Repairs' });
    await api.post('/v1/schedule_overrides', { resource: room.id, date: '2027-01-06', intervals: [] });
    await book(api, { segments: [seg(room.id, '2027-01-07', '09:30', '10:15')] });
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 5 }));

    expect(await liveKeys(api, series.id)).toEqual(['2027-01-04T10:00', '2027-01-08T10:00']);
    const list = await api.get(`/v1/series/${series.id}/skipped_occurrences`);
    expect(list.body).toMatchObject({ object: 'list', has_more: false });
    expect(list.body.data).toEqual([
      {
        object: 'skipped_occurrence',
        series: series.id,
        occurrence_key: '2027-01-05T10:00',
        start: '2027-01-05T10:00:00Z',
        end: '2027-01-05T11:00:00Z',
        conflicts: [expect.objectContaining({ segment: 0, resource: room.id, reason: 'blocked' })],
      },
      expect.objectContaining({ occurrence_key: '2027-01-06T10:00', conflicts: [expect.objectContaining({ reason: 'outside_schedule' })] }),
      expect.objectContaining({ occurrence_key: '2027-01-07T10:00', conflicts: [expect.objectContaining({ reason: 'capacity_exceeded' })] }),
    ]);
  });

  it('under capacity_only books the blocked and closed occurrences as conflicted and skips only the full one', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    await api.post('/v1/blocks', { resource: room.id, start: '2027-01-05T10:30:00Z', end: '2027-01-05T11:30:00Z' });
    await book(api, { segments: [seg(room.id, '2027-01-06', '10:00', '11:00')] });
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 3, conflict_policy: 'capacity_only' }));
    const booked = await occurrences(api, series.id);
    expect(booked.map((b) => [b.occurrence_key, b.conflicted, b.conflict_policy])).toEqual([
      ['2027-01-04T10:00', false, 'capacity_only'],
      ['2027-01-05T10:00', true, 'capacity_only'],
    ]);
    expect(booked[1].conflicts.map((c: any) => c.reason)).toEqual(['blocked']);
    expect((await skipped(api, series.id)).map((s) => s.occurrence_key)).toEqual(['2027-01-06T10:00']);
  });

  it('weighs every occurrence against the earlier ones of the same series', async () => {
    const api = await t.newAccount();
    const pool = await openResource(api, { capacity: 2 }, [{ start: '00:00', end: '24:00' }]);
    // Each occurrence lasts 47 hours: at any time two overlap, and a third would not fit.
    const series = await createSeries(api, seriesBody(pool.id, { horizon_days: 6, template: { segments: [segment(pool.id, { duration_minutes: 47 * 60 })] } }));
    expect(await liveKeys(api, series.id)).toEqual(dailyKeys('2027-01-04', 6));
    const tight = await openResource(api, { capacity: 1 }, [{ start: '00:00', end: '24:00' }]);
    const other = await createSeries(api, seriesBody(tight.id, { horizon_days: 6, template: { segments: [segment(tight.id, { duration_minutes: 47 * 60 })] } }));
    expect(await liveKeys(api, other.id)).toEqual(['2027-01-04T10:00', '2027-01-06T10:00', '2027-01-08T10:00']);
    expect((await skipped(api, other.id)).map((s) => s.conflicts[0].reason)).toEqual(['capacity_exceeded', 'capacity_exceeded', 'capacity_exceeded']);
  });

  it('skips occurrences on an archived resource, and archiving flags the future occurrences already booked', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 3 }));
    await api.post(`/v1/resources/${room.id}/archive`);
    const flagged = await occurrences(api, series.id);
    expect(flagged.map((b) => [b.conflicted, b.conflicts?.[0]?.reason])).toEqual([
      [true, 'resource_archived'],
      [true, 'resource_archived'],
      [true, 'resource_archived'],
    ]);
    const later = await createSeries(api, seriesBody(room.id, { horizon_days: 2, start_time: '14:00' }));
    expect(await liveKeys(api, later.id)).toEqual([]);
    expect((await skipped(api, later.id)).map((s) => s.conflicts[0].reason)).toEqual(['resource_archived', 'resource_archived']);
  });
});
