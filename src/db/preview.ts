/**
 * Rolled-back scopes for conflict previews (docs/bookings.md#conflict-previews): a previewed request runs for
 * real, through the same routes and services, inside one transaction that is always
 * rolled back. Services keep owning their transactions: inside a scope, the driver hands
 * every query the scope's connection, and a service's BEGIN/COMMIT/ROLLBACK become a
 * SAVEPOINT/RELEASE/ROLLBACK TO on it. Outside a scope nothing changes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery, type DatabaseConnection, type Driver, type Kysely, type TransactionSettings } from 'kysely';
import { DelegatingDriver } from './driver/delegating-driver.js';

interface Scope {
  /** The scope's connection, set once its outer transaction has begun. */
  connection: DatabaseConnection | null;
  savepoints: string[];
  counter: number;
}

const scopes = new AsyncLocalStorage<Scope>();

class Rollback extends Error {}

/** Whether this code runs inside a rolled-back scope (a conflict preview): nothing it writes stays. */
export function inRolledBackScope(): boolean {
  return scopes.getStore() !== undefined;
}

/** Wraps a dialect's driver; transparent unless a rolled-back scope is active. */
export class PreviewableDriver extends DelegatingDriver {
  override async acquireConnection(...args: Parameters<Driver['acquireConnection']>): Promise<DatabaseConnection> {
    const scope = scopes.getStore();
    if (scope?.connection) return scope.connection;
    return this.inner.acquireConnection(...args);
  }
  override async releaseConnection(connection: DatabaseConnection, ...rest: unknown[]): Promise<void> {
    const scope = scopes.getStore();
    // Nested users give the connection back to the scope, which releases it at its end.
    if (scope?.connection === connection) return;
    return super.releaseConnection(connection, ...rest);
  }
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const scope = scopes.getStore();
    if (scope?.connection === connection) {
      const name = `preview_sp_${++scope.counter}`;
      scope.savepoints.push(name);
      await connection.executeQuery(CompiledQuery.raw(`savepoint ${name}`));
      return;
    }
    await this.inner.beginTransaction(connection, settings);
    if (scope && !scope.connection) scope.connection = connection;
  }
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const scope = scopes.getStore();
    if (scope?.connection === connection && scope.savepoints.length > 0) {
      await connection.executeQuery(CompiledQuery.raw(`release savepoint ${scope.savepoints.pop()}`));
      return;
    }
    if (scope?.connection === connection) scope.connection = null;
    return this.inner.commitTransaction(connection);
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const scope = scopes.getStore();
    if (scope?.connection === connection && scope.savepoints.length > 0) {
      const name = scope.savepoints.pop();
      await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
      await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
      return;
    }
    if (scope?.connection === connection) scope.connection = null;
    return this.inner.rollbackTransaction(connection);
  }
}

/**
 * Runs `fn` inside one transaction that is always rolled back. Everything `fn` does through
 * `db` (including whole HTTP requests via app.inject) sees its own writes; none survives,
 * and no event or delivery row is left behind. Requires a database from db/connect.ts.
 */
export async function runRolledBack<T>(db: Kysely<any>, fn: () => Promise<T>): Promise<T> {
  const scope: Scope = { connection: null, savepoints: [], counter: 0 };
  let result!: T;
  try {
    await scopes.run(scope, () =>
      db.transaction().execute(async () => {
        if (!scope.connection) throw new Error('runRolledBack needs a database whose driver is a PreviewableDriver');
        result = await fn();
        throw new Rollback('preview: always rolled back');
      }),
    );
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
  return result;
}
