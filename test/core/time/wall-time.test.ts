import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import {
  addDays,
  canonicalTimeZone,
  formatInstant,
  instantToLocal,
  instantToLocalDate,
  isValidDate,
  isValidTimeZone,
  localGridInstants,
  localToInstant,
  mondayOf,
  parseInstant,
  parseWallTime,
  wallTimeInstants,
  weekdayOf,
} from '../../../src/core/time/wall-time.js';
import { MIN, local, t, view } from '../helpers.js';

describe('wall-clock times', () => {
  it('reads HH:MM from 00:00 to 23:59 as minutes after midnight', () => {
    expect(parseWallTime('00:00')).toBe(0);
    expect(parseWallTime('09:30')).toBe(570);
    expect(parseWallTime('23:59')).toBe(1439);
  });

  it('accepts 24:00 only where an interval end is meant', () => {
    expect(parseWallTime('24:00')).toBeNull();
    expect(parseWallTime('24:00', true)).toBe(1440);
  });

  it('refuses malformed or out-of-range wall times', () => {
    for (const bad of ['24:01', '25:00', '9:00', '09:60', '09:0', '0900', '', ' 09:00', '09:00:00']) {
      expect(parseWallTime(bad, true)).toBeNull();
    }
  });
});

describe('local dates', () => {
  it('validates real calendar dates only', () => {
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2026-02-29')).toBe(false);
    expect(isValidDate('2026-13-01')).toBe(false);
    expect(isValidDate('2026-1-01')).toBe(false);
    expect(isValidDate('2026-04-31')).toBe(false);
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-03-02', 28)).toBe('2026-03-30');
  });

  it('names weekdays and finds the Monday of the week', () => {
    expect(weekdayOf('2026-03-02')).toBe('monday');
    expect(weekdayOf('2026-03-08')).toBe('sunday');
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(mondayOf('2026-03-02')).toBe('2026-03-02');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });
});

