import { describe, expect, it } from 'vitest';
import { parseRecurrenceRule } from '../../../src/core/recurrence/rule.js';
import {
  firstOccurrence,
  nextOccurrence,
  occurrencesBetween,
  previousOccurrence,
  RuleNeverOccursError,
  type SeriesRecurrence,
} from '../../../src/core/recurrence/expand.js';
import { t, view } from '../helpers.js';

function series(rrule: string, start: string, tz = 'UTC'): SeriesRecurrence {
  const r = parseRecurrenceRule(rrule);
  if (!r.ok) throw new Error(r.message);
  const [date, time] = start.split('T');
  const [h, m] = time.split(':').map(Number);
  return { rule: r.rule, startDate: date, startMinutes: h * 60 + m, timezone: tz };
}

/** Occurrence keys from the series start over `years` years. */
function keys(s: SeriesRecurrence, years = 2): string[] {
  const from = t(`${s.startDate}T00:00:00Z`) - 86_400_000;
  return occurrencesBetween(s, from, from + years * 366 * 86_400_000).map((o) => o.key);
}

/** "key → local wall time (UTC instant)" for DST assertions. */
function placed(s: SeriesRecurrence, from: string, to: string): string[] {
  return occurrencesBetween(s, t(from), t(to)).map((o) => `${o.key} → ${view(o.start, s.timezone)} (${new Date(o.start).toISOString().slice(0, 16)}Z)`);
}

