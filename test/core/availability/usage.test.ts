import { describe, expect, it } from 'vitest';
import { buildUsage } from '../../../src/core/availability/usage.js';
import { t } from '../helpers.js';

/** Bookings holding a resource in Auckland (UTC+13 in January): local days start at 11:00 UTC. */
const starts = [
  { bookingId: 'bk_a', start: t('2027-01-04T10:00:00Z'), bookedAt: 1 }, // Mon 4 Jan 23:00 local
  { bookingId: 'bk_b', start: t('2027-01-04T12:00:00Z'), bookedAt: 2 }, // Tue 5 Jan 01:00 local
  { bookingId: 'bk_b', start: t('2027-01-04T13:00:00Z'), bookedAt: 2 }, // its second segment, same day
  { bookingId: 'bk_c', start: t('2027-01-11T12:00:00Z'), bookedAt: 3 }, // Tue 12 Jan, next week
];

describe('the usage of a resource', () => {
  it('counts the distinct bookings starting a segment in the local day, ISO week and month of an instant', () => {
    const usage = buildUsage('Pacific/Auckland', starts);
    const day = usage.day(t('2027-01-04T20:00:00Z'));
    expect(day).toMatchObject({ from: '2027-01-05', until: '2027-01-06', bookings: ['bk_b'] });
    expect(usage.week(t('2027-01-04T20:00:00Z'))).toMatchObject({ from: '2027-01-04', until: '2027-01-11', bookings: ['bk_a', 'bk_b'] });
    expect(usage.month(t('2027-01-04T20:00:00Z'))).toMatchObject({ from: '2027-01-01', until: '2027-02-01', bookings: ['bk_a', 'bk_b', 'bk_c'] });
    expect(usage.lastBookedAt()).toBe(3);
  });

  it('gives the same answer to every instant of a day, and counts a booking added since in the next answer', () => {
    const usage = buildUsage('Pacific/Auckland', starts);
    const first = usage.week(t('2027-01-04T12:00:00Z'));
    expect(usage.week(t('2027-01-05T09:00:00Z'))).toEqual(first);
    usage.add({ bookingId: 'bk_d', start: t('2027-01-05T20:00:00Z'), bookedAt: 4 });
    expect(usage.week(t('2027-01-04T12:00:00Z')).bookings).toEqual(['bk_a', 'bk_b', 'bk_d']);
    expect(usage.day(t('2027-01-05T20:00:00Z')).bookings).toEqual(['bk_d']);
    expect(usage.month(t('2027-01-05T20:00:00Z')).bookings).toEqual(['bk_a', 'bk_b', 'bk_c', 'bk_d']);
    expect(usage.lastBookedAt()).toBe(4);
  });

  it('leaves out the bookings it is told to ignore', () => {
    const usage = buildUsage('Pacific/Auckland', starts, new Set(['bk_b']));
    expect(usage.week(t('2027-01-04T12:00:00Z')).bookings).toEqual(['bk_a']);
  });
});
