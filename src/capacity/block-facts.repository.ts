/**
 * THE blocks lookup of the facts (facts.repository.ts): the blocks of some resources, of their
 * account and of every location (resource_id null; the core sorts out which touch a resource)
 * that overlap a range, bounded at both ends so that an account's past blocks do not slow
 * its searches and bookings (migration 036, docs/performance.md, "Blocks at scale").
 */
import { sql, type RawBuilder } from 'kysely';

/** How long a block must be to count as long: a day. Shorter ones are found by start_at alone. */
export const LONG_BLOCK_MS = 24 * 3600 * 1000;
/** blocks_long's predicate, word for word (migration 036): the planner proves the index usable by matching it. */
const LONG_BLOCK_SQL = sql<boolean>`b.end_at - b.start_at > interval '24 hours'`;

/** A range as the lookup places it: its ends, and its first part's lower bound (LONG_BLOCK_MS before `start`). */
export interface BlockRange {
  start: Date;
  end: Date;
  longBefore: Date;
}

export function blockRange(range: { start: number; end: number }): BlockRange {
  return { start: new Date(range.start), end: new Date(range.end), longBefore: new Date(range.start - LONG_BLOCK_MS) };
}

/**
 * The blocks overlapping `range` (start_at < end and end_at > start), as a derived table to
 * select from under the alias `b`; `resourceIds` distinct. A block that overlaps the range but
 * starts more than LONG_BLOCK_MS before it must be longer than that: the first part reads
 * start_at from a day before the range (blocks_by_resource), the second only the long blocks,
 * by their end (blocks_long); the parts are disjoint. The bound is computed in milliseconds
 * (blockRange), not as `start - interval '1 day'`, which the session's time zone would make 23
 * or 25 hours across a daylight-saving change. The same rule as held time's
 * (holds.repository.ts, `heldSegmentsOverlapping`), on another table.
 *
 * Each part is asked once a resource (a lookup by the resource's id, `offset 0` keeping it one
 * lookup a resource) and once for the blocks of no resource (`resource_id is null`), so that
 * each is a range of the index. The plan made without values guesses an account's blocks in a
 * range at a row or two: asked as `resource_id = any(…)`, it read the index by account and
 * time and checked the resource row by row (the planner counts each element of an array as a
 * descent of the index), and as a join of the ids it read that range first and joined after.
 * Either read every block of the account within the range's reach: 500 pages and 1.1–1.7 ms
 * among the scale benchmark's 22,000 (docs/performance.md, "Blocks at scale").
 */
export function blocksOverlapping(account: string, resourceIds: readonly string[], range: BlockRange): RawBuilder<unknown> {
  const recent = sql`b.start_at >= ${range.longBefore} and b.start_at < ${range.end} and b.end_at > ${range.start}`;
  const long = sql`${LONG_BLOCK_SQL} and b.end_at > ${range.start} and b.start_at < ${range.longBefore}`;
  const columns = sql`b.id, b.resource_id, b.location_id, b.account_wide, b.start_at, b.end_at`;
  const parts = [recent, long].flatMap((part) => [
    sql`select b.* from unnest(${resourceIds}::text[]) as r(id)
      cross join lateral (select ${columns} from blocks b where b.account_id = ${account} and b.resource_id = r.id and ${part} offset 0) b`,
    sql`select ${columns} from blocks b where b.account_id = ${account} and b.resource_id is null and ${part}`,
  ]);
  return sql.join(parts, sql` union all `);
}
