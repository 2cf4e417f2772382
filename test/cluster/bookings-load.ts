/**
 * Bookings made over HTTP against real `scheduling serve` processes while a test does
 * something to the cluster, and the checks of what the database holds afterwards.
 */
import { expect } from 'vitest';
import pg from 'pg';
import { api, type Server } from '../process/helpers.js';
import { DAYS } from '../api/bookings.helpers.js';

export interface Account {
  id: string;
  resource: string;
}

/** `count` accounts, each with a resource of capacity 1 open around the clock. */
export async function makeAccounts(server: Server, key: string, count: number): Promise<Account[]> {
  const week = Object.fromEntries(DAYS.map((d) => [d, [{ start: '00:00', end: '24:00' }]]));
  const accounts: Account[] = [];
  for (let i = 0; i < count; i++) {
    const id = (await api(server, key, 'POST', '/v1/accounts', { name: `Account ${i}` })).body.id as string;
    const as = { 'service-account': id };
    const resource = await api(server, key, 'POST', '/v1/resources', { name: 'Room', type: 'room', timezone: 'UTC' }, as);
    expect(resource.status, JSON.stringify(resource.body)).toBe(200);
    const schedule = await api(server, key, 'POST', '/v1/schedules', { resource: resource.body.id, effective_from: '2020-01-06', weeks: [week] }, as);
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(200);
    accounts.push({ id, resource: resource.body.id });
  }
  return accounts;
}

export interface Attempt {
  /** Unique to the attempt, in the booking's metadata: finds what it wrote, if anything. */
  attempt: string;
  account: string;
  /** The HTTP status, or 0 when no answer came (the process died, the socket was cut). */
  status: number;
  code: string | null;
  retryAfter: string | null;
  bookingId: string | null;
  startedAt: number;
  endedAt: number;
}

let slot = 0;
const base = Math.floor(Date.now() / 86_400_000 + 20) * 86_400_000; // midnight UTC, 20 days ahead

/** One booking of a slot of its own (15 minutes, never booked before in this run). */
export async function book(server: Server, key: string, account: Account, attempt: string): Promise<Attempt> {
  const start = base + slot++ * 15 * 60_000;
  const body = {
    segments: [{ resource: account.resource, start: new Date(start).toISOString(), end: new Date(start + 15 * 60_000).toISOString() }],
    metadata: { attempt },
  };
  const startedAt = Date.now();
  try {
    const res = await api(server, key, 'POST', '/v1/bookings', body, { 'service-account': account.id });
    return {
      attempt,
      account: account.id,
      status: res.status,
      code: res.body?.error?.code ?? null,
      retryAfter: res.headers.get('retry-after'),
      bookingId: res.status === 200 ? res.body.id : null,
      startedAt,
      endedAt: Date.now(),
    };
  } catch {
    return { attempt, account: account.id, status: 0, code: null, retryAfter: null, bookingId: null, startedAt, endedAt: Date.now() };
  }
}

/**
 * `clients` loops booking for the accounts in turn until `stop()`; `target` picks the server of
 * each request (null: the loop ends). Resolves with every attempt once all loops have ended.
 */
export function bookingLoad(opts: { clients: number; key: string; accounts: Account[]; target: (client: number) => Server | null }) {
  let stopped = false;
  const attempts: Attempt[] = [];
  let n = 0;
  const loops = Array.from({ length: opts.clients }, async (_, client) => {
    while (!stopped) {
      const server = opts.target(client);
      if (!server) return;
      const i = n++;
      attempts.push(await book(server, opts.key, opts.accounts[i % opts.accounts.length]!, `a${i}`));
    }
  });
  return {
    attempts,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
      return attempts;
    },
  };
}

/**
 * What the database holds for these attempts, checked:
 * - every acknowledged booking (200) is there, with the attempt it answered;
 * - every booking has exactly one `booking.created` event, and every such event its booking;
 * - no attempt wrote two bookings, and none refused by `refusedWithout` wrote any.
 */
export async function expectConsistent(url: string, attempts: Attempt[], refusedWithout: (a: Attempt) => boolean = () => false) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const accounts = [...new Set(attempts.map((a) => a.account))];
    const bookings = (
      await c.query<{ id: string; attempt: string }>(`select id, metadata->>'attempt' as attempt from bookings where account_id = any($1)`, [accounts])
    ).rows;
    const events = (
      await c.query<{ booking: string; n: string }>(
        `select object->>'id' as booking, count(*) as n from events where type = 'booking.created' and account_id = any($1) group by 1`,
        [accounts],
      )
    ).rows;
    const byId = new Map(bookings.map((b) => [b.id, b]));
    const eventsOf = new Map(events.map((e) => [e.booking, Number(e.n)]));
    const acked = attempts.filter((a) => a.status === 200);
    expect(acked.filter((a) => byId.get(a.bookingId!)?.attempt !== a.attempt), 'acknowledged bookings missing').toEqual([]);
    expect(bookings.filter((b) => eventsOf.get(b.id) !== 1), 'bookings without exactly one booking.created').toEqual([]);
    expect(events.filter((e) => !byId.has(e.booking)), 'booking.created events whose booking is gone').toEqual([]);
    const perAttempt = new Map<string, number>();
    for (const b of bookings) perAttempt.set(b.attempt, (perAttempt.get(b.attempt) ?? 0) + 1);
    expect([...perAttempt].filter(([, n]) => n > 1), 'attempts that wrote two bookings').toEqual([]);
    expect(attempts.filter((a) => refusedWithout(a) && perAttempt.has(a.attempt)), 'refused attempts that wrote a booking').toEqual([]);
    return { bookings: bookings.length, acknowledged: acked.length, unanswered: attempts.filter((a) => a.status === 0).length };
  } finally {
    await c.end();
  }
}

/** The longest stretch, in ms, over which every request that ended failed (0: none failed). */
export function longestFailureRun(attempts: Attempt[]): { ms: number; requests: number } {
  let longest = { ms: 0, requests: 0 };
  let runStart: number | null = null;
  let count = 0;
  for (const a of [...attempts].sort((x, y) => x.endedAt - y.endedAt)) {
    if (a.status === 200) {
      runStart = null;
      count = 0;
      continue;
    }
    runStart ??= a.startedAt;
    count++;
    if (a.endedAt - runStart >= longest.ms) longest = { ms: a.endedAt - runStart, requests: count };
  }
  return longest;
}
