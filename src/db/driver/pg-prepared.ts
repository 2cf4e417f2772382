/**
 * Named prepared statements on PostgreSQL (docs/performance.md, "Prepared statements on
 * PostgreSQL"): the twin of what the PGlite driver does in process (pglite-driver.ts).
 *
 * The `pg` client sends a statement without a name: the server parses, analyses and plans it
 * at every execution. The service sends the same few hundred texts over and over, and in a
 * soak's profile the server spent about a fifth of its statements' time planning them
 * (`pg_stat_statements`, `track_planning`). So a text seen a second time is sent under a name:
 * each connection parses it once, and the server's plan cache keeps its plan (custom plans
 * for the first five executions, then the generic one where that costs no more).
 *
 * Texts marked to be planned once (src/db/plan-once.ts), the held-time statements, are the
 * exception to the plan cache's choice: on the embedded database they keep one generic plan;
 * here they are planned with their values at every execution, which is safe at any size, but
 * parsed only once: named, and run with the plan cache switched to custom plans around them in
 * the same round trip (`CustomPlanQuery`). Sent unnamed, the facts statement was parsed and
 * analysed afresh each time (1.96 ms against 1.41 ms named). A generic plan would be cheaper
 * still (0.79 ms), but with a large database's statistics the server's generic plan read a
 * room's whole history through another index (docs/performance.md, "One plan on PostgreSQL").
 * On a Citus coordinator they stay unnamed: it makes no distributed plan of the held-time
 * lookup's two branches without their values ("could not create distributed plan"), and its
 * handling of named statements is its own. Statements without parameters (BEGIN, COMMIT, SET)
 * stay on the simple protocol.
 */
import type pg from 'pg';
import { PLAN_ONCE_TEXT } from '../plan-once.js';
import { CITUS_INSTALLED } from '../distribution.js';
import { MAX_PREPARED_TEXTS, RepeatedTexts } from './repeated-texts.js';

/** "cached plan must not change result type": a table under a prepared `select *` changed shape. */
const PLAN_SHAPE_CHANGED = '0A000';

/** The names of a process's repeated texts, shared by all its connections (each parses a name once). */
export class StatementNames {
  /** `pg`'s query for marked texts, made once a process (`customPlanQueryClass`). */
  readonly CustomPlanQuery: QueryClass;
  readonly #names = new Map<string, string>();
  /** A text is named when it is seen the second time: one-off statements stay unnamed. */
  readonly #seen = new RepeatedTexts();
  #next = 0;
  /**
   * Whether marked texts may be named: the server is not a Citus coordinator. Null until the
   * first connection has asked (marked texts run unnamed meanwhile).
   */
  namesMarkedTexts: boolean | null = null;
  #asking = false;

  /** `Query`: the `pg` module's own (given, so that a process on PGlite never loads `pg`). */
  constructor(Query: typeof pg.Query) {
    this.CustomPlanQuery = customPlanQueryClass(Query as unknown as QueryClass);
  }

