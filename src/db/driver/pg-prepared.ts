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
 * Texts marked to be planned once (src/db/plan-once.ts) stay unnamed, planned with their values
 * each time: named, the server would weigh a generic plan after five executions, and a Citus
 * coordinator cannot make a distributed plan of the held-time lookup's two branches without
 * their values ("could not create distributed plan"). Statements without parameters (BEGIN,
 * COMMIT, SET) stay on the simple protocol.
 */
import type pg from 'pg';
import { PLAN_ONCE_TEXT } from '../plan-once.js';
import { MAX_PREPARED_TEXTS, RepeatedTexts } from './repeated-texts.js';

/** "cached plan must not change result type": a table under a prepared `select *` changed shape. */
const PLAN_SHAPE_CHANGED = '0A000';

/** The names of a process's repeated texts, shared by all its connections (each parses a name once). */
export class StatementNames {
  readonly #names = new Map<string, string>();
  /** A text is named when it is seen the second time: one-off statements stay unnamed. */
  readonly #seen = new RepeatedTexts();
  #next = 0;

  /** The name to send `text` under, or null: run it unnamed. */
  nameFor(text: string): string | null {
    const known = this.#names.get(text);
    if (known) return known;
    if (this.#names.size >= MAX_PREPARED_TEXTS || text.includes(PLAN_ONCE_TEXT)) return null;
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
}

type Query = pg.PoolClient['query'];

/**
 * Sends `client`'s repeated parameterised texts under their names. Kysely's PostgreSQL driver
 * calls `query(text, values)`; every other form (a cursor, a config object, a callback) passes
 * through as it was.
 */
export function nameRepeatedStatements(client: pg.PoolClient, names: StatementNames): void {
  const query = client.query as (...args: unknown[]) => unknown;
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const [text, values, callback] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined) return query.apply(this, args);
    const name = names.nameFor(text);
    if (!name) return query.apply(this, args);
    return (query.call(this, { name, text, values }) as Promise<pg.QueryResult>).catch((err: { code?: string }) => {
      if (err?.code === PLAN_SHAPE_CHANGED) names.renew(text);
      throw err;
    });
  } as Query;
}
