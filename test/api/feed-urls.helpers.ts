/** Helpers of the calendar feed tests: the app with the feed feature, and ical.js parsing. */
import ICAL from 'ical.js';
import { createPlatform } from '../../src/tenancy/platforms.repository.js';
import { buildTestApp } from '../client/server.js';
import { Client } from '../support/harness.js';

/** Like setupTestApp, with the calendar feed feature (test/client/server.ts). */
export async function setupFeedApp() {
  const { app, db } = await buildTestApp();
  const platform = await createPlatform(db.kysely, 'Feed platform');
  const api = new Client(app, platform.testKey);
  return {
    app,
    db,
    api,
    async newAccount(timezone = 'UTC') {
      const res = await api.post('/v1/accounts', { name: 'Feed Studio', timezone });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return api.withAccount(res.body.id);
    },
  };
}

export interface ParsedEvent {
  uid: string;
  start: string;
  end: string;
  sequence: number;
  status: string | null;
  summary: string;
  description: string | null;
  startZone: string;
}

/** Parses an iCalendar text with ical.js (throws on invalid syntax) and returns its events. */
export function parseCalendar(text: string): { calendar: ICAL.Component; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((c) => {
    const event = new ICAL.Event(c);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString().replace('.000Z', 'Z'),
      end: event.endDate.toJSDate().toISOString().replace('.000Z', 'Z'),
      sequence: event.sequence,
      status: (c.getFirstPropertyValue('status') as string | null) ?? null,
      summary: event.summary,
      description: event.description ?? null,
      startZone: event.startDate.zone?.tzid ?? '',
    };
  });
  return { calendar, events };
}
