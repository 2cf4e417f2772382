/**
 * A statement built with kysely whose text never depends on its values: compiled once, then
 * only bound. Building and compiling the facts statement with kysely at every booking cost the
 * server about 60 µs, and a text built afresh is a new 4 kB string that every map it is looked
 * up in (the statements' names, the tables they write) hashes again (docs/performance.md, "The
 * facts statement written once").
 *
 * The builder gets the call's values and may only place them (`${values.start}`), never compute
 * with them or branch on them: the first call builds it with a placeholder in each value's
 * stead, and each parameter of the compiled text is then known by the placeholder it is (a
 * statement that reads in two ways is two shaped statements). A value that is a plain object is
 * placed field by field. A parameter that is no placeholder (a value the builder made itself) is
 * refused at that first call, so such a builder fails its first test.
 */
import { CompiledQuery, type QueryExecutorProvider, type QueryResult } from 'kysely';
import type { DbHandle } from './transaction.js';

/** A value's place in the values: its key, and its field for a plain object. */
class Placeholder {
  constructor(readonly path: readonly string[]) {}
}

type Values = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function placeholdersFor(values: Values, path: readonly string[]): Values {
  const out: Values = {};
  for (const [key, value] of Object.entries(values)) {
    out[key] = isPlainObject(value) ? placeholdersFor(value, [...path, key]) : new Placeholder([...path, key]);
  }
  return out;
}

function valueAt(values: Values, path: readonly string[]): unknown {
  let value: unknown = values;
  for (const key of path) value = (value as Values)[key];
  return value;
}

/** The compiled text, and where each of its parameters is in the values. */
interface Compiled {
  text: string;
  paths: (readonly string[])[];
}

export type ShapedStatement<V extends object, R> = (db: DbHandle, values: V) => Promise<QueryResult<R>>;

/** A raw statement (`sql`) or a query built from `db` (`db.selectFrom(…)`), which ignores the argument. */
export interface Compilable<R> {
  compile(executorProvider: QueryExecutorProvider): CompiledQuery<R>;
}

/** Runs the statement `build` makes, its text compiled at the first call (from the db of that call). */
export function shapedStatement<V extends object, R>(build: (values: V, db: DbHandle) => Compilable<R>): ShapedStatement<V, R> {
  let compiled: Compiled | null = null;
  return async (db, values) => {
    if (!compiled) {
      const query = build(placeholdersFor(values as Values, []) as V, db).compile(db);
      const paths = query.parameters.map((parameter) => {
        if (parameter instanceof Placeholder) return parameter.path;
        throw new Error(`a shaped statement's builder made a parameter of its own (${String(parameter)}): place only the values given`);
      });
      compiled = { text: query.sql, paths };
    }
    const parameters = compiled.paths.map((path) => valueAt(values as Values, path));
    return (await db.executeQuery(CompiledQuery.raw(compiled.text, parameters))) as QueryResult<R>;
  };
}
