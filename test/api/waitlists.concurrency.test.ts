/*
 * Parallel cancels and joins on one booking's seats and line. On PostgreSQL the requests run
 * on separate connections of the pool at once; the booking row lock must keep the line
 * exact. The proof replays the booking's events in the order they were written (event ids
 * are made under the lock, so they follow it) and checks every step against the rules.
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp, type Client } from '../support/harness.js';
import { book, futureDay, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const SEATS = 3;

async function attendeeEvents(api: Client) {
  const out: any[] = [];
  let starting_after: string | undefined;
  for (;;) {
    const page = await api.get('/v1/events', { type: 'attendee.*', limit: 100, ...(starting_after ? { ending_before: starting_after } : {}) });
    out.push(...page.body.data);
    if (!page.body.has_more) break;
    starting_after = page.body.data.at(-1).id;
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : 1));
}

describe('a waitlist under parallel cancels and joins', () => {
  it('never promotes past the seats and never skips a place in line', async () => {
    const api = await t.newAccount();
    const r = await openResource(api, {}, [{ start: '00:00', end: '24:00' }]);
    const b = await book(api, { segments: [seg(r.id, futureDay(21), '10:00', '11:00')], seats: SEATS, waitlist_limit: 100 });
    const joinOne = () => api.post(`/v1/bookings/${b.id}/attendees`, {});
    const seated = [];
    for (let i = 0; i < SEATS; i++) seated.push((await joinOne()).body);
    const waiting = [];
    for (let i = 0; i < 8; i++) waiting.push((await joinOne()).body);

    const requests = [
      ...seated.map((a) => () => api.post(`/v1/attendees/${a.id}/cancel`)),
      ...[waiting[1], waiting[4]].map((a) => () => api.post(`/v1/attendees/${a.id}/cancel`)),
      ...Array.from({ length: 12 }, () => joinOne),
    ];
    // Interleave cancels and joins so they race.
    const shuffled = requests.map((f, i) => [(i * 7919) % requests.length, f] as const).sort((x, y) => x[0] - y[0]).map(([, f]) => f);
    const results = await Promise.all(shuffled.map((f) => f()));
    expect(results.filter((res) => res.status !== 200).map((res) => res.body)).toEqual([]);

    // Replay: the line and the seats after every event, in the order they were written.
    const line: string[] = [];
    let taken = 0;
    const events = (await attendeeEvents(api)).filter((e) => e.data.object.booking === b.id);
    for (const e of events) {
      const a = e.data.object;
      const step = `${e.type} ${a.id}`;
      if (e.type === 'attendee.created') {
        expect(line, `${step}: seated directly while people wait`).toEqual([]);
        taken += a.seats;
      } else if (e.type === 'attendee.waitlisted') {
        line.push(a.id);
        expect(a.waitlist_position, step).toBe(line.length);
      } else if (e.type === 'attendee.promoted') {
        expect(line[0], `${step}: promoted out of turn`).toBe(a.id);
        expect(e.data.previous_attributes.waitlist_position, step).toBe(1);
        line.shift();
        taken += a.seats;
      } else if (e.type === 'attendee.cancelled') {
        if (e.data.previous_attributes.status === 'waitlisted') line.splice(line.indexOf(a.id), 1);
        else taken -= a.seats;
      }
      expect(taken, `${step}: seats taken`).toBeLessThanOrEqual(SEATS);
    }

    // The final state agrees with the replay: seats full while anyone waits, positions dense.
    const booking = (await api.get(`/v1/bookings/${b.id}`)).body;
    expect(booking.seats_taken).toBe(taken);
    expect(booking.seats_taken).toBe(SEATS);
    const listed = (await api.get(`/v1/bookings/${b.id}/attendees`, { status: 'waitlisted', limit: 100 })).body.data as any[];
    const byPosition = listed.sort((x, y) => x.waitlist_position - y.waitlist_position);
    expect(byPosition.map((a) => a.id)).toEqual(line);
    expect(byPosition.map((a) => a.waitlist_position)).toEqual(line.map((_, i) => i + 1));
    // 3 seated + 8 waiting + 12 joins - 5 cancelled = 18 still in, 3 of them seated.
    expect(line).toHaveLength(18 - SEATS);
  });
});
