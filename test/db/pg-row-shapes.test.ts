import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { rememberingResultClass, type ResultClass } from '../../src/db/driver/pg-row-shapes.js';
import { freshDatabase } from '../support/database.js';

// A named statement's row shape, remembered (src/db/driver/pg-row-shapes.ts).
const RememberingResult = rememberingResultClass((pg as unknown as { Result: ResultClass }).Result);
const field = (name: string, dataTypeID: number): pg.FieldDef => ({ name, tableID: 0, columnID: 0, dataTypeID, dataTypeSize: -1, dataTypeModifier: -1, format: 'text' });
const INT4 = 23;
const TEXT = 25;
const TIMESTAMPTZ = 1184;

/** A result of `statement` described by `fields`, and the row it makes of `values`. */
function described(statement: string, fields: pg.FieldDef[], values: string[]) {
  const result = new RememberingResult(statement) as unknown as { addFields(f: pg.FieldDef[]): void; parseRow(v: string[]): unknown; _parsers: unknown[] };
  result.addFields(fields);
  return { parsers: result._parsers, row: result.parseRow(values) };
}

describe('a named statement’s results', () => {
  it('look up their parsers once for a row shape, and read every row as a result of their own would', () => {
    const fields = [field('id', INT4), field('at', TIMESTAMPTZ), field('note', TEXT)];
    const first = described('shapes_1', fields, ['7', '2027-03-01 10:00:00+00', 'hello']);
    const second = described('shapes_1', fields.map((f) => ({ ...f })), ['8', '2027-03-02 10:00:00+00', 'again']);
    expect(second.parsers).toBe(first.parsers);
    expect(first.row).toEqual({ id: 7, at: new Date('2027-03-01T10:00:00Z'), note: 'hello' });
    expect(second.row).toEqual({ id: 8, at: new Date('2027-03-02T10:00:00Z'), note: 'again' });
  });

  it('describe their rows afresh when the columns, their names or their types differ from the last', () => {
    const before = described('shapes_2', [field('id', INT4), field('note', TEXT)], ['1', 'x']);
    const retyped = described('shapes_2', [field('id', TEXT), field('note', TEXT)], ['1', 'x']);
    const renamed = described('shapes_2', [field('id', TEXT), field('label', TEXT)], ['1', 'x']);
    const widened = described('shapes_2', [field('id', TEXT), field('label', TEXT), field('more', INT4)], ['1', 'x', '2']);
    expect(retyped.parsers).not.toBe(before.parsers);
    expect([before.row, retyped.row, renamed.row, widened.row]).toEqual([
      { id: 1, note: 'x' },
      { id: '1', note: 'x' },
      { id: '1', label: 'x' },
      { id: '1', label: 'x', more: 2 },
    ]);
  });
});

const onServer = Boolean(process.env.DATABASE_URL);
const fresh = onServer ? await freshDatabase({ migrated: false }) : null;
afterAll(async () => fresh?.drop());

describe.runIf(onServer)('a statement prepared on PostgreSQL', () => {
  it('reads each column with the service’s type parsers at every execution, and the new columns once its table changed shape', async () => {
    const db = fresh!.db.kysely;
    await sql`create table if not exists shaped_rows (id int8 primary key, day date, at timestamptz, doc jsonb, ok boolean)`.execute(db);
    await sql`insert into shaped_rows values (1, '2027-03-01', '2027-03-01T10:00:00Z', '{"a":1}', true) on conflict do nothing`.execute(db);
    const rows = await db.connection().execute(async (conn) => {
      const read = async () => (await sql<Record<string, unknown>>`select * from shaped_rows where id = ${1}`.execute(conn)).rows[0];
      const seen = [await read(), await read(), await read()];
      await sql`alter table shaped_rows add column note text default 'added'`.execute(conn);
      await read().catch((err: { code?: string }) => expect(err.code).toBe('0A000'));
      return [...seen, await read(), await read()];
    });
    const first = { id: 1, day: '2027-03-01', at: new Date('2027-03-01T10:00:00Z'), doc: { a: 1 }, ok: true };
    expect(rows).toEqual([first, first, first, { ...first, note: 'added' }, { ...first, note: 'added' }]);
  });
});
