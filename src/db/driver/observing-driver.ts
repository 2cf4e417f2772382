import type { CompiledQuery, DatabaseConnection, Driver, QueryResult } from 'kysely';
import { DelegatingDriver } from './delegating-driver.js';

/** What to do once a statement has succeeded, on the same connection (the write watch's notice). */
export type AfterStatement = (connection: DatabaseConnection) => Promise<void>;

/**
 * A driver that sees every statement sent on its connections (`observe`, called before the
 * statement runs, with the connection as its callers know it) while delegating everything to
 * `inner`. The statement log and the write watch extend it.
 */
export abstract class ObservingDriver extends DelegatingDriver {
  readonly #wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
  readonly #unwrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();

  /** May return a step to run once the statement succeeded (not for streamed queries: only reads stream). */
  protected abstract observe(query: CompiledQuery, connection: DatabaseConnection): AfterStatement | void;

  #wrap(connection: DatabaseConnection): DatabaseConnection {
    let wrapper = this.#wrapped.get(connection);
    if (!wrapper) {
      const observe = (q: CompiledQuery) => this.observe(q, self);
      const self: DatabaseConnection = {
        executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
          const after = observe(query);
          if (!after) return connection.executeQuery<R>(query);
          return connection.executeQuery<R>(query).then(async (result) => {
            await after(connection);
            return result;
          });
        },
        streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
          observe(query);
          return connection.streamQuery<R>(query, chunkSize!);
        },
      };
      wrapper = self;
      this.#wrapped.set(connection, wrapper);
      this.#unwrapped.set(wrapper, connection);
    }
    return wrapper;
  }
  protected unwrap(connection: DatabaseConnection): DatabaseConnection {
    return this.#unwrapped.get(connection) ?? connection;
  }

  override async acquireConnection(...args: Parameters<Driver['acquireConnection']>): Promise<DatabaseConnection> {
    return this.#wrap(await this.inner.acquireConnection(...args));
  }
  override releaseConnection(connection: DatabaseConnection, ...rest: unknown[]): Promise<void> {
    return super.releaseConnection(this.unwrap(connection), ...rest);
  }
  // Drivers keep private state on their connections (PGlite's transactions do): they get theirs back.
  override beginTransaction(connection: DatabaseConnection, settings: Parameters<Driver['beginTransaction']>[1]): Promise<void> {
    return super.beginTransaction(this.unwrap(connection), settings);
  }
  override commitTransaction(connection: DatabaseConnection): Promise<void> {
    return super.commitTransaction(this.unwrap(connection));
  }
  override rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return super.rollbackTransaction(this.unwrap(connection));
  }
  override savepoint(connection: DatabaseConnection, ...rest: unknown[]) {
    return (super.savepoint as (c: DatabaseConnection, ...r: unknown[]) => Promise<void>)(this.unwrap(connection), ...rest);
  }
  override rollbackToSavepoint(connection: DatabaseConnection, ...rest: unknown[]) {
    return (super.rollbackToSavepoint as (c: DatabaseConnection, ...r: unknown[]) => Promise<void>)(this.unwrap(connection), ...rest);
  }
  override releaseSavepoint(connection: DatabaseConnection, ...rest: unknown[]) {
    return (super.releaseSavepoint as (c: DatabaseConnection, ...r: unknown[]) => Promise<void>)(this.unwrap(connection), ...rest);
  }
}