  /** The name to send `text` under, or null: run it unnamed. */
  nameFor(text: string): string | null {
    const known = this.#names.get(text);
    if (known) return known;
    if (this.#names.size >= MAX_PREPARED_TEXTS) return null;
    if (text.includes(PLAN_ONCE_TEXT) && this.namesMarkedTexts !== true) return null;
    if (!this.#seen.seenBefore(text)) return null;
    const name = `sched_${this.#next++}`;
    this.#names.set(text, name);
    return name;
  }

  /**
   * A named text's plan no longer fits its table (changed under a running process): the next
   * execution takes a new name, which every connection parses afresh.
   */
  renew(text: string): void {
    if (this.#names.has(text)) this.#names.set(text, `sched_${this.#next++}`);
  }

  /** Asks, once a process, whether the server is a Citus coordinator; `ask` runs a statement on a new connection. */
  learnServer(ask: (text: string) => Promise<pg.QueryResult<{ citus: boolean }>>): void {
    if (this.namesMarkedTexts !== null || this.#asking) return;
    this.#asking = true;
    ask(`select ${CITUS_INSTALLED} as citus`).then(
      (answer) => (this.namesMarkedTexts = !answer.rows[0].citus),
      () => (this.#asking = false), // the connection failed: the next one asks
    );
  }
}

type Query = pg.PoolClient['query'];

/** What `CustomPlanQuery` uses of the protocol connection `pg` hands a query (not in its typings). */
interface ProtocolConnection {
  parse(message: { text: string; name?: string; types?: unknown }): void;
  bind(message: Record<string, unknown>): void;
  execute(message: { portal?: string; rows?: number }): void;
  sync(): void;
}

/** The steps of `pg`'s own query that `CustomPlanQuery` extends (not in its typings). */
interface QuerySteps {
  name?: string;
  text: string;
  types?: unknown;
  portal: string;
  hasBeenParsed(connection: ProtocolConnection): boolean;
  prepare(connection: ProtocolConnection): void;
  _getRows(connection: ProtocolConnection, rows?: number): void;
  handleCommandComplete(message: { text: string }, connection: ProtocolConnection): void;
}
type QueryClass = new (config: pg.QueryConfig, callback: (err: Error | undefined, result: pg.QueryResult) => void) => QuerySteps;

const CUSTOM_PLANS_ON = 'set plan_cache_mode = force_custom_plan';
const CUSTOM_PLANS_OFF = 'reset plan_cache_mode';

/** Sends a statement without values as the unnamed one, to run in the same round trip as the rest. */
function runUnnamed(connection: ProtocolConnection, text: string): void {
  connection.parse({ text });
  connection.bind({});
  connection.execute({});
}

/**
 * `pg`'s query, with the plan cache switched to custom plans for it alone, in the same round
 * trip: SET, the named statement (its Parse first when the connection has not parsed it),
 * RESET, then Sync. The named statement's Parse goes first because `pg` records a name as parsed
 * at the round trip's first ParseComplete. If the statement fails, the server skips to Sync and
 * the RESET is not run, but the transaction the error aborts (the caller's, or the implicit one
 * of the round trip) takes the SET back with it. The SET's and RESET's results are not the
 * query's.
 */
function customPlanQueryClass(Query: QueryClass): QueryClass {
  return class CustomPlanQuery extends Query {
    override prepare(connection: ProtocolConnection): void {
      if (!this.hasBeenParsed(connection)) {
        connection.parse({ text: this.text, name: this.name, types: this.types });
        (connection as unknown as { submittedNamedStatements: Record<string, string> }).submittedNamedStatements[this.name!] = this.text;
      }
      runUnnamed(connection, CUSTOM_PLANS_ON);
      super.prepare(connection); // the statement is parsed now: this binds and executes it (_getRows)
    }

    override _getRows(connection: ProtocolConnection, rows?: number): void {
      connection.execute({ portal: this.portal, rows });
      runUnnamed(connection, CUSTOM_PLANS_OFF);
      connection.sync();
    }

    override handleCommandComplete(message: { text: string }, connection: ProtocolConnection): void {
      if (message.text === 'SET' || message.text === 'RESET') return;
      super.handleCommandComplete(message, connection);
    }
  };
}

/**
 * Sends `client`'s repeated parameterised texts under their names. Kysely's PostgreSQL driver
 * calls `query(text, values)`; every other form (a cursor, a config object, a callback) passes
 * through as it was.
 */
export function nameRepeatedStatements(client: pg.PoolClient, names: StatementNames): void {
  const query = client.query as (...args: unknown[]) => unknown;
  names.learnServer((text) => query.call(client, text) as Promise<pg.QueryResult<{ citus: boolean }>>);
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const [text, values, callback] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined) return query.apply(this, args);
    const name = names.nameFor(text);
    if (!name) return query.apply(this, args);
    const answer = text.includes(PLAN_ONCE_TEXT)
      ? new Promise<pg.QueryResult>((resolve, reject) => {
          query.call(this, new names.CustomPlanQuery({ name, text, values }, (err, result) => (err ? reject(err) : resolve(result))));
        })
      : (query.call(this, { name, text, values }) as Promise<pg.QueryResult>);
    return answer.catch((err: { code?: string }) => {
      if (err?.code === PLAN_SHAPE_CHANGED) names.renew(text);
      throw err;
    });
  } as Query;
}
