import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { freshDatabase } from '../support/database.js';
import { COORDINATOR_TABLES, citusStatements, createdTable, declaredDistributions } from '../../src/db/distribution.js';

/**
 * Every table the migrations create declares how a Citus cluster distributes it
 * (src/db/distribution.ts, docs/scaling.md), checked on every database the suite runs on; on
 * a cluster, the tables are distributed as declared.
 */
const { db, drop } = await freshDatabase();
afterAll(drop);

async function tables(): Promise<string[]> {
  const rows = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public' order by 1`.execute(db.kysely);
  return rows.rows.map((r) => r.name);
}

async function onCitus(): Promise<boolean> {
  const rows = await sql`select 1 from pg_extension where extname = 'citus'`.execute(db.kysely);
  return rows.rows.length > 0;
}

describe('table distribution', () => {
  it('declares a distribution for every table the migrations create', async () => {
    const declared = declaredDistributions();
    const undeclared = (await tables()).filter((name) => !declared.has(name) && !COORDINATOR_TABLES.includes(name));
    expect(undeclared).toEqual([]);
  });

  it('distributes every table as declared when the database is a Citus coordinator', async () => {
    if (!(await onCitus())) return;
    const rows = await sql<{ name: string; method: string; colocated_with_accounts: boolean; colocated_with_events: boolean; column: string | null }>`
      select p.logicalrelid::text as name, p.partmethod as method,
             p.colocationid = (select colocationid from pg_dist_partition where logicalrelid = 'accounts'::regclass) as colocated_with_accounts,
             p.colocationid = (select colocationid from pg_dist_partition where logicalrelid = 'events'::regclass) as colocated_with_events,
             column_to_column_name(p.logicalrelid, p.partkey) as column
      from pg_dist_partition p`.execute(db.kysely);
    const actual = new Map(rows.rows.map((r) => [r.name, r]));
    for (const [table, how] of declaredDistributions()) {
      const row = actual.get(table);
      expect(row, table).toBeDefined();
      if (how === 'reference') expect(row!.method, table).toBe('n');
      else {
        expect(row!.method, table).toBe('h');
        expect(row!.column, table).toBe(how === 'accounts' ? 'id' : how === 'account' ? 'account_id' : 'platform_id');
        if (how === 'account') expect(row!.colocated_with_accounts, table).toBe(true);
        if (how === 'platform') expect(row!.colocated_with_events, table).toBe(true);
      }
    }
    const fks = await sql<{ n: number }>`select count(*)::int as n from pg_constraint c join pg_namespace ns on ns.oid = c.connamespace where ns.nspname = 'public' and contype = 'f'`.execute(db.kysely);
    expect(fks.rows[0]!.n).toBeGreaterThanOrEqual(35);
  });

  it('plans the statements of every trigger function with their values on every Citus node, and keeps plans elsewhere', async () => {
    // A kept plan of a statement on a distributed table leaks memory in the worker's backend at
    // every run (`planFunctionsAfresh`; docs/scaling.md, "How the migrations distribute"): every
    // function that runs a statement must plan it afresh there. Elsewhere they keep their plans.
    const runningStatements = `p.pronamespace = 'public'::regnamespace and p.prolang = (select oid from pg_language where lanname = 'plpgsql')
      and p.prosrc ~* '\\m(select|insert|update|delete|perform)\\M'`;
    const functions = await sql<{ name: string; config: string[] | null }>`
      select p.proname as name, p.proconfig as config from pg_proc p where ${sql.raw(runningStatements)} order by 1`.execute(db.kysely);
    expect(functions.rows.map((f) => f.name)).toContain('reminder_queue_on_segment');
    if (!(await onCitus())) {
      expect(functions.rows.filter((f) => f.config !== null)).toEqual([]);
      return;
    }
    const planAfresh = 'plan_cache_mode=force_custom_plan';
    expect(functions.rows.filter((f) => !(f.config ?? []).includes(planAfresh)).map((f) => f.name)).toEqual([]);
    // The workers run them: each must hold the same setting (Citus propagates ALTER FUNCTION).
    const keeping = `select coalesce(string_agg(p.proname, ' '), '') from pg_proc p where ${runningStatements}
      and not coalesce('${planAfresh}' = any(p.proconfig), false)`;
    const workers = await sql<{ success: boolean; result: string }>`select success, result from run_command_on_workers(${keeping})`.execute(db.kysely);
    expect(workers.rows.length).toBeGreaterThan(0);
    expect(workers.rows).toEqual(workers.rows.map(() => ({ success: true, result: '' })));
  });

  it('reads the table a create statement makes, and splits an added column with a check as Citus needs', () => {
    expect(createdTable('create table if not exists foo (a int)')).toBe('foo');
    expect(createdTable('create index foo_a on foo (a)')).toBeNull();
    expect(citusStatements('alter table bookings add column n integer not null default 0 check (n between 0 and 10)')).toEqual([
      'alter table bookings add column n integer not null default 0',
      'alter table bookings add constraint bookings_n_check check (n between 0 and 10)',
    ]);
    expect(citusStatements('alter table bookings add column n integer')).toEqual(['alter table bookings add column n integer']);
  });
});
