/**
 * Searches every table of the test database, each row as text (every column, its JSON
 * included), for values that must not be stored anywhere: what the erasure and retention
 * tests prove (docs/privacy.md).
 */
import { sql } from 'kysely';
import type { Db } from '../../src/db/connect.js';

export async function tablesHolding(db: Db, values: readonly string[]): Promise<string[]> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(db.kysely);
  const found: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql<{ text: string }>`select t::text as text from ${sql.table(name)} t`.execute(db.kysely);
    for (const value of values) {
      if (rows.rows.some((r) => r.text.toLowerCase().includes(value.toLowerCase()))) found.push(`${name}: ${value}`);
    }
  }
  return found;
}
