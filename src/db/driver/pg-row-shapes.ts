/**
 * The row shape a named statement answers with, remembered (docs/performance.md, "Row shapes").
 *
 * `pg` describes the result of every execution and, for each description, looks up a parser
 * per column and builds the empty row each row is copied from (`Result.addFields`): 5 µs for
 * a row of 25 columns in a loop, 5 % of a GET's server CPU in a profile of the server. A
 * named statement's description is the same at every execution (when a table under it changes
 * shape, the server refuses the statement and it is renamed: pg-prepared.ts), so a result of a
 * named statement reuses the parsers and the empty row of its last description when the new
 * one has the same columns, names and types, checked column by column.
 */
import type pg from 'pg';

/** What `pg`'s result holds of a description (not in its typings). */
interface ResultState {
  fields: pg.FieldDef[];
  _parsers?: unknown[];
  _prebuiltEmptyResultObject?: Record<string, null>;
  addFields(fields: pg.FieldDef[]): void;
}
export type ResultClass = new (rowMode?: string, types?: unknown) => ResultState;

interface RowShape {
  fields: pg.FieldDef[];
  parsers: unknown[] | undefined;
  emptyRow: Record<string, null> | undefined;
}

/** Past this many remembered shapes (renamed statements leave theirs behind), all are forgotten. */
const MAX_SHAPES = 2_000;

const sameColumns = (a: readonly pg.FieldDef[], b: readonly pg.FieldDef[]) =>
  a.length === b.length && a.every((f, i) => f.name === b[i].name && f.dataTypeID === b[i].dataTypeID && f.format === b[i].format);

/**
 * A `pg` result class whose results remember their statement's row shape. One class per
 * connection pool: its connections share their type parsers (connect.ts), so a shape found on
 * one connection holds on all of them, and statement names are unique within the pool.
 */
export function rememberingResultClass(Result: ResultClass): new (statement: string) => ResultState {
  const shapes = new Map<string, RowShape>();
  return class RememberingResult extends Result {
    readonly #statement: string;

    constructor(statement: string) {
      super(); // the connection sets its type parsers on the result before the query is sent
      this.#statement = statement;
    }

    override addFields(fields: pg.FieldDef[]): void {
      const known = shapes.get(this.#statement);
      if (known && sameColumns(known.fields, fields)) {
        this.fields = fields;
        this._parsers = known.parsers;
        this._prebuiltEmptyResultObject = known.emptyRow;
        return;
      }
      super.addFields(fields);
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      shapes.set(this.#statement, { fields, parsers: this._parsers, emptyRow: this._prebuiltEmptyResultObject });
    }
  };
}
