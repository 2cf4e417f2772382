/** Helpers for the working-time and availability API tests (schedules, blocks, search, calendar). */
import { vi } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import type { Client } from '../support/harness.js';

/**
 * Pins "now" for a test file whose fixtures sit on fixed dates (2027), so that they stay in
 * the future whenever the suite runs. Only Date is faked, and it keeps ticking from there.
 */
export function pinNow(iso = '2026-12-01T00:00:00Z') {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(iso));
}

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

/**
 * Puts a booking that holds capacity straight into the tables (tests of search and the
 * calendar should not depend on the bookings API's own rules).
 */
export async function insertHold(
  db: import('../../src/db/transaction.js').DbHandle,
  accountId: string,
  h: { resource: string; start: string; end: string; quantity?: number; status?: 'confirmed' | 'pending' | 'cancelled'; expiresAt?: string | null; bufferBefore?: number; bufferAfter?: number },
) {
  const { newId, ID_PREFIX } = await import('../../src/lib/ids.js');
  const id = newId(ID_PREFIX.booking);
  const now = new Date();
  const start = new Date(h.start);
  const end = new Date(h.end);
  await db
    .insertInto('bookings')
    .values({
      account_id: accountId,
      id,
      livemode: false,
      status: h.status ?? 'confirmed',
      expires_at: h.expiresAt ? new Date(h.expiresAt) : null,
      start_at: start,
      end_at: end,
      seats: null,
      conflict_policy: 'reject',
      conflicted: false,
      conflicts: null,
      metadata: '{}',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const before = h.bufferBefore ?? 0;
  const after = h.bufferAfter ?? 0;
  await db
    .insertInto('booking_segments')
    .values({
      account_id: accountId,
      booking_id: id,
      position: 0,
      resource_id: h.resource,
      location_id: null,
      start_at: start,
      end_at: end,
      held_start: new Date(start.getTime() - before * 60_000),
      held_end: new Date(end.getTime() + after * 60_000),
      quantity: h.quantity ?? 1,
      buffer_before_minutes: before,
      buffer_after_minutes: after,
      booking_status: h.status ?? 'confirmed',
      booking_expires_at: h.expiresAt ? new Date(h.expiresAt) : null,
    })
    .execute();
  return id;
}
