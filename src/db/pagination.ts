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

/** Which cursor a page names, if any. */
export type CursorKind = 'starting_after' | 'ending_before' | null;

export function cursorKind(p: PageParams): CursorKind {
  return p.starting_after !== undefined ? 'starting_after' : p.ending_before !== undefined ? 'ending_before' : null;
}

/**
 * How a page walks ids in `order` from its cursor: `ending_before` walks back towards the
 * list's start, and its rows are turned round afterwards (`pageOf`).
 */
export function idWalk(order: 'newest first' | 'oldest first', cursor: CursorKind): { direction: 'asc' | 'desc'; bound: '<' | '>' } {
  // Walking forward in the list's order: descending ids and below the cursor when newest first.
  const descending = (order === 'newest first') !== (cursor === 'ending_before');
  return descending ? { direction: 'desc', bound: '<' } : { direction: 'asc', bound: '>' };
}

/** A page of `limit` from rows read `limit + 1` at a time in the walk's direction: turned round when the walk went back. */
export function pageOf<R>(rows: R[], limit: number, cursor: CursorKind): { rows: R[]; hasMore: boolean } {
  const pageRows = rows.slice(0, limit);
  return { rows: cursor === 'ending_before' ? pageRows.reverse() : pageRows, hasMore: rows.length > limit };
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
  const cursor = cursorKind(p);
  const { direction, bound } = idWalk(order, cursor);
  const from = p.starting_after ?? p.ending_before;
  const q = from !== undefined ? qb.where(id, bound, from) : qb;
  return pageOf(await q.orderBy(id, direction).limit(limit + 1).execute(), limit, cursor);
}

/** `metadata[key]=value` filters: objects whose metadata holds every pair. */
export function whereMetadata<Q extends SelectQueryBuilder<any, any, any>>(qb: Q, column: string, filters: Record<string, string>): Q {
  if (Object.keys(filters).length === 0) return qb;
  return qb.where(metadataHolds(column, json(filters))) as Q;
}

/** Whether `column` holds every pair of `filters`, given as JSON (or a shaped statement's placeholder for it). */
export function metadataHolds(column: string, filters: unknown) {
  return sql<boolean>`${sql.ref(column)} @> ${filters}::jsonb`;
}

export function toPage<R, T>(result: { rows: R[]; hasMore: boolean }, serialize: (row: R) => T): Page<T> {
  return { object: 'list', data: result.rows.map(serialize), has_more: result.hasMore };
}
