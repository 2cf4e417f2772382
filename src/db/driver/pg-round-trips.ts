/**
 * What a connection to PostgreSQL sends, and in which round trip (docs/performance.md, "Round
 * trips").
 *
 * Kysely sends BEGIN, every statement and COMMIT each in a round trip of its own, and each
 * costs a transaction a wait for the server: a booking made seven. So a connection holds two
 * kinds of statement back, and sends them in the round trip of the statement that follows them
 * (`RoundTripQuery`, one Sync for all):
 *
 * - BEGIN (or START TRANSACTION): it goes with the transaction's first statement. A transaction
 *   that sent nothing else sends no BEGIN either: its COMMIT or ROLLBACK answers at once.
 * - inside a transaction, a statement marked to go with the next one (src/db/sent-with-next.ts):
 *   the resource lock, which goes with a booking's facts; the booking's insert, its event (which
 *   counts its own deliveries) and the usage counters' upsert, with COMMIT. A repeated one is
 *   prepared under its name like any other text (parsed once a connection, then only bound).
 *
 * A held statement answers at once, with no rows. The server runs a round trip's statements in
 * order and stops at the first error, which is then the error of the statement they travel with
 * (and the transaction is aborted, as it would have been). ROLLBACK drops held writes: they
 * would have been rolled back. A statement without values other than COMMIT or ROLLBACK (a
 * migration's script may hold several statements, which the extended protocol refuses) waits
 * for what is held to be sent on its own first. Repeated texts go under their names, marked
 * ones planned with their values (src/db/driver/pg-prepared.ts).
 */
import type pg from 'pg';
import { SENT_WITH_NEXT_TEXT } from '../sent-with-next.js';
import { PLAN_SHAPE_CHANGED, planAround, type StatementNames } from './pg-prepared.js';
import type { Companion, RoundTripQueryClass } from './pg-round-trip-query.js';

/** BEGIN with its modes only: a script that begins with BEGIN holds more statements, and is not held. */
const BEGIN = /^\s*(begin|start\s+transaction)\b[a-z ,]*;?\s*$/i;
const COMMIT = /^\s*(commit|end)\s*;?\s*$/i;
const ROLLBACK = /^\s*(rollback|abort)\s*;?\s*$/i;

/** The answer of a statement not sent yet, or not sent at all: no rows. */
const answered = (command: string): pg.QueryResult => ({ command, rowCount: 0, oid: 0, rows: [], fields: [] });

type Query = pg.PoolClient['query'];

/** Replaces `client.query` with one that holds statements back as above and names repeated texts (`names`: null, never). */
export function sendStatements(client: pg.PoolClient, names: StatementNames | null, RoundTripQuery: RoundTripQueryClass): void {
  const query = client.query as (...args: unknown[]) => unknown;
  names?.learnServer((text) => query.call(client, text) as Promise<pg.QueryResult<{ citus: boolean }>>);
  /** Held back for the next round trip, in order. */
  const held: Companion[] = [];
  /** The transaction's BEGIN is still held: the server has seen nothing of the transaction. */
  let beginHeld = false;
  /** As the server said at the end of the last round trip (whatever text ended a transaction). */
  let serverInTransaction = false;
  (client as unknown as { connection: NodeJS.EventEmitter }).connection.on('readyForQuery', (message: { status: string }) => {
    serverInTransaction = message.status !== 'I';
  });
  const inTransaction = () => beginHeld || serverInTransaction;

  const roundTrip = (config: { text: string; values: readonly unknown[]; name: string | null; before: Companion[]; after: Companion[] }) =>
    new Promise<pg.QueryResult>((resolve, reject) => {
      query.call(client, new RoundTripQuery(config, (err, result) => (err ? reject(err) : resolve(result))));
    });

  /** Sends what is held in a round trip of its own (the last held statement carries the others). */
  const sendHeld = (): Promise<unknown> => {
    const before = held.splice(0);
    beginHeld = false;
    const last = before.pop()!;
    return roundTrip({ ...last, name: last.name ?? null, before, after: [] });
  };

  const endTransaction = (text: string, run: () => unknown): unknown => {
    if (ROLLBACK.test(text)) {
      const sentNothing = beginHeld;
      held.length = 0;
      beginHeld = false;
      return sentNothing ? Promise.resolve(answered('ROLLBACK')) : run();
    }
    if (beginHeld && held.length === 1) {
      held.length = 0;
      beginHeld = false;
      return Promise.resolve(answered('COMMIT'));
    }
    if (held.length === 0) return run();
    beginHeld = false;
    return roundTrip({ text, values: [], name: null, before: held.splice(0), after: [] });
  };

  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const [text, values, callback] = args;
    const run = () => query.apply(this, args);
    if (typeof text !== 'string' || callback !== undefined || (values !== undefined && !Array.isArray(values))) {
      // Not a form the service sends inside a transaction. `pg` runs queries in the order given,
      // so what is held goes first; if it fails, this query fails in the aborted transaction.
      if (held.length > 0) sendHeld().catch(() => {});
      return run();
    }
    const params = (values ?? []) as readonly unknown[];
    if (params.length === 0) {
      if (!inTransaction() && BEGIN.test(text)) {
        beginHeld = true;
        held.push({ text, values: [] });
        return Promise.resolve(answered('BEGIN'));
      }
      if (inTransaction() && (COMMIT.test(text) || ROLLBACK.test(text))) return endTransaction(text, run);
      return held.length > 0 ? sendHeld().then(run) : run();
    }
    if (inTransaction() && text.includes(SENT_WITH_NEXT_TEXT)) {
      held.push({ text, values: params, name: names?.nameFor(text) ?? null });
      return Promise.resolve(answered(text.trimStart().split(/\s/, 1)[0].toUpperCase()));
    }
    const name = names?.nameFor(text) ?? null;
    if (!name && held.length === 0) return run();
    const around = planAround(text, name);
    beginHeld = false;
    const answer = roundTrip({ text, values: params, name, before: [...held.splice(0), ...around.before], after: around.after });
    return answer.catch((err: { code?: string }) => {
      if (name && err?.code === PLAN_SHAPE_CHANGED) names!.renew(text);
      throw err;
    });
  } as Query;
}
