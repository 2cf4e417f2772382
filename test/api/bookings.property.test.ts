/**
 * Property: whatever bookings are thrown at a pool — any times, quantities, buffers,
 * candidates, cancels, sent one by one or in parallel — under `reject` and
 * `capacity_only` no instant ever holds more units than the capacity.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { setupTestApp } from '../support/harness.js';
import { futureDay, iso, openResource } from './bookings.helpers.js';

const t = await setupTestApp();
const day = futureDay(25);
const base = Date.parse(`${day}T08:00:00Z`);
const MIN = 60_000;

const op = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      startSlot: fc.integer({ min: 0, max: 40 }), // 15-minute steps from 08:00
      slots: fc.integer({ min: 1, max: 8 }),
      quantity: fc.integer({ min: 1, max: 3 }),
      before: fc.constantFrom(0, 0, 15, 30),
      after: fc.constantFrom(0, 0, 15),
      policy: fc.constantFrom('reject' as const, 'capacity_only' as const),
      pending: fc.boolean(),
      candidates: fc.constantFrom('a', 'b', 'ab', 'ba'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);

interface Held {
  resource: string;
  start: number;
  end: number;
  quantity: number;
}

/** The highest number of units held at once on each resource. */
function peaks(holds: Held[]): Map<string, number> {
  const out = new Map<string, number>();
  const byResource = new Map<string, Held[]>();
  for (const h of holds) byResource.set(h.resource, [...(byResource.get(h.resource) ?? []), h]);
  for (const [resource, list] of byResource) {
    const edges = list.flatMap((h) => [
      [h.start, h.quantity],
      [h.end, -h.quantity],
    ]);
    edges.sort((x, y) => x[0] - y[0] || x[1] - y[1]); // ends before starts at the same instant
    let level = 0;
    let peak = 0;
    for (const [, d] of edges) peak = Math.max(peak, (level += d));
    out.set(resource, peak);
  }
  return out;
}

describe('capacity is never exceeded', () => {
  it('under reject and capacity_only, for random bookings and cancels sent in parallel batches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        async (capA, capB, batches) => {
          const api = await t.newAccount();
          const a = await openResource(api, { capacity: capA }, [{ start: '08:00', end: '20:00' }]);
          const b = await openResource(api, { capacity: capB }, [{ start: '08:00', end: '20:00' }]);
          const ids = { a: a.id, b: b.id };
          const capacity = new Map([
            [a.id, capA],
            [b.id, capB],
          ]);
          const made: string[] = [];
          for (const batch of batches) {
            const results = await Promise.all(
              batch.map((o) => {
                if (o.kind === 'cancel') {
                  if (made.length === 0) return null;
                  return api.post(`/v1/bookings/${made[o.pick % made.length]}/cancel`);
                }
                const start = base + o.startSlot * 15 * MIN;
                const candidates = [...o.candidates].map((c) => ids[c as 'a' | 'b']);
                return api.post('/v1/bookings', {
                  segments: [
                    {
                      ...(candidates.length === 1 ? { resource: candidates[0] } : { resources: candidates }),
                      start: iso(start),
                      end: iso(start + o.slots * 15 * MIN),
                      quantity: o.quantity,
                      buffer_before_minutes: o.before,
                      buffer_after_minutes: o.after,
                    },
                  ],
                  conflict_policy: o.policy,
                  ...(o.pending ? { status: 'pending' } : {}),
                });
              }),
            );
            for (const r of results) {
              if (!r) continue;
              expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
              if (r.status === 200 && r.body.object === 'booking' && r.body.status !== 'cancelled') made.push(r.body.id);
            }
          }
          const holds: Held[] = [];
          let cursor: string | undefined;
          for (;;) {
            const page = await api.get('/v1/bookings', { limit: 100, ...(cursor ? { starting_after: cursor } : {}) });
            for (const bk of page.body.data) {
              if (bk.status !== 'confirmed' && bk.status !== 'pending') continue;
              for (const s of bk.segments) {
                holds.push({
                  resource: s.resource,
                  start: Date.parse(s.start) - s.buffer_before_minutes * MIN,
                  end: Date.parse(s.end) + s.buffer_after_minutes * MIN,
                  quantity: s.quantity,
                });
              }
            }
            if (!page.body.has_more) break;
            cursor = page.body.data[page.body.data.length - 1].id;
          }
          for (const [resource, peak] of peaks(holds)) expect(peak).toBeLessThanOrEqual(capacity.get(resource)!);
        },
      ),
      { numRuns: 25 },
    );
  });
});