describe('expanding rule parts', () => {
  it('FREQ=DAILY with INTERVAL and COUNT', () => {
    expect(keys(series('FREQ=DAILY;INTERVAL=3;COUNT=4', '2027-01-30T09:00'))).toEqual([
      '2027-01-30T09:00',
      '2027-02-02T09:00',
      '2027-02-05T09:00',
      '2027-02-08T09:00',
    ]);
  });

  it('FREQ=WEEKLY defaults to the start weekday; BYDAY lists several', () => {
    expect(keys(series('FREQ=WEEKLY;COUNT=3', '2027-01-06T10:30'))).toEqual(['2027-01-06T10:30', '2027-01-13T10:30', '2027-01-20T10:30']);
    expect(keys(series('FREQ=WEEKLY;BYDAY=MO,FR;COUNT=4', '2027-01-06T10:30'))).toEqual([
      '2027-01-08T10:30',
      '2027-01-11T10:30',
      '2027-01-15T10:30',
      '2027-01-18T10:30',
    ]);
  });

  it('WKST changes which weeks an INTERVAL=2 rule keeps (the RFC 5545 example)', () => {
    // RFC 5545, section 3.3.10: DTSTART 1997-08-05 (a Tuesday).
    expect(keys(series('FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO', '1997-08-05T09:00'))).toEqual([
      '1997-08-05T09:00',
      '1997-08-10T09:00',
      '1997-08-19T09:00',
      '1997-08-24T09:00',
    ]);
    expect(keys(series('FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU', '1997-08-05T09:00'))).toEqual([
      '1997-08-05T09:00',
      '1997-08-17T09:00',
      '1997-08-19T09:00',
      '1997-08-31T09:00',
    ]);
  });

  it('FREQ=MONTHLY with BYDAY ordinals: the second Tuesday and the last Friday', () => {
    expect(keys(series('FREQ=MONTHLY;BYDAY=2TU;COUNT=3', '2027-01-01T18:00'))).toEqual(['2027-01-12T18:00', '2027-02-09T18:00', '2027-03-09T18:00']);
    expect(keys(series('FREQ=MONTHLY;BYDAY=-1FR;COUNT=3', '2027-01-01T18:00'))).toEqual(['2027-01-29T18:00', '2027-02-26T18:00', '2027-03-26T18:00']);
  });

  it('FREQ=MONTHLY with BYMONTHDAY, negative too; months without the day are skipped', () => {
    expect(keys(series('FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=3', '2027-01-15T08:00'))).toEqual(['2027-01-31T08:00', '2027-02-28T08:00', '2027-03-31T08:00']);
    expect(keys(series('FREQ=MONTHLY;BYMONTHDAY=31;COUNT=3', '2027-01-15T08:00'))).toEqual(['2027-01-31T08:00', '2027-03-31T08:00', '2027-05-31T08:00']);
    expect(keys(series('FREQ=MONTHLY;COUNT=3', '2027-01-31T08:00'))).toEqual(['2027-01-31T08:00', '2027-03-31T08:00', '2027-05-31T08:00']);
  });

  it('BYSETPOS picks within each period: the last weekday of the month', () => {
    expect(keys(series('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=3', '2027-01-01T17:00'))).toEqual([
      '2027-01-29T17:00',
      '2027-02-26T17:00',
      '2027-03-31T17:00',
    ]);
    expect(keys(series('FREQ=MONTHLY;BYMONTHDAY=1,15,-1;BYSETPOS=2;COUNT=2', '2027-01-01T17:00'))).toEqual(['2027-01-15T17:00', '2027-02-15T17:00']);
  });

  it('FREQ=YEARLY with BYMONTH, BYDAY ordinals inside the month, and 29 February', () => {
    expect(keys(series('FREQ=YEARLY;BYMONTH=11;BYDAY=4TH;COUNT=3', '2027-01-01T12:00'), 4)).toEqual([
      '2027-11-25T12:00',
      '2028-11-23T12:00',
      '2029-11-22T12:00',
    ]);
    expect(keys(series('FREQ=YEARLY;COUNT=2', '2028-02-29T12:00'), 9)).toEqual(['2028-02-29T12:00', '2032-02-29T12:00']);
    expect(keys(series('FREQ=YEARLY;BYMONTH=1,7;COUNT=3', '2027-01-10T12:00'))).toEqual(['2027-01-10T12:00', '2027-07-10T12:00', '2028-01-10T12:00']);
  });

  it('FREQ=YEARLY with a BYDAY ordinal and no BYMONTH counts within the year', () => {
    expect(keys(series('FREQ=YEARLY;BYDAY=20MO;COUNT=2', '2027-01-01T12:00'))).toEqual(['2027-05-17T12:00', '2028-05-15T12:00']);
  });

  it('BYMONTH limits a DAILY rule; BYDAY limits a DAILY rule', () => {
    expect(keys(series('FREQ=DAILY;BYMONTH=2;BYDAY=SA;COUNT=5', '2027-01-01T12:00'))).toEqual([
      '2027-02-06T12:00',
      '2027-02-13T12:00',
      '2027-02-20T12:00',
      '2027-02-27T12:00',
      '2028-02-05T12:00',
    ]);
  });

  it('UNTIL is an inclusive instant: an occurrence starting exactly at UNTIL is kept', () => {
    const s = series('FREQ=DAILY;UNTIL=20270103T140000Z', '2027-01-01T09:00', 'America/New_York');
    expect(keys(s)).toEqual(['2027-01-01T09:00', '2027-01-02T09:00', '2027-01-03T09:00']);
    const before = series('FREQ=DAILY;UNTIL=20270103T135959Z', '2027-01-01T09:00', 'America/New_York');
    expect(keys(before)).toEqual(['2027-01-01T09:00', '2027-01-02T09:00']);
    expect(nextOccurrence(s, t('2027-01-03T14:00:01Z'))).toBeNull();
    expect(previousOccurrence(s, t('2030-01-01T00:00:00Z'))?.key).toBe('2027-01-03T09:00');
  });

  it('an occurrence that does not match the rule is not made from the start date itself', () => {
    // 2027-01-01 is a Friday: a Monday rule starts on the 4th.
    expect(firstOccurrence(series('FREQ=WEEKLY;BYDAY=MO', '2027-01-01T09:00')).key).toBe('2027-01-04T09:00');
  });

  it('reads any window of a long series, and next/previous around it', () => {
    const s = series('FREQ=WEEKLY;BYDAY=TU', '2027-01-01T09:00', 'Europe/Paris');
    expect(occurrencesBetween(s, t('2040-06-01T00:00:00Z'), t('2040-06-15T00:00:00Z')).map((o) => o.key)).toEqual(['2040-06-05T09:00', '2040-06-12T09:00']);
    expect(nextOccurrence(s, t('2040-06-05T07:00:00Z'))?.key).toBe('2040-06-05T09:00');
    expect(nextOccurrence(s, t('2040-06-05T07:00:01Z'))?.key).toBe('2040-06-12T09:00');
    expect(previousOccurrence(s, t('2040-06-05T07:00:00Z'))?.key).toBe('2040-05-29T09:00');
    const counted = series('FREQ=WEEKLY;BYDAY=TU;COUNT=2', '2027-01-01T09:00', 'Europe/Paris');
    expect(nextOccurrence(counted, t('2027-01-13T00:00:00Z'))).toBeNull();
  });

  it('a rule that can never occur is reported, not looped on', () => {
    expect(() => firstOccurrence(series('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', '2027-01-01T09:00'))).toThrow(RuleNeverOccursError);
  });
});

