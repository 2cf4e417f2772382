/** Helpers of the bookings, attendees, import, concurrency and conflict preview tests. */
import { expect } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import type { Client } from '../support/harness.js';

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** A UTC date `ahead` days from today ("YYYY-MM-DD"): bookings in tests must lie in the future. */
export function futureDay(ahead = 10): string {
  return new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
}

/** Local date + "HH:MM" in `tz` → RFC 3339 UTC. */
export function at(day: string, hhmm: string, tz = 'UTC'): string {
  const ms = Temporal.PlainDateTime.from(`${day}T${hhmm}`).toZonedDateTime(tz, { disambiguation: 'compatible' }).epochMilliseconds;
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

export function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A resource, open every day `hours` (default 09:00–17:00 local), unless hours is null. */
export async function openResource(
  api: Client,
  body: Record<string, unknown> = {},
  hours: { start: string; end: string; location?: string | null }[] | null = [{ start: '09:00', end: '17:00' }],
) {
  const res = await api.post('/v1/resources', { name: 'Room', type: 'room', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (hours) {
    const week = Object.fromEntries(DAYS.map((d) => [d, hours]));
    const s = await api.post('/v1/schedules', { resource: res.body.id, effective_from: '2020-01-06', weeks: [week] });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
  }
  return res.body as { id: string; capacity: number; timezone: string };
}

export function seg(resource: string | string[], day: string, from: string, to: string, extra: Record<string, unknown> = {}) {
  return {
    ...(Array.isArray(resource) ? { resources: resource } : { resource }),
    start: at(day, from),
    end: at(day, to),
    ...extra,
  };
}

export async function book(api: Client, body: Record<string, unknown>) {
  const res = await api.post('/v1/bookings', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function eventsOf(api: Client, type: string, objectId?: string) {
  const res = await api.get('/v1/events', { type, limit: 100 });
  expect(res.status).toBe(200);
  return (res.body.data as any[]).filter((e) => objectId === undefined || e.data.object.id === objectId);
}
