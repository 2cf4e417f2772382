import { describe, expect, it } from 'vitest';
import { formatRecurrenceRule, parseRecurrenceRule } from '../../../src/core/recurrence/rule.js';

function rule(text: string) {
  const r = parseRecurrenceRule(text);
  if (!r.ok) throw new Error(r.message);
  return r.rule;
}
function refusal(text: string): string {
  const r = parseRecurrenceRule(text);
  if (r.ok) throw new Error(`accepted: ${text}`);
  return r.message;
}

describe('parsing a series rule', () => {
  it('reads every supported part', () => {
    expect(rule('FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=2TU,-1FR,MO;BYMONTHDAY=1,-1;BYMONTH=3,1;BYSETPOS=-1,1;WKST=SU')).toEqual({
      freq: 'MONTHLY',
      interval: 2,
      count: 10,
      until: null,
      byDay: [
        { weekday: 'TU', ordinal: 2 },
        { weekday: 'FR', ordinal: -1 },
        { weekday: 'MO', ordinal: null },
      ],
      byMonthDay: [-1, 1],
      byMonth: [1, 3],
      bySetPos: [-1, 1],
      wkst: 'SU',
    });
  });

  it('defaults INTERVAL to 1 and WKST to Monday, and reads UNTIL as an inclusive UTC instant', () => {
    const r = rule('FREQ=DAILY;UNTIL=20271231T235959Z');
    expect(r.interval).toBe(1);
    expect(r.wkst).toBe('MO');
    expect(r.until).toBe(Date.parse('2027-12-31T23:59:59Z'));
  });

  it('accepts an RRULE: prefix, lower case and a trailing semicolon', () => {
    expect(rule('rrule:freq=weekly;byday=mo,we;')).toMatchObject({ freq: 'WEEKLY', byDay: [{ weekday: 'MO' }, { weekday: 'WE' }] });
  });

  it('writes a rule back in canonical form', () => {
    expect(formatRecurrenceRule(rule('byday=-1fr;freq=monthly;until=20271231T000000Z;wkst=su'))).toBe(
      'FREQ=MONTHLY;UNTIL=20271231T000000Z;BYDAY=-1FR;WKST=SU',
    );
  });

  it.each([
    ['', /empty/],
    ['INTERVAL=2', /FREQ is missing/],
    ['FREQ=HOURLY', /FREQ=HOURLY is not supported/],
    ['FREQ=SOMETIMES', /FREQ=SOMETIMES/],
    ['DTSTART:20270101T090000Z\nRRULE:FREQ=DAILY', /DTSTART/],
    ['FREQ=DAILY;DTSTART=20270101T090000Z', /DTSTART/],
    ['FREQ=DAILY;BYHOUR=9', /BYHOUR is not supported/],
    ['FREQ=DAILY;BYMINUTE=30', /BYMINUTE is not supported/],
    ['FREQ=DAILY;BYSECOND=0', /BYSECOND is not supported/],
    ['FREQ=YEARLY;BYWEEKNO=20', /BYWEEKNO is not supported/],
    ['FREQ=YEARLY;BYYEARDAY=100', /BYYEARDAY is not supported/],
    ['FREQ=DAILY;COLOR=RED', /Unknown rule part 'COLOR'/],
    ['FREQ=DAILY;COUNT=0', /COUNT=0 is out of range/],
    ['FREQ=DAILY;COUNT=-1', /COUNT=-1 is not valid/],
    ['FREQ=DAILY;COUNT=1.5', /COUNT=1.5 is not valid/],
    ['FREQ=DAILY;INTERVAL=0', /INTERVAL=0 is out of range/],
    ['FREQ=DAILY;INTERVAL=1001', /INTERVAL=1001 is out of range/],
    ['FREQ=DAILY;COUNT=3;UNTIL=20271231T000000Z', /COUNT and UNTIL/],
    ['FREQ=DAILY;UNTIL=20271231', /UNTIL=20271231 is not valid/],
    ['FREQ=DAILY;UNTIL=20270231T000000Z', /UNTIL=20270231T000000Z is not a real date/],
    ['FREQ=WEEKLY;BYDAY=2TU', /ordinal .* only allowed with FREQ=MONTHLY or FREQ=YEARLY/],
    ['FREQ=MONTHLY;BYDAY=6MO', /BYDAY=6MO: the ordinal/],
    ['FREQ=MONTHLY;BYDAY=0MO', /BYDAY=0MO: the ordinal/],
    ['FREQ=YEARLY;BYDAY=MO,-1FR', /BYDAY cannot mix plain weekdays and ordinals/],
    ['FREQ=YEARLY;BYDAY=20MO;BYMONTHDAY=13', /BYMONTHDAY cannot be combined with a BYDAY ordinal/],
    ['FREQ=YEARLY;BYDAY=53MO', /BYDAY ordinal 53MO is not supported.*1 to 52/],
    ['FREQ=YEARLY;BYDAY=1TU,-53FR', /BYDAY ordinal -53FR is not supported/],
    ['FREQ=MONTHLY;BYDAY=XX', /BYDAY=XX is not valid/],
    ['FREQ=MONTHLY;BYMONTHDAY=32', /BYMONTHDAY=32 is out of range/],
    ['FREQ=MONTHLY;BYMONTHDAY=0', /BYMONTHDAY=0 is out of range/],
    ['FREQ=WEEKLY;BYMONTHDAY=1', /BYMONTHDAY cannot be used with FREQ=WEEKLY/],
    ['FREQ=YEARLY;BYMONTH=13', /BYMONTH=13 is out of range/],
    ['FREQ=YEARLY;BYMONTH=-1', /BYMONTH=-1 is not valid/],
    ['FREQ=MONTHLY;BYSETPOS=1', /BYSETPOS needs another BY part/],
    ['FREQ=MONTHLY;BYDAY=MO;BYSETPOS=0', /BYSETPOS=0 is out of range/],
    ['FREQ=DAILY;WKST=XY', /WKST=XY is not a weekday/],
    ['FREQ=DAILY;FREQ=WEEKLY', /FREQ is given twice/],
    ['FREQ=DAILY;COUNT=', /COUNT has no value/],
    ['FREQ=DAILY;COUNT', /'COUNT' is not a rule part/],
  ])('refuses %j, naming the part', (text, message) => {
    expect(refusal(text)).toMatch(message);
  });

  it('accepts the bounds of INTERVAL, COUNT, ordinals and month days, and refuses one past them', () => {
    expect(rule('FREQ=DAILY;INTERVAL=1000').interval).toBe(1000);
    expect(rule('FREQ=DAILY;COUNT=100000').count).toBe(100000);
    expect(refusal('FREQ=DAILY;COUNT=100001')).toMatch(/COUNT=100001 is out of range/);
    expect(rule('FREQ=MONTHLY;BYDAY=5MO,-5FR').byDay).toHaveLength(2);
    expect(rule('FREQ=YEARLY;BYDAY=52MO,-52FR').byDay).toHaveLength(2);
    // A series stored before ±53 was refused still reads back.
    expect(parseRecurrenceRule('FREQ=YEARLY;BYDAY=-53MO', { stored: true }).ok).toBe(true);
    expect(refusal('FREQ=YEARLY;BYDAY=54MO')).toMatch(/ordinal/);
    expect(rule('FREQ=MONTHLY;BYMONTHDAY=31,-31').byMonthDay).toEqual([-31, 31]);
    expect(rule('FREQ=YEARLY;BYMONTH=1,12').byMonth).toEqual([1, 12]);
    expect(rule('FREQ=YEARLY;BYMONTH=1;BYSETPOS=366,-366').bySetPos).toEqual([-366, 366]);
  });
});
