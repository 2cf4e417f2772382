/**
 * The one generic repository of account-owned tables (primary key account_id + id): find,
 * lock, insert, update, delete and list, every query scoped by the account. Repositories
 * build on it and add only the queries their table needs.
 *
 * `lock` reads with FOR UPDATE and takes a Transaction, never a plain handle: a row lock
 * outside a transaction would be released at once. Tables whose row locks come after the
 * resource locks (src/capacity/locks.ts) declare the proof `lock` must be shown.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, NewRow, Row, RowUpdate } from './schema.js';
import type { DbHandle, Trx } from './transaction.js';
import { listPage, whereMetadata, type PageParams } from './pagination.js';
import { shapedStatement } from './shaped-statement.js';

/** What the helper needs of a tenancy scope (src/tenancy): the account every query is pinned to. */
type AccountScope = { readonly accountId: string };

export type AccountTableName = 'locations' | 'resources' | 'schedules' | 'schedule_overrides' | 'blocks' | 'bookings' | 'attendees' | 'series';

export interface AccountTable<T extends AccountTableName, Proof extends unknown[]> {
  readonly name: T;
  find(db: DbHandle, scope: AccountScope, id: string): Promise<Row<T> | undefined>;
  /** The row, locked FOR UPDATE until the transaction ends. */
  lock(trx: Trx, scope: AccountScope, id: string, ...proof: Proof): Promise<Row<T> | undefined>;
  insert(trx: Trx, row: NewRow<T>): Promise<Row<T>>;
  update(trx: Trx, scope: AccountScope, id: string, changes: RowUpdate<T>): Promise<Row<T>>;
  delete(trx: Trx, scope: AccountScope, id: string): Promise<void>;
  /** Every row whose `column` is `value`, in id order. */
  allWhere(db: DbHandle, scope: AccountScope, column: 'resource_id' | 'booking_id', value: string): Promise<Row<T>[]>;
  /** Deletes every row whose `column` is `value`. */
  deleteWhere(trx: Trx, scope: AccountScope, column: 'resource_id' | 'booking_id', value: string): Promise<void>;
  /** Up to `limit` rows after `afterId`, in id order: an account's rows a page at a time (exports). */
  after(db: DbHandle, scope: AccountScope, afterId: string, limit: number): Promise<Row<T>[]>;
  /** `select * … where account_id = …`, for a repository to narrow. */
  select(db: DbHandle, scope: AccountScope): SelectQueryBuilder<Database, T, Row<T>>;
  /** A newest-first page, narrowed by `where` and the `metadata[key]` filters. */
  list(
    db: DbHandle,
    scope: AccountScope,
    page: PageParams,
    metadata: Record<string, string>,
    where?: (q: SelectQueryBuilder<Database, T, Row<T>>) => SelectQueryBuilder<Database, T, Row<T>>,
  ): Promise<{ rows: Row<T>[]; hasMore: boolean }>;
}

/** `Proof`: what `lock` must be shown (e.g. `[ResourceLocks]`); none by default. */
export function accountTable<T extends AccountTableName, Proof extends unknown[] = []>(name: T): AccountTable<T, Proof> {
  // Kysely cannot type a query over "any of these tables"; the interface above types the results.
  const select = (db: DbHandle, scope: AccountScope) =>
    (db as DbHandle).selectFrom(name as 'resources').selectAll().where('account_id', '=', scope.accountId) as unknown as SelectQueryBuilder<Database, T, Row<T>>;
  const byId = (db: DbHandle, scope: AccountScope, id: string) => (select(db, scope) as any).where('id', '=', id);
  // Every GET by id asks this: its text is written once and then only bound (the same text
  // kysely writes), not built and compiled at each call (docs/performance.md, "Reads by id").
  const findById = shapedStatement<{ account: string; id: string }, Row<T>>(
    (v) => sql<Row<T>>`select * from ${sql.table(name)} where ${sql.ref('account_id')} = ${v.account} and ${sql.ref('id')} = ${v.id}`,
  );
  return {
    name,
    select,
    find: async (db, scope, id) => (await findById(db, { account: scope.accountId, id })).rows[0],
    lock: ((trx: Trx, scope: AccountScope, id: string) => byId(trx, scope, id).forUpdate().executeTakeFirst()) as unknown as AccountTable<T, Proof>['lock'],
    insert: (trx, row) => (trx as any).insertInto(name).values(row).returningAll().executeTakeFirstOrThrow(),
    update: (trx, scope, id, changes) =>
      (trx as any).updateTable(name).set(changes).where('account_id', '=', scope.accountId).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
    after: (db, scope, afterId, limit) => (select(db, scope) as any).where('id', '>', afterId).orderBy('id').limit(limit).execute(),
    allWhere: (db, scope, column, value) => (select(db, scope) as any).where(column, '=', value).orderBy('id').execute(),
    async deleteWhere(trx, scope, column, value) {
      await (trx as any).deleteFrom(name).where('account_id', '=', scope.accountId).where(column, '=', value).execute();
    },
    async delete(trx, scope, id) {
      await (trx as any).deleteFrom(name).where('account_id', '=', scope.accountId).where('id', '=', id).execute();
    },
    list: (db, scope, page, metadata, where = (q) => q) =>
      listPage(whereMetadata(where(select(db, scope)) as SelectQueryBuilder<any, any, any>, 'metadata', metadata), 'id', page) as Promise<{ rows: Row<T>[]; hasMore: boolean }>,
  };
}
