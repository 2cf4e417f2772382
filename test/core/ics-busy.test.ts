import { describe, expect, it } from 'vitest';
import { busyFromIcs, FeedContentError } from '../../src/features/calendar-feeds/ics-busy.js';
import { dstWeekExport, googleExport, outlookExport } from '../api/calendar-feeds.helpers.js';

const limits = { from: Date.parse('2027-01-01T00:00:00Z'), to: Date.parse('2028-01-01T00:00:00Z'), maxEvents: 1000, maxIntervals: 1000 };
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const view = (text: string, zone = 'UTC', l = limits) => busyFromIcs(text, zone, l).map((b) => [b.uid, iso(b.start), iso(b.end)]);

describe('busy time from an iCalendar text', () => {
  it('expands a weekly RRULE in its VTIMEZONE, leaves out the EXDATE, moves the overridden instance, and skips transparent and cancelled events', () => {
    // Monday 2027-01-04: Berlin is UTC+1 in winter.
    const busy = view(googleExport('2027-01-04', 4), 'America/New_York');
    expect(busy).toEqual([
      ['weekly-1on1@google.com', '2027-01-04T08:00:00Z', '2027-01-04T09:00:00Z'],
      // The all-day event covers its day in the resource's zone (New York, UTC−5).
      ['conference@google.com', '2027-01-07T05:00:00Z', '2027-01-08T05:00:00Z'],
      ['weekly-1on1@google.com', '2027-01-18T13:00:00Z', '2027-01-18T14:30:00Z'],
      ['weekly-1on1@google.com', '2027-01-25T08:00:00Z', '2027-01-25T09:00:00Z'],
    ]);
  });

  it('reads a Windows zone name through the VTIMEZONE of an Outlook export', () => {
    expect(view(outlookExport('2027-07-01'))).toEqual([
      ['040000008200E00074C5B7101A82E00800000000@outlook.com', '2027-07-01T08:00:00Z', '2027-07-01T09:00:00Z'],
    ]);
  });

  it('keeps 09:00 local across a daylight-saving change', () => {
    expect(view(dstWeekExport('2027-03-27'))).toEqual([
      ['standup@dst', '2027-03-27T08:00:00Z', '2027-03-27T09:00:00Z'],
      ['standup@dst', '2027-03-28T07:00:00Z', '2027-03-28T08:00:00Z'],
      ['standup@dst', '2027-03-29T07:00:00Z', '2027-03-29T08:00:00Z'],
    ]);
  });

  it('takes a TZID without VTIMEZONE as an IANA zone, and floating times in the resource zone', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:a',
      'DTSTART;TZID=Asia/Tokyo:20270301T090000',
      'DTEND;TZID=Asia/Tokyo:20270301T100000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:b',
      'DTSTART:20270302T090000',
      'DTEND:20270302T100000',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    expect(view(text, 'Europe/London')).toEqual([
      ['a', '2027-03-01T00:00:00Z', '2027-03-01T01:00:00Z'],
      ['b', '2027-03-02T09:00:00Z', '2027-03-02T10:00:00Z'],
    ]);
  });

  it('expands an endless rule only up to the horizon, and keeps only what overlaps it', () => {
    const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:d', 'DTSTART:20200101T120000Z', 'DTEND:20200101T130000Z', 'RRULE:FREQ=DAILY', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    const busy = busyFromIcs(text, 'UTC', { ...limits, to: Date.parse('2027-01-08T00:00:00Z') });
    expect(busy).toHaveLength(7);
    expect(iso(busy[0].start)).toBe('2027-01-01T12:00:00Z');
  });

  it('refuses malformed text, a text that is not a calendar, and texts over the limits', () => {
    expect(() => busyFromIcs('this is not a calendar', 'UTC', limits)).toThrow(FeedContentError);
    expect(() => busyFromIcs('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:2027\r\n', 'UTC', limits)).toThrow(FeedContentError);
    expect(() => busyFromIcs('BEGIN:VEVENT\r\nUID:x\r\nEND:VEVENT\r\n', 'UTC', limits)).toThrow(/VCALENDAR/);
    expect(() => busyFromIcs(googleExport('2027-01-04'), 'UTC', { ...limits, maxEvents: 2 })).toThrow(/more than 2/);
    expect(() => busyFromIcs(googleExport('2027-01-04'), 'UTC', { ...limits, maxIntervals: 2 })).toThrow(/more than 2 busy intervals/);
  });
});