describe('time zones', () => {
  it('knows IANA names and refuses others and bare offsets', () => {
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('+05:00')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('canonicalizes the case of a zone name', () => {
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
  });
});

describe('local time to instant', () => {
  it('converts an ordinary local time with the day offset', () => {
    expect(localToInstant('2026-03-02', 9 * 60, 'America/New_York')).toBe(t('2026-03-02T14:00:00Z'));
    expect(localToInstant('2026-03-02', 9 * 60, 'Asia/Kathmandu')).toBe(t('2026-03-02T03:15:00Z'));
  });

  it('reads 24:00 as the next day 00:00', () => {
    expect(localToInstant('2026-03-02', 1440, 'Europe/London')).toBe(localToInstant('2026-03-03', 0, 'Europe/London'));
  });

  it('moves a nonexistent local time forward by the gap on the spring-forward day in New York', () => {
    expect(localToInstant('2026-03-08', 150, 'America/New_York')).toBe(t('2026-03-08T03:30:00-04:00'));
  });

  it('moves a nonexistent time forward by 30 minutes in Lord Howe', () => {
    expect(localToInstant('2026-10-04', 2 * 60 + 10, 'Australia/Lord_Howe')).toBe(t('2026-10-04T02:40:00+11:00'));
  });

  it('takes the earlier instant of a repeated local time on the fall-back day in London', () => {
    expect(localToInstant('2026-10-25', 90, 'Europe/London')).toBe(t('2026-10-25T01:30:00+01:00'));
  });

  it('moves a nonexistent midnight forward in Santiago', () => {
    expect(localToInstant('2024-09-08', 0, 'America/Santiago')).toBe(t('2024-09-08T01:00:00-03:00'));
  });

  it('moves every time of the skipped 2011-12-30 in Apia a whole day forward', () => {
    expect(localToInstant('2011-12-30', 9 * 60, 'Pacific/Apia')).toBe(t('2011-12-31T09:00:00+14:00'));
  });

  it('agrees with Temporal for every quarter hour around changes in several zones', () => {
    const cases: [string, string][] = [
      ['America/New_York', '2026-03-08'],
      ['America/New_York', '2026-11-01'],
      ['Europe/London', '2026-03-29'],
      ['Australia/Lord_Howe', '2026-04-05'],
      ['Australia/Lord_Howe', '2026-10-04'],
      ['America/Santiago', '2024-04-06'],
      ['America/Santiago', '2024-09-08'],
      ['Asia/Kathmandu', '2026-06-01'],
    ];
    for (const [tz, date] of cases) {
      for (let m = 0; m < 1440; m += 15) {
        const hh = String(Math.floor(m / 60)).padStart(2, '0');
        const mm = String(m % 60).padStart(2, '0');
        expect(localToInstant(date, m, tz)).toBe(local(`${date}T${hh}:${mm}`, tz));
      }
    }
  });
});

describe('instants to local dates', () => {
  it('finds the local date and minutes of an instant', () => {
    expect(instantToLocalDate(t('2026-03-02T03:00:00Z'), 'America/New_York')).toBe('2026-03-01');
    expect(instantToLocal(t('2026-03-02T03:00:00Z'), 'Asia/Kathmandu')).toEqual({ date: '2026-03-02', minutes: 8 * 60 + 45 });
  });

  it('reads any instant as Temporal does, in any zone, year and order of asking (the offset periods it remembers stay exact)', () => {
    // Zones with negative DST, half-hour DST, 45-minute offsets, skipped days, seconds in
    // their old offsets, and offsets that changed many times.
    const zones = ['Europe/Paris', 'America/New_York', 'Europe/Dublin', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham',
      'Pacific/Apia', 'America/Santiago', 'Africa/Casablanca', 'Antarctica/Troll', 'Asia/Tehran', 'America/St_Johns', 'UTC'];
    const reference = (ms: number, tz: string) => {
      const z = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(tz);
      return { date: z.toPlainDate().toString(), minutes: z.hour * 60 + z.minute };
    };
    const instant = fc.oneof(
      fc.integer({ min: Date.UTC(1850, 0, 1), max: Date.UTC(2100, 0, 1) }),
      fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 0, 1) }),
      // Right at, just before and just after the transitions of 2026 and 2027.
      fc.tuple(fc.integer({ min: Date.UTC(2026, 0, 1) / 3_600_000, max: Date.UTC(2028, 0, 1) / 3_600_000 }), fc.integer({ min: -2, max: 2 })).map(([h, d]) => h * 3_600_000 + d),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(instant, fc.constantFrom(...zones)), { minLength: 1, maxLength: 40 }), (asks) => {
        for (const [ms, tz] of asks) expect(instantToLocal(ms, tz)).toEqual(reference(ms, tz));
      }),
      { numRuns: 200 },
    );
    // Around every transition of a few years, walked forwards and then backwards: what was
    // learnt on one side of a change must not be used on the other.
    for (const tz of zones) {
      const around: number[] = [];
      let z: Temporal.ZonedDateTime | null = Temporal.Instant.fromEpochMilliseconds(Date.UTC(2025, 0, 1)).toZonedDateTimeISO(tz);
      while ((z = z.getTimeZoneTransition('next')) && z.epochMilliseconds < Date.UTC(2029, 0, 1)) {
        const at = z.epochMilliseconds;
        around.push(at - 3_600_000, at - 60_000, at - 1, at, at + 1, at + 60_000, at + 3_600_000);
      }
      for (const ms of [...around, ...around.reverse()]) expect(instantToLocal(ms, tz)).toEqual(reference(ms, tz));
    }
  });
});

