import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setupTestApp } from '../support/harness.js';

/**
 * The schema stays ready to be distributed by account (docs/scaling.md): every account-owned
 * table (one with a NOT NULL account_id) carries account_id first in its primary key and in
 * every unique constraint, unique index and foreign key. Platform-scoped tables carry
 * platform_id first in their primary key. Checked against the live catalogue, so a new
 * migration that breaks the rule fails here.
 */
const t = await setupTestApp();

interface Constraint {
  table: string;
  name: string;
  kind: 'p' | 'u' | 'f';
  columns: string[];
}

async function tablesWithColumn(column: string): Promise<string[]> {
  const rows = await sql<{ table_name: string }>`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
    where c.table_schema = 'public' and c.column_name = ${column} and c.is_nullable = 'NO' and t.table_type = 'BASE TABLE'
    order by 1`.execute(t.db.kysely);
  return rows.rows.map((r) => r.table_name);
}

async function constraints(): Promise<Constraint[]> {
  const rows = await sql<{ table: string; name: string; kind: 'p' | 'u' | 'f'; columns: string[] }>`
    select rel.relname as "table", con.conname as name, con.contype as kind,
           array(select att.attname::text from unnest(con.conkey) with ordinality k(attnum, ord)
                 join pg_attribute att on att.attrelid = con.conrelid and att.attnum = k.attnum order by k.ord) as columns
    from pg_constraint con
    join pg_class rel on rel.oid = con.conrelid
    join pg_namespace ns on ns.oid = rel.relnamespace
    where ns.nspname = 'public' and con.contype in ('p', 'u', 'f')`.execute(t.db.kysely);
  return rows.rows;
}

async function uniqueIndexes(): Promise<{ table: string; name: string; columns: string[] }[]> {
  const rows = await sql<{ table: string; name: string; columns: string[] }>`
    select tbl.relname as "table", idx.relname as name,
           array(select att.attname::text from unnest(i.indkey) with ordinality k(attnum, ord)
                 join pg_attribute att on att.attrelid = i.indrelid and att.attnum = k.attnum order by k.ord) as columns
    from pg_index i
    join pg_class idx on idx.oid = i.indexrelid
    join pg_class tbl on tbl.oid = i.indrelid
    join pg_namespace ns on ns.oid = tbl.relnamespace
    where ns.nspname = 'public' and i.indisunique`.execute(t.db.kysely);
  return rows.rows;
}

describe('the schema is ready to be distributed by account', () => {
  it('knows the account-owned tables', async () => {
    const owned = await tablesWithColumn('account_id');
    for (const table of ['locations', 'resources', 'schedules', 'schedule_overrides', 'blocks', 'bookings', 'booking_segments', 'attendees']) {
      expect(owned).toContain(table);
    }
  });

  it('puts account_id first in the primary key of every account-owned table', async () => {
    const owned = await tablesWithColumn('account_id');
    const all = await constraints();
    for (const table of owned) {
      const pk = all.find((c) => c.table === table && c.kind === 'p');
      expect(pk?.columns[0], `${table} primary key`).toBe('account_id');
    }
  });

  it('includes account_id in every unique constraint, unique index and foreign key of those tables', async () => {
    const owned = new Set(await tablesWithColumn('account_id'));
    const bad: string[] = [];
    for (const c of await constraints()) {
      if (owned.has(c.table) && !c.columns.includes('account_id')) bad.push(`${c.table}.${c.name} (${c.columns.join(', ')})`);
    }
    for (const i of await uniqueIndexes()) {
      if (owned.has(i.table) && !i.columns.includes('account_id')) bad.push(`${i.table}.${i.name} (${i.columns.join(', ')})`);
    }
    expect(bad).toEqual([]);
  });

  it('keys platform-scoped tables by platform_id, and only accounts reference accounts by id', async () => {
    const owned = new Set(await tablesWithColumn('account_id'));
    const platformScoped = (await tablesWithColumn('platform_id')).filter((table) => !owned.has(table));
    const all = await constraints();
    // Reference data, small and read on every request: replicated whole on a distributed cluster.
    const reference = new Set(['api_keys', 'accounts']);
    for (const table of platformScoped) {
      if (reference.has(table)) continue;
      expect(all.find((c) => c.table === table && c.kind === 'p')?.columns[0], `${table} primary key`).toBe('platform_id');
    }
  });
});
