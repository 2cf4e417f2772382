/** Helpers of the series tests: a fixed clock, open resources, series bodies and reads. */
import { expect } from 'vitest';
import type { Client, TestContext } from '../support/harness.js';
import { openResource } from './bookings.helpers.js';

export { openResource };

/** Monday 4 January 2027, 08:00 UTC: every series test starts here. */
export const NOW = '2027-01-04T08:00:00Z';
export const DAY_MS = 86_400_000;

export function pinClock(t: TestContext, at: string = NOW) {
  t.clock.set(at);
}

export function segment(resource: string, extra: Record<string, unknown> = {}) {
  return { resource, duration_minutes: 60, ...extra };
}

export function seriesBody(resource: string, extra: Record<string, unknown> = {}) {
  return {
    rrule: 'FREQ=DAILY',
    start_date: '2027-01-04',
    start_time: '10:00',
    template: { segments: [segment(resource)] },
    horizon_days: 14,
    ...extra,
  };
}

export async function createSeries(api: Client, body: Record<string, unknown>) {
  const res = await api.post('/v1/series', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Every booking of a series, earliest first (all statuses). */
export async function occurrences(api: Client, seriesId: string, query: Record<string, string> = {}): Promise<any[]> {
  const out: any[] = [];
  let after: string | undefined;
  for (;;) {
    const res = await api.get('/v1/bookings', { series: seriesId, order: 'start', limit: 100, ...query, ...(after ? { starting_after: after } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push(...res.body.data);
    if (!res.body.has_more) return out;
    after = res.body.data.at(-1).id;
  }
}

/** Live (pending or confirmed) generated occurrences' keys, earliest first (hand-made bookings of the series left out). */
export async function liveKeys(api: Client, seriesId: string): Promise<string[]> {
  return (await occurrences(api, seriesId))
    .filter((b) => (b.status === 'confirmed' || b.status === 'pending') && b.occurrence_key !== null)
    .map((b) => b.occurrence_key);
}

export async function skipped(api: Client, seriesId: string): Promise<any[]> {
  const res = await api.get(`/v1/series/${seriesId}/skipped_occurrences`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Keys of consecutive days from `from` ("2027-01-04"), at `time`. */
export function dailyKeys(from: string, count: number, time = '10:00'): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => `${new Date(start + i * DAY_MS).toISOString().slice(0, 10)}T${time}`);
}
