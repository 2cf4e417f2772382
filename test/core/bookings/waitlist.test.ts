import { describe, expect, it } from 'vitest';
import { placeNewAttendee, promotions } from '../../../src/core/bookings/waitlist.js';

const line = (...seats: number[]) => seats.map((s, i) => ({ id: `a${i + 1}`, seats: s, position: i + 1 }));

describe('waitlist rules', () => {
  it('promotes from the head while the seats fit, and never past a head that does not fit', () => {
    expect(promotions(3, line(1, 2, 1)).map((a) => a.id)).toEqual(['a1', 'a2']);
    expect(promotions(2, line(3, 1)).map((a) => a.id)).toEqual([]);
    expect(promotions(0, line(1))).toEqual([]);
    expect(promotions(5, [{ id: 'b', seats: 1, position: 2 }, { id: 'a', seats: 1, position: 1 }]).map((a) => a.id)).toEqual(['a', 'b']);
  });

  it('seats a newcomer only when nobody waits, else puts it at the end of a line with room', () => {
    expect(placeNewAttendee({ capacity: 3, taken: 2, waiting: 0, limit: 5, seats: 1 })).toEqual({ kind: 'seat' });
    expect(placeNewAttendee({ capacity: 3, taken: 2, waiting: 1, limit: 5, seats: 1 })).toEqual({ kind: 'wait', position: 2 });
    expect(placeNewAttendee({ capacity: 3, taken: 3, waiting: 0, limit: 0, seats: 1 }).kind).toBe('refuse');
    expect(placeNewAttendee({ capacity: 3, taken: 3, waiting: 5, limit: 5, seats: 1 })).toMatchObject({ kind: 'refuse', message: expect.stringContaining('waitlist is full') });
    expect(placeNewAttendee({ capacity: 3, taken: 0, waiting: 0, limit: 5, seats: 4 })).toMatchObject({ kind: 'refuse', message: expect.stringContaining('more than the booking has') });
  });
});
