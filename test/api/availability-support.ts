/** Helpers for the working-time and availability API tests (schedules, blocks, search, calendar). */
import { Temporal } from 'temporal-polyfill';
import type { Client } from '../support/harness.js';

export const ALL_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** One week map with the same intervals on the given days. */
export function week(intervals: { start: string; end: string; location?: string | null }[], days: readonly string[] = ALL_DAYS) {
  return Object.fromEntries(days.map((d) => [d, intervals]));
}

export async function createResource(api: Client, body: Record<string, unknown> = {}) {
  const res = await api.post('/v1/resources', { name: 'Room', type: 'room', ...body });
  if (res.status !== 200) throw new Error(`resource create failed: ${JSON.stringify(res.body)}`);
  return res.body as { id: string; timezone: string; capacity: number };
}

export async function createSchedule(api: Client, resource: string, weeks: unknown[], effective_from = '2026-01-05') {
  const res = await api.post('/v1/schedules', { resource, effective_from, weeks });
  if (res.status !== 200) throw new Error(`schedule create failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A resource open 09:00–17:00 local every day from 2026-01-05. */
export async function openResource(api: Client, body: Record<string, unknown> = {}, hours = { start: '09:00', end: '17:00' }) {
  const r = await createResource(api, body);
  await createSchedule(api, r.id, [week([hours])]);
  return r;
}

export async function create(api: Client, path: string, body: Record<string, unknown>) {
  const res = await api.post(path, body);
  if (res.status !== 200) throw new Error(`POST ${path} failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** An instant (RFC 3339) as local "YYYY-MM-DDTHH:MM" in `tz`. */
export function local(instant: string, tz: string): string {
  return Temporal.Instant.from(instant).toZonedDateTimeISO(tz).toPlainDateTime().toString().slice(0, 16);
}

/** Local "YYYY-MM-DDTHH:MM" in `tz` → RFC 3339 UTC ('compatible'). */
export function utc(localText: string, tz: string): string {
  const ms = Temporal.PlainDateTime.from(localText).toZonedDateTime(tz, { disambiguation: 'compatible' }).epochMilliseconds;
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

export interface SlotView {
  start: string;
  end: string;
  segments: { resource: string; location: string | null; start: string; end: string; quantity: number; remaining_capacity: number }[];
}

export async function search(api: Client, body: Record<string, unknown>) {
  const res = await api.post('/v1/availability', body);
  if (res.status !== 200) throw new Error(`search failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { object: string; timezone: string; slots: SlotView[]; has_more: boolean; next_from: string | null };
}

/** Slot starts as local wall times, for readable assertions. */
export function starts(slots: readonly SlotView[], tz: string): string[] {
  return slots.map((s) => local(s.start, tz));
}
