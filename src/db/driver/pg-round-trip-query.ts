/**
 * `pg`'s query with companions: statements sent in the same round trip, before and after it,
 * over the extended protocol with one Sync at the end. The server runs them in order and stops
 * at the first error, which is then the query's; their own results are not the query's.
 *
 * Used for what the service sends beside a statement rather than on its own: a transaction's
 * BEGIN and the statements marked to go with the next one (src/db/driver/pg-round-trips.ts),
 * and the plan cache switched to generic plans around a marked statement
 * (src/db/driver/pg-prepared.ts). A companion with a name is parsed under it once a connection
 * and only bound after, as `pg` does for a named query.
 */
import type pg from 'pg';
import { rememberingResultClass, type ResultClass } from './pg-row-shapes.js';
import { hasPlainYear } from '../../core/time/wall-time.js';

/** A statement sent with a query; it returns no rows (rows it returned would be dropped). */
export interface Companion {
  text: string;
  values: readonly unknown[];
  /** The name it is prepared under on every connection (src/db/driver/pg-prepared.ts); absent: unnamed. */
  name?: string | null;
}

export interface RoundTripConfig {
  text: string;
  values: readonly unknown[];
  name?: string | null;
  before: readonly Companion[];
  after: readonly Companion[];
}

/** What the query uses of the protocol connection `pg` hands it (not in its typings). */
interface ProtocolConnection {
  parse(message: { text: string; name?: string; types?: unknown }): void;
  bind(message: { statement?: string; values?: readonly unknown[]; valueMapper?: (value: unknown) => unknown }): void;
  execute(message: { portal?: string; rows?: number }): void;
  sync(): void;
  submittedNamedStatements: Record<string, string>;
  parsedStatements: Record<string, string>;
  on(event: 'parseComplete', listener: () => void): void;
  removeListener(event: 'parseComplete', listener: () => void): void;
}

/** The steps of `pg`'s own query that are extended here (not in its typings). */
interface QuerySteps {
  name?: string;
  text: string;
  types?: unknown;
  portal: string;
  queryMode?: string;
  hasBeenParsed(connection: ProtocolConnection): boolean;
  prepare(connection: ProtocolConnection): void;
  _getRows(connection: ProtocolConnection, rows?: number): void;
  handleCommandComplete(message: { text: string }, connection: ProtocolConnection): void;
  handleDataRow(message: unknown): void;
  handleError(err: Error, connection: ProtocolConnection): void;
  handleReadyForQuery(connection: ProtocolConnection): void;
  _result: unknown;
  _results: unknown;
}
type Callback = (err: Error | undefined, result: pg.QueryResult) => void;
type QueryClass = new (text: string, values: unknown[], callback: Callback) => QuerySteps;
export type RoundTripQueryClass = new (config: RoundTripConfig, callback: Callback) => unknown;

/**
 * Makes the class from the `pg` module's own query and value mapper (given, so that a process
 * on the embedded database never loads `pg`). Order on the wire: the query's Parse when it is
 * named and new (`pg` records a name as parsed at the round trip's first ParseComplete, so
 * that must be its own), the companions before, the query (Bind, Describe, Execute), the
 * companions after, Sync.
 */
