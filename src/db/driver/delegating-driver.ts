import type { DatabaseConnection, Driver, TransactionSettings } from 'kysely';

/**
 * A driver that hands every call to `inner`. The wrappers in this folder extend it and
 * override only the calls they change (queueing on PGlite, savepoints in previews).
 */
export class DelegatingDriver implements Driver {
  constructor(protected readonly inner: Driver) {}
  init(...args: Parameters<Driver['init']>) {
    return this.inner.init(...args);
  }
  acquireConnection(...args: Parameters<Driver['acquireConnection']>): Promise<DatabaseConnection> {
    return this.inner.acquireConnection(...args);
  }
  releaseConnection(connection: DatabaseConnection, ...rest: unknown[]): Promise<void> {
    return (this.inner.releaseConnection as (c: DatabaseConnection, ...r: unknown[]) => Promise<void>)(connection, ...rest);
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }
  savepoint(...args: Parameters<NonNullable<Driver['savepoint']>>) {
    return this.inner.savepoint!(...args);
  }
  rollbackToSavepoint(...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>) {
    return this.inner.rollbackToSavepoint!(...args);
  }
  releaseSavepoint(...args: Parameters<NonNullable<Driver['releaseSavepoint']>>) {
    return this.inner.releaseSavepoint!(...args);
  }
  destroy(...args: Parameters<Driver['destroy']>) {
    return this.inner.destroy(...args);
  }
}
