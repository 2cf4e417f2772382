/**
 * Which blocks apply to one resource (docs/availability.md#blocks: exactly one scope per block).
 */
import type { BlockFacts, ResourceFacts, WorkingInterval } from './types.js';
import type { Interval } from '../time/types.js';
import { intersect, normalize, union, type IntervalSet } from '../time/interval-set.js';

/**
 * The blocked instants of `resource`: its own blocks, account-wide blocks, and
 * location blocks where the resource works at that location ("every resource while
 * it works at that location"), i.e. a location block is cut to the resource's
 * working intervals at that location. `blocks` may hold other resources' blocks;
 * they are ignored.
 */
export function blockedSet(
  resource: ResourceFacts,
  blocks: readonly BlockFacts[],
  working: readonly WorkingInterval[],
): Interval[] {
  const direct: Interval[] = [];
  const byLocation = new Map<string, Interval[]>();
  for (const b of blocks) {
    if (b.end <= b.start) continue;
    if (b.resource !== null) {
      if (b.resource === resource.id) direct.push({ start: b.start, end: b.end });
    } else if (b.accountWide) {
      direct.push({ start: b.start, end: b.end });
    } else if (b.location !== null) {
      const list = byLocation.get(b.location) ?? [];
      list.push({ start: b.start, end: b.end });
      byLocation.set(b.location, list);
    }
  }
  let result: IntervalSet = normalize(direct);
  for (const [location, list] of byLocation) {
    const there = normalize(working.filter((w) => w.location === location));
    result = union(result, intersect(normalize(list), there));
  }
  return [...result];
}