export function roundTripQueryClass(pgModule: typeof pg): RoundTripQueryClass {
  const Query = pgModule.Query as unknown as QueryClass;
  const { prepareValue } = (pgModule as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils;
  const toWire = (value: unknown) => prepareValue(instantParam(value));
  const RememberingResult = rememberingResultClass((pgModule as unknown as { Result: ResultClass }).Result);

  return class RoundTripQuery extends Query {
    readonly #before: readonly Companion[];
    readonly #after: readonly Companion[];
    /** Statements of the round trip completed so far: the query's is the one after `before`. */
    #completed = 0;
    /**
     * The companions' Parse messages of this round trip, in order: the name each prepares, or
     * null (unnamed). The server answers each with ParseComplete until an error, after which
     * it skips to Sync: a name whose ParseComplete came is parsed on the connection, the others
     * are not (`pg` itself only tracks the query's own name).
     */
    readonly #parses: (string | null)[] = [];
    #parsed = 0;
    #connection: ProtocolConnection | null = null;
    readonly #onParseComplete = () => {
      const name = this.#parses[this.#parsed++];
      if (name) {
        this.#connection!.parsedStatements[name] = this.#connection!.submittedNamedStatements[name];
        delete this.#connection!.submittedNamedStatements[name];
      }
    };

    constructor({ text, values, name, before, after }: RoundTripConfig, callback: Callback) {
      // The text and values as arguments of their own: a config object `pg` copies property by
      // property, descriptors and all (1–2 % of a GET's server CPU), where a text it only wraps.
      super(text, values.map(instantParam), callback);
      this.name = name ?? undefined;
      // A named statement answers with the same row shape every time: its parsers are looked
      // up once (pg-row-shapes.ts).
      if (name) this._results = this._result = new RememberingResult(name);
      this.#before = before;
      this.#after = after;
      this.queryMode = 'extended'; // even without values: the companions need the extended protocol
    }

    #send(connection: ProtocolConnection, { text, values, name }: Companion): void {
      const known = name && (connection.parsedStatements[name] !== undefined || connection.submittedNamedStatements[name] !== undefined);
      if (!known) {
        connection.parse({ text, name: name ?? undefined });
        if (name) connection.submittedNamedStatements[name] = text;
        this.#parses.push(name ?? null);
      }
      connection.bind({ statement: name ?? undefined, values, valueMapper: toWire });
      connection.execute({});
    }

    override prepare(connection: ProtocolConnection): void {
      const ownParse = Boolean(this.name && !this.hasBeenParsed(connection));
      if (ownParse) {
        connection.parse({ text: this.text, name: this.name, types: this.types });
        connection.submittedNamedStatements[this.name!] = this.text;
      }
      // The query's own Parse, first or (unnamed) after `before`, is pg's to track: a slot here.
      if (ownParse) this.#parses.push(null);
      this.#connection = connection;
      connection.on('parseComplete', this.#onParseComplete);
      for (const companion of this.#before) this.#send(connection, companion);
      if (!this.name) this.#parses.push(null);
      super.prepare(connection); // parsed now if named: binds, describes and executes it (_getRows)
    }

    override _getRows(connection: ProtocolConnection, rows?: number): void {
      connection.execute({ portal: this.portal, rows });
      for (const companion of this.#after) this.#send(connection, companion);
      connection.sync();
    }

    override handleDataRow(message: unknown): void {
      if (this.#completed === this.#before.length) super.handleDataRow(message);
    }

    override handleCommandComplete(message: { text: string }, connection: ProtocolConnection): void {
      if (this.#completed++ === this.#before.length) super.handleCommandComplete(message, connection);
    }

    override handleError(err: Error, connection: ProtocolConnection): void {
      this.#settleParses();
      super.handleError(err, connection);
    }

    override handleReadyForQuery(connection: ProtocolConnection): void {
      this.#settleParses();
      super.handleReadyForQuery(connection);
    }

    /** The round trip is over: names whose Parse the server never ran are not submitted any more. */
    #settleParses(): void {
      const connection = this.#connection;
      if (!connection) return;
      this.#connection = null;
      connection.removeListener('parseComplete', this.#onParseComplete);
      for (const name of this.#parses.slice(this.#parsed)) if (name) delete connection.submittedNamedStatements[name];
    }
  };
}

/**
 * An instant as a statement's value: `toISOString`, where `pg` writes a Date in the process's
 * local time with its offset, padding each field by hand (2 % of a booking's server time). The
 * server reads both as the same `timestamptz`. Dates outside years 0000–9999, or invalid, are
 * left to `pg`.
 */
function instantParam(value: unknown): unknown {
  if (!(value instanceof Date)) return value;
  return hasPlainYear(value.getTime()) ? value.toISOString() : value;
}
