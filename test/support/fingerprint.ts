import { sql } from 'kysely';
import type { Db } from '../../src/db/connect.js';

/**
 * A cheap fingerprint of everything stored: per table, the row count, the greatest id and
 * the latest updated_at (where those columns exist). Two equal fingerprints around a
 * request mean it wrote nothing (no insert, no delete, no update that stamps updated_at).
 *
 * Tables that count requests (usage, rate limits) are left out: counting a refused request
 * is their job.
 */
const COUNTS_REQUESTS = /usage|rate_limit|request_count/;

export async function fingerprintQuery(db: Db): Promise<() => Promise<string>> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position
  `.execute(db.kysely);
  const tables = new Map<string, Set<string>>();
  for (const { table_name, column_name } of columns.rows) {
    if (!tables.has(table_name)) tables.set(table_name, new Set());
    tables.get(table_name)!.add(column_name);
  }
  const parts = [...tables]
    .filter(([name]) => !COUNTS_REQUESTS.test(name))
    .map(([name, cols]) => {
      const id = cols.has('id') ? 'max(id)::text' : `''`;
      const updated = cols.has('updated_at') ? 'max(updated_at)::text' : `''`;
      return `select '${name}' || ':' || count(*) || ':' || coalesce(${id}, '') || ':' || coalesce(${updated}, '') as f from "${name}"`;
    });
  const query = sql.raw<{ f: string }>(parts.join(' union all '));
  return async () => {
    const rows = await query.execute(db.kysely);
    return rows.rows.map((r) => r.f).sort().join('\n');
  };
}
