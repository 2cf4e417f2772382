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
 * exception to the plan cache's choice: as on the embedded database they keep one generic plan,
 * made once a connection without their values, with the plan cache switched to generic plans
 * around them in the same round trip (`planAround`). Sent unnamed, the facts statement was
 * parsed, analysed and planned afresh each time (1.96 ms); named and planned with its values,
 * 1.41 ms; with its one plan kept, 0.79 ms. That plan is safe at scale since migration 030 told
 * the planner that a resource belongs to one account: before it, with a large database's
 * statistics, the generic plan read a room's whole history through another index
 * (docs/performance.md, "One plan on PostgreSQL").
 * On a Citus coordinator they stay unnamed: it makes no distributed plan of the held-time
 * lookup's two branches without their values ("could not create distributed plan"), and its
 * handling of named statements is its own. Statements without parameters stay unnamed. The
 * connection's side, what it sends and in which round trip, is src/db/driver/pg-round-trips.ts.
 */
import type pg from 'pg';
import { PLAN_ONCE_TEXT } from '../plan-once.js';
import { CITUS_INSTALLED } from '../distribution.js';
import { MAX_PREPARED_TEXTS, RepeatedTexts } from './repeated-texts.js';
import type { Companion } from './pg-round-trip-query.js';

/** "cached plan must not change result type": a table under a prepared `select *` changed shape. */
export const PLAN_SHAPE_CHANGED = '0A000';

/** The names of a process's repeated texts, shared by all its connections (each parses a name once). */
export class StatementNames {
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

/**
 * The companions of a named marked text: the plan cache switched to generic plans for it alone,
 * in its round trip (SET before, RESET after), so that its first execution on a connection makes
 * the plan and every later one keeps it (left to itself, the server plans with the values five
 * times and then weighs the two). If the statement fails, the server skips to Sync and the RESET
 * is not run, but the transaction the error aborts (the caller's, or the implicit one of the
 * round trip) takes the SET back with it.
 */
export function planAround(text: string, name: string | null): { before: Companion[]; after: Companion[] } {
  if (!name || !text.includes(PLAN_ONCE_TEXT)) return { before: [], after: [] };
  return { before: [GENERIC_PLANS_ON], after: [GENERIC_PLANS_OFF] };
}

const GENERIC_PLANS_ON: Companion = { text: 'set plan_cache_mode = force_generic_plan', values: [] };
const GENERIC_PLANS_OFF: Companion = { text: 'reset plan_cache_mode', values: [] };