describe('wall-time instants and grids', () => {
  it('finds no instant for a skipped time and two for a repeated one', () => {
    expect(wallTimeInstants('2026-03-08', 150, 'America/New_York')).toEqual([]);
    expect(wallTimeInstants('2026-11-01', 90, 'America/New_York')).toEqual([
      t('2026-11-01T01:30:00-04:00'),
      t('2026-11-01T01:30:00-05:00'),
    ]);
  });

  it('lays a day grid on wall-clock multiples, skipping the gap and repeating the fall-back hour', () => {
    const spring = localGridInstants('2026-03-08', 60, 'America/New_York');
    expect(spring.length).toBe(23);
    expect(spring.map((ms) => view(ms, 'America/New_York').slice(11))).not.toContain('02:00');
    const fall = localGridInstants('2026-11-01', 30, 'America/New_York');
    expect(fall.length).toBe(50);
    for (let i = 1; i < fall.length; i++) expect(fall[i] - fall[i - 1]).toBe(30 * MIN);
  });

  it('keeps the grid on 45-minute steps from local midnight in Kathmandu', () => {
    const grid = localGridInstants('2026-03-02', 45, 'Asia/Kathmandu');
    expect(grid[0]).toBe(t('2026-03-02T00:00:00+05:45'));
    expect(grid[1] - grid[0]).toBe(45 * MIN);
    expect(grid.length).toBe(32);
  });

  it('has no grid at all on a date the zone skipped', () => {
    expect(localGridInstants('2011-12-30', 60, 'Pacific/Apia')).toEqual([]);
  });
});

describe('wire formats of instants', () => {
  it('formats as RFC 3339 UTC with Z and whole seconds', () => {
    expect(formatInstant(t('2026-03-02T14:00:00Z'))).toBe('2026-03-02T14:00:00Z');
    expect(formatInstant(t('2026-03-02T14:00:00Z') + 999)).toBe('2026-03-02T14:00:00Z');
  });

  it('parses any RFC 3339 offset', () => {
    expect(parseInstant('2026-03-02T09:00:00-05:00')).toBe(Date.UTC(2026, 2, 2, 14));
    expect(parseInstant('2026-03-02T19:45:00+05:45')).toBe(Date.UTC(2026, 2, 2, 14));
    expect(parseInstant('2026-03-02t14:00:00z')).toBe(Date.UTC(2026, 2, 2, 14));
    expect(parseInstant('2026-03-02T14:00:00.29Z')).toBe(Date.UTC(2026, 2, 2, 14) + 290);
    expect(parseInstant('0099-01-01T00:00:00Z')).toBe(new Date('0099-01-01T00:00:00Z').getTime());
  });

  it('refuses what is not RFC 3339', () => {
    for (const bad of [
      '2026-03-02',
      '2026-03-02T14:00Z',
      '2026-03-02T14:00:00',
      '2026-02-30T14:00:00Z',
      '2026-03-02T24:00:00Z',
      '2026-03-02T14:00:60Z',
      '2026-03-02T14:00:00+0500',
      '2026-03-02T14:00:00+24:00',
      'March 2, 2026',
      '',
    ]) {
      expect(parseInstant(bad)).toBeNull();
    }
  });

  it('formats any instant exactly as Date#toISOString does, whole seconds', () => {
    const reference = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19) + 'Z';
    fc.assert(
      fc.property(fc.array(fc.integer({ min: Date.UTC(-50, 0, 1), max: Date.UTC(10_050, 0, 1) }), { minLength: 1, maxLength: 20 }), (instants) => {
        for (const ms of instants) expect(formatInstant(ms)).toBe(reference(ms));
      }),
      { numRuns: 300 },
    );
    for (const ms of [0, -1, 999, 1000, -1000, -1001, Date.UTC(0, 0, 1) - 1, Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(10_000, 0, 1)]) {
      expect(formatInstant(ms)).toBe(reference(ms));
    }
    expect(() => formatInstant(NaN)).toThrow(RangeError);
  });

  it('round-trips formatted instants', () => {
    const ms = t('2026-10-25T01:30:00+01:00');
    expect(parseInstant(formatInstant(ms))).toBe(ms);
  });
});
