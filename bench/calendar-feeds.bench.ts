/**
 * Calendar feed sync (docs/calendar-feeds.md#limits): a feed of 5,000 events (4,000 single
 * events, 1,000 weekly ones with a few instances each inside the horizon) served by a local
 * server, synced through POST /v1/calendar_feeds/{id}/sync: fetch, parse with ical.js, expand,
 * replace the busy intervals and re-check the resource's bookings in one transaction.
 * Each run changes one event so that the text differs and the whole sync runs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { benchApp, ok } from './support.js';

const RUNS = 3;
const EVENTS = 5000;

function feedText(run: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Bench//Feed//EN'];
  const day0 = Date.now() + 86_400_000;
  const stamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
  for (let i = 0; i < EVENTS; i++) {
    const start = day0 + Math.floor(i / 8) * 86_400_000 / 2 + (i % 8) * 3_600_000;
    lines.push('BEGIN:VEVENT', `UID:bench-${i}-${i === 0 ? run : 0}@bench`, `DTSTAMP:${stamp(day0)}`, `DTSTART:${stamp(start)}`, `DTEND:${stamp(start + 1_800_000)}`);
    if (i % 5 === 0) lines.push('RRULE:FREQ=WEEKLY;COUNT=4');
    lines.push('SUMMARY:Busy', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n') + '\r\n';
}

export default async function calendarFeedsBench(): Promise<void> {
  let body = feedText(0);
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.ics`;
  const b = await benchApp();
  try {
    const room = await ok(b.request('POST', '/v1/resources', { name: 'Coach', type: 'person' }));
    let t0 = performance.now();
    const feed = await ok(b.request('POST', '/v1/calendar_feeds', { resource: room.id, url }));
    const first = performance.now() - t0;
    if (feed.last_error) throw new Error(`bench feed failed: ${feed.last_error}`);
    const ms: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      body = feedText(run);
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
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
