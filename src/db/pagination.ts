import { sql, type SelectQueryBuilder } from 'kysely';
import { ApiError } from '../lib/errors.js';
import { json } from '../db/transaction.js';

export interface PageParams {
  limit?: number;
  starting_after?: string;
  ending_before?: string;
}

export interface Page<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
}

export function assertOneCursor(p: PageParams): void {
  if (p.starting_after !== undefined && p.ending_before !== undefined) {
    throw new ApiError('parameters_exclusive', 'Pass starting_after or ending_before, not both.', 'ending_before');
  }
}

/**
 * Newest-first pages over time-ordered ids: the cursor is a plain id comparison, so it keeps
 * working after the cursor object is deleted. `ending_before` walks back towards newer objects.
 */
export async function listPage<R extends { id: string }>(
  qb: SelectQueryBuilder<any, any, R>,
  idColumn: string,
  p: PageParams,
  /** Lists are newest first; a history is oldest first (`starting_after` still pages forward). */
  order: 'newest first' | 'oldest first' = 'newest first',
): Promise<{ rows: R[]; hasMore: boolean }> {
  assertOneCursor(p);
  const limit = p.limit ?? 20;
  const id = sql.ref(idColumn);
  const [forward, backward] = order === 'newest first' ? (['desc', 'asc'] as const) : (['asc', 'desc'] as const);
  const after = forward === 'desc' ? '<' : '>';
  const before = forward === 'desc' ? '>' : '<';
  if (p.ending_before !== undefined) {
    const rows = await qb.where(id, before, p.ending_before).orderBy(id, backward).limit(limit + 1).execute();
    return { rows: rows.slice(0, limit).reverse(), hasMore: rows.length > limit };
  }
  const q = p.starting_after !== undefined ? qb.where(id, after, p.starting_after) : qb;
  const rows = await q.orderBy(id, forward).limit(limit + 1).execute();
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** `metadata[key]=value` filters: objects whose metadata holds every pair. */
export function whereMetadata<Q extends SelectQueryBuilder<any, any, any>>(qb: Q, column: string, filters: Record<string, string>): Q {
  if (Object.keys(filters).length === 0) return qb;
  return qb.where(sql<boolean>`${sql.ref(column)} @> ${json(filters)}::jsonb`) as Q;
}

export function toPage<R, T>(result: { rows: R[]; hasMore: boolean }, serialize: (row: R) => T): Page<T> {
  return { object: 'list', data: result.rows.map(serialize), has_more: result.hasMore };
}
