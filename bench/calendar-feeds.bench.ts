/**
 * Calendar feed sync (docs/calendar-feeds.md#limits): a feed of 5,000 events (4,000 single
 * events, 1,000 weekly ones with a few instances each inside the horizon) served by a local
 * server, synced through POST /v1/calendar_feeds/{id}/sync: fetch, parse with ical.js, expand,
 * replace the busy intervals and re-check the resource's bookings in one transaction.
 * Each run changes one event so that the text differs and the whole sync runs.
 */
import { performance } from 'node:perf_hooks';
import { benchApp, ok } from './support.js';
import { icalFeed, serveFeed } from './workload.js';

const RUNS = 3;
const EVENTS = 5000;

export default async function calendarFeedsBench(): Promise<void> {
  let body = icalFeed(EVENTS, 0);
  const { url, close } = await serveFeed(() => body);
  const b = await benchApp();
  try {
    const room = await ok(b.request('POST', '/v1/resources', { name: 'Coach', type: 'person' }));
    let t0 = performance.now();
    const feed = await ok(b.request('POST', '/v1/calendar_feeds', { resource: room.id, url }));
    const first = performance.now() - t0;
    if (feed.last_error) throw new Error(`bench feed failed: ${feed.last_error}`);
    const ms: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      body = icalFeed(EVENTS, run);
      t0 = performance.now();
      const synced = await ok(b.request('POST', `/v1/calendar_feeds/${feed.id}/sync`));
      ms.push(performance.now() - t0);
      if (synced.last_error) throw new Error(`bench sync failed: ${synced.last_error}`);
    }
    console.log(`| sync of a feed | events | busy intervals | create + first sync | re-sync (median of ${RUNS}) |`);
    console.log('|---|---|---|---|---|');
    const median = [...ms].sort((a, c) => a - c)[Math.floor(ms.length / 2)];
    console.log(`| ${(body.length / 1024 / 1024).toFixed(1)} MB text | ${EVENTS} | ${feed.busy_count} | ${first.toFixed(0)} ms | ${median.toFixed(0)} ms |`);
  } finally {
    await b.close();
    await close();
  }
}
