import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ICAL from 'ical.js';
import { escapeText, foldLine, renderCalendar } from '../../src/features/feed-urls/ics.js';

const event = (summary: string) => ({
  uid: 'bk_1@scheduling-api',
  start: new Date('2027-03-28T00:30:00Z'),
  end: new Date('2027-03-28T02:30:00Z'),
  sequence: 3,
  status: 'CONFIRMED' as const,
  summary,
  description: 'Line one\nLine two',
  created: new Date('2027-01-01T00:00:00Z'),
  lastModified: new Date('2027-01-02T00:00:00Z'),
});

describe('the iCalendar renderer', () => {
  it('writes CRLF lines of at most 75 octets that ical.js reads back to the same text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string({ maxLength: 120 }), (summary, name) => {
        const text = renderCalendar({ name, events: [event(summary)] });
        for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
        expect(text.replace(/\r\n/g, '')).not.toContain('\n');
        const calendar = new ICAL.Component(ICAL.parse(text));
        // X-WR-CALNAME is an extension property: ical.js keeps it escaped, calendar apps read it as text.
        expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(escapeText(name));
        const parsed = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
        expect(parsed.summary).toBe(summary.replace(/\r\n|\r/g, '\n'));
        expect(parsed.description).toBe('Line one\nLine two');
        expect(parsed.sequence).toBe(3);
        expect(parsed.startDate.toJSDate().toISOString()).toBe('2027-03-28T00:30:00.000Z');
      }),
      { numRuns: 200 },
    );
  });

  it('escapes backslashes, semicolons, commas and newlines', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('never splits a multi-byte character when folding', () => {
    const folded = foldLine('SUMMARY:' + 'é'.repeat(80));
    for (const line of folded.split('\r\n')) expect(() => decodeURIComponent(encodeURIComponent(line))).not.toThrow();
    expect(folded.split('\r\n ').join('')).toBe('SUMMARY:' + 'é'.repeat(80));
  });
});
