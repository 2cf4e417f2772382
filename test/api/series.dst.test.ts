import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { createSeries, occurrences, openResource, pinClock, seriesBody } from './series.helpers.js';

const t = await setupTestApp();

/** Occurrence key → local wall time of its booking's start, and the UTC start. */
async function placed(tz: string, start: string, from: string, days: number) {
  pinClock(t, from);
  const api = await t.newAccount({ timezone: tz });
  const room = await openResource(api, { timezone: tz }, [{ start: '00:00', end: '24:00' }]);
  const [date, time] = start.split('T');
  const series = await createSeries(api, seriesBody(room.id, { start_date: date, start_time: time, horizon_days: days }));
  return (await occurrences(api, series.id)).map((b) => `${b.occurrence_key} ${b.start}`);
}

describe('occurrences keep their wall time across daylight saving, through the API', () => {
  it('America/New_York: 02:30 moves forward by the gap on 14 March 2027', async () => {
    expect(await placed('America/New_York', '2027-03-13T02:30', '2027-03-13T00:00:00Z', 3)).toEqual([
      '2027-03-13T02:30 2027-03-13T07:30:00Z',
      '2027-03-14T02:30 2027-03-14T07:30:00Z',
      '2027-03-15T02:30 2027-03-15T06:30:00Z',
    ]);
  });

  it('Europe/London: 01:30 takes the earlier instant on 31 October 2027', async () => {
    expect(await placed('Europe/London', '2027-10-30T01:30', '2027-10-30T00:00:00Z', 3)).toEqual([
      '2027-10-30T01:30 2027-10-30T00:30:00Z',
      '2027-10-31T01:30 2027-10-31T00:30:00Z',
      '2027-11-01T01:30 2027-11-01T01:30:00Z',
    ]);
  });

  it('Australia/Lord_Howe: a 30-minute shift moves 02:15 to 02:45 on 3 October 2027', async () => {
    expect(await placed('Australia/Lord_Howe', '2027-10-02T02:15', '2027-10-01T00:00:00Z', 3)).toEqual([
      '2027-10-02T02:15 2027-10-01T15:45:00Z',
      '2027-10-03T02:15 2027-10-02T15:45:00Z',
      '2027-10-04T02:15 2027-10-03T15:15:00Z',
    ]);
  });

  it('Asia/Kathmandu (+05:45, no daylight saving): 09:00 is always 03:15 UTC', async () => {
    const out = await placed('Asia/Kathmandu', '2027-03-27T09:00', '2027-03-26T00:00:00Z', 6);
    expect(out).toHaveLength(5);
    for (const line of out) expect(line).toMatch(/T09:00 \d{4}-\d{2}-\d{2}T03:15:00Z$/);
  });
});
