/**
 * The mixed traffic of the soak benchmark (docs/performance.md, "Soak"): what a platform's
 * users and integrations send a running server. Every request is built to succeed (a booking
 * takes an hour no other request takes, a cancel or reschedule takes a booking no other
 * request holds), so any 4xx is unexpected.
 *
 * Set up through the API: 16 desks open all day (bookings, from 30 days ahead, one hour after
 * another), 4 rooms for series (one daily series per room and hour at most), a resource with
 * a calendar feed served by a local server, and a webhook endpoint for every event, delivered
 * to a local receiver that answers 200.
 */
import { Receiver } from '../test/support/receiver.js';
import { client, openResource, type Client } from './http-client.js';
import { TZ, everyDay, icalFeed, serveFeed } from './workload.js';

/** What one request of the mix did. `status` 0: no answer (the connection failed). */
export interface Outcome {
  kind: string;
  status: number;
  /** What went wrong: the body of an answer other than 200, or the failure a 200 reports inside (a feed sync's last_error, an MCP tool error). */
  failure?: string;
}

export interface Traffic {
  /** One request of the mix, chosen at random by weight. */
  next(): Promise<Outcome>;
  /** Webhook deliveries received since the last call. */
  takeDeliveries(): number;
  close(): Promise<void>;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DESKS = 16;
const SERIES_ROOMS = 4;
/** Live series at most: half of the (room, hour) slots, so that creating one always finds a free slot. */
const SERIES_LIVE = (SERIES_ROOMS * 24) / 2;
const FEED_EVENTS = 200;
/** How many days back from the front of the booked range the searches look (searchedDay). */
const SEARCHED_DAYS = 30;
// Bookings lie in the future: from a day 30 days ahead (past every event of the feed).
const DAY0 = Date.parse(new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10) + 'T00:00:00Z');
const isoZ = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