describe('occurrences keep their wall time across daylight saving', () => {
  it('America/New_York: a 02:30 start moves forward by the gap in March and takes the earlier 01:30 in November', () => {
    expect(placed(series('FREQ=DAILY', '2027-03-13T02:30', 'America/New_York'), '2027-03-13T00:00:00Z', '2027-03-16T00:00:00Z')).toEqual([
      '2027-03-13T02:30 → 2027-03-13T02:30 (2027-03-13T07:30Z)',
      '2027-03-14T02:30 → 2027-03-14T03:30 (2027-03-14T07:30Z)',
      '2027-03-15T02:30 → 2027-03-15T02:30 (2027-03-15T06:30Z)',
    ]);
    expect(placed(series('FREQ=DAILY', '2027-11-06T01:30', 'America/New_York'), '2027-11-06T00:00:00Z', '2027-11-09T00:00:00Z')).toEqual([
      '2027-11-06T01:30 → 2027-11-06T01:30 (2027-11-06T05:30Z)',
      '2027-11-07T01:30 → 2027-11-07T01:30 (2027-11-07T05:30Z)',
      '2027-11-08T01:30 → 2027-11-08T01:30 (2027-11-08T06:30Z)',
    ]);
  });

  it('Europe/London: 09:00 stays 09:00 local while the UTC instant moves by an hour', () => {
    expect(placed(series('FREQ=WEEKLY;BYDAY=SU', '2027-03-21T09:00', 'Europe/London'), '2027-03-20T00:00:00Z', '2027-04-05T00:00:00Z')).toEqual([
      '2027-03-21T09:00 → 2027-03-21T09:00 (2027-03-21T09:00Z)',
      '2027-03-28T09:00 → 2027-03-28T09:00 (2027-03-28T08:00Z)',
      '2027-04-04T09:00 → 2027-04-04T09:00 (2027-04-04T08:00Z)',
    ]);
    // 01:30 does not exist on 28 March 2027 in London (01:00 → 02:00).
    expect(placed(series('FREQ=DAILY;COUNT=3', '2027-03-27T01:30', 'Europe/London'), '2027-03-26T00:00:00Z', '2027-04-01T00:00:00Z')).toEqual([
      '2027-03-27T01:30 → 2027-03-27T01:30 (2027-03-27T01:30Z)',
      '2027-03-28T01:30 → 2027-03-28T02:30 (2027-03-28T01:30Z)',
      '2027-03-29T01:30 → 2027-03-29T01:30 (2027-03-29T00:30Z)',
    ]);
  });

  it('Australia/Sydney (southern hemisphere): the clocks go back in April and forward in October', () => {
    expect(placed(series('FREQ=DAILY', '2027-04-03T02:30', 'Australia/Sydney'), '2027-04-02T00:00:00Z', '2027-04-05T12:00:00Z')).toEqual([
      '2027-04-03T02:30 → 2027-04-03T02:30 (2027-04-02T15:30Z)',
      '2027-04-04T02:30 → 2027-04-04T02:30 (2027-04-03T15:30Z)',
      '2027-04-05T02:30 → 2027-04-05T02:30 (2027-04-04T16:30Z)',
    ]);
    expect(placed(series('FREQ=DAILY', '2027-10-02T02:30', 'Australia/Sydney'), '2027-10-01T00:00:00Z', '2027-10-04T12:00:00Z')).toEqual([
      '2027-10-02T02:30 → 2027-10-02T02:30 (2027-10-01T16:30Z)',
      '2027-10-03T02:30 → 2027-10-03T03:30 (2027-10-02T16:30Z)',
      '2027-10-04T02:30 → 2027-10-04T02:30 (2027-10-03T15:30Z)',
    ]);
  });

  it('Australia/Lord_Howe shifts by 30 minutes: 02:15 moves to 02:45 in October; 01:45 takes the earlier instant in April', () => {
    expect(placed(series('FREQ=DAILY', '2027-10-02T02:15', 'Australia/Lord_Howe'), '2027-10-01T00:00:00Z', '2027-10-04T12:00:00Z')).toEqual([
      '2027-10-02T02:15 → 2027-10-02T02:15 (2027-10-01T15:45Z)',
      '2027-10-03T02:15 → 2027-10-03T02:45 (2027-10-02T15:45Z)',
      '2027-10-04T02:15 → 2027-10-04T02:15 (2027-10-03T15:15Z)',
    ]);
    expect(placed(series('FREQ=DAILY', '2027-04-03T01:45', 'Australia/Lord_Howe'), '2027-04-02T00:00:00Z', '2027-04-05T12:00:00Z')).toEqual([
      '2027-04-03T01:45 → 2027-04-03T01:45 (2027-04-02T14:45Z)',
      '2027-04-04T01:45 → 2027-04-04T01:45 (2027-04-03T14:45Z)',
      '2027-04-05T01:45 → 2027-04-05T01:45 (2027-04-04T15:15Z)',
    ]);
  });

  it('Asia/Kathmandu (+05:45, no daylight saving): every occurrence is 03:15 UTC', () => {
    const s = series('FREQ=DAILY', '2027-03-12T09:00', 'Asia/Kathmandu');
    const all = occurrencesBetween(s, t('2027-01-01T00:00:00Z'), t('2028-01-01T00:00:00Z'));
    expect(all).toHaveLength(295);
    expect(new Set(all.map((o) => new Date(o.start).toISOString().slice(11, 16)))).toEqual(new Set(['03:15']));
  });

  it('a series at midnight in a zone whose midnight is skipped (America/Santiago, September) moves to 01:00', () => {
    expect(placed(series('FREQ=DAILY', '2027-09-04T00:00', 'America/Santiago'), '2027-09-04T00:00:00Z', '2027-09-07T00:00:00Z')).toEqual([
      '2027-09-04T00:00 → 2027-09-04T00:00 (2027-09-04T04:00Z)',
      '2027-09-05T00:00 → 2027-09-05T01:00 (2027-09-05T04:00Z)',
      '2027-09-06T00:00 → 2027-09-06T00:00 (2027-09-06T03:00Z)',
    ]);
  });
});