export async function startTraffic(base: string, key: string, connections: number): Promise<Traffic> {
  let accountId: string | null = null;
  const setup = client(base, key, () => accountId, 1);
  const api: Client = client(base, key, () => accountId, connections);
  const receiver = await Receiver.start();
  let feedVersion = 0;
  const feedServer = await serveFeed(() => icalFeed(FEED_EVENTS, feedVersion));

  accountId = (await setup.call('POST', '/v1/accounts', { name: 'Soak', timezone: TZ })).id;
  const allDay = everyDay('00:00', '24:00');
  const desks: string[] = [];
  for (let i = 0; i < DESKS; i++) desks.push(await openResource(setup, { name: `Desk ${i}`, type: 'desk' }, allDay));
  const rooms: string[] = [];
  for (let i = 0; i < SERIES_ROOMS; i++) rooms.push(await openResource(setup, { name: `Room ${i}`, type: 'room' }, allDay));
  const coach = await openResource(setup, { name: 'Coach with a calendar', type: 'coach' }, allDay);
  const feed = await setup.call('POST', '/v1/calendar_feeds', { resource: coach, url: feedServer.url });
  if (feed.last_error) throw new Error(`the soak's calendar feed failed: ${feed.last_error}`);
  await setup.call('POST', '/v1/webhook_endpoints', { url: receiver.url, enabled_events: ['*'] });
  await setup.close();

  // The state that keeps every request valid.
  const nextHour = new Array<number>(DESKS).fill(0);
  let nextDesk = 0;
  const live: string[] = [];
  const freeSeriesSlots = rooms.flatMap((room) => Array.from({ length: 24 }, (_, hour) => ({ room, hour })));
  const liveSeries: { id: string; slot: (typeof freeSeriesSlots)[number] }[] = [];

  const freeHour = () => {
    const desk = nextDesk++ % DESKS;
    const start = DAY0 + nextHour[desk]++ * HOUR;
    return [{ resource: desks[desk], start: isoZ(start), end: isoZ(start + HOUR) }];
  };
  /** A booking of ours no other request holds (taken out of the list), or null. */
  const takeBooking = () => (live.length ? live.splice(Math.floor(Math.random() * live.length), 1)[0] : null);
  /**
   * One day of the open calendar: the last SEARCHED_DAYS days of the booked range, where the
   * bookings are being made (and the day after them). At 100 requests a second the mix
   * books about 100,000 desk-hours an hour, so the booked range runs some 260 days ahead each
   * hour, much faster than a real calendar fills; a day drawn
   * from all of it made the pages every search reads grow with the run, as if a real calendar's
   * users searched its whole history evenly. A real one's search the coming weeks, where its
   * bookings go; the days the range left behind are history, read by gets, cancels and
   * reschedules of bookings drawn from all of it.
   */
  const searchedDay = () => {
    const bookedDays = Math.ceil((Math.max(...nextHour) * HOUR) / DAY) + 1;
    const first = Math.max(0, bookedDays - SEARCHED_DAYS);
    const from = DAY0 + (first + Math.floor(Math.random() * (bookedDays - first))) * DAY;
    return { from: isoZ(from), to: isoZ(from + DAY), segments: [{ type: 'desk', duration_minutes: 60 }], limit: 100 };
  };

  const send = async (kind: string, method: 'GET' | 'POST', url: string, body?: unknown, headers?: Record<string, string>) => {
    const { status, text } = await api.request(method, url, body, headers);
    const outcome: Outcome = status === 200 ? { kind, status } : { kind, status, failure: text.slice(0, 300) };
    return { outcome, json: () => JSON.parse(text) };
  };

  const book = async (): Promise<Outcome> => {
    const r = await send('booking', 'POST', '/v1/bookings', { segments: freeHour() });
    if (r.outcome.status === 200) live.push(r.json().id);
    return r.outcome;
  };

  const ops: [weight: number, run: () => Promise<Outcome>][] = [
    [25, async () => (await send('search', 'POST', '/v1/availability', searchedDay())).outcome],
    [20, book],
    [
      10,
      async () => {
        const id = live.length ? live[Math.floor(Math.random() * live.length)] : null;
        return id ? (await send('get booking', 'GET', `/v1/bookings/${id}`)).outcome : book();
      },
    ],
    [
      8,
      async () => {
        const id = takeBooking();
        return id ? (await send('cancel', 'POST', `/v1/bookings/${id}/cancel`, { reason: 'soak' })).outcome : book();
      },
    ],
    [
      8,
      async () => {
        const id = takeBooking();
        if (!id) return book();
        const r = await send('reschedule', 'POST', `/v1/bookings/${id}/reschedule`, { segments: freeHour() });
        if (r.outcome.status === 200) live.push(r.json().id);
        return r.outcome;
      },
    ],
    [
      12,
      async () => {
        // Stateless MCP: each POST is one JSON-RPC request, answered as JSON.
        const call =
          Math.random() < 0.5
            ? { name: 'find_availability', arguments: searchedDay() }
            : { name: 'list_resources', arguments: { limit: 10 } };
        const r = await send('mcp tools/call', 'POST', '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: call }, { accept: 'application/json, text/event-stream' });
        if (r.outcome.status !== 200) return r.outcome;
        const answer = r.json();
        if (answer.error || answer.result?.isError) r.outcome.failure = JSON.stringify(answer.error ?? answer.result.content).slice(0, 300);
        return r.outcome;
      },
    ],
    [
      5,
      async () => {
        // Creates until half the slots are taken, then cancels the oldest as often as it creates.
        if (liveSeries.length >= SERIES_LIVE || (liveSeries.length > 0 && Math.random() < 0.5)) {
          const oldest = liveSeries.shift()!;
          const r = await send('series cancel', 'POST', `/v1/series/${oldest.id}/cancel`, {});
          if (r.outcome.status === 200) freeSeriesSlots.push(oldest.slot);
          return r.outcome;
        }
        const slot = freeSeriesSlots.shift()!;
        const r = await send('series create', 'POST', '/v1/series', {
          rrule: 'FREQ=DAILY',
          start_date: dateIn(2),
          start_time: `${String(slot.hour).padStart(2, '0')}:00`,
          horizon_days: 14,
          template: { segments: [{ resource: slot.room, duration_minutes: 60 }] },
        });
        if (r.outcome.status === 200) liveSeries.push({ id: r.json().id, slot });
        else freeSeriesSlots.push(slot);
        return r.outcome;
      },
    ],
    [
      2,
      async () => {
        feedVersion++;
        const r = await send('feed sync', 'POST', `/v1/calendar_feeds/${feed.id}/sync`);
        if (r.outcome.status === 200 && r.json().last_error) r.outcome.failure = r.json().last_error;
        return r.outcome;
      },
    ],
  ];
  const total = ops.reduce((sum, [w]) => sum + w, 0);

  return {
    async next() {
      let pick = Math.random() * total;
      const [, run] = ops.find(([w]) => (pick -= w) < 0) ?? ops[0];
      try {
        return await run();
      } catch (err) {
        return { kind: 'no answer', status: 0, failure: (err as Error).message };
      }
    },
    takeDeliveries: () => receiver.requests.splice(0).length,
    async close() {
      await api.close();
      await receiver.close();
      await feedServer.close();
    },
  };
}
