import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

/**
 * A compiled statement as SQL PREPARE and EXECUTE texts, its values written as literals: for
 * tests that read the plan PostgreSQL makes once, without values (`force_generic_plan`).
 * Values are text, text arrays, dates, booleans or whole numbers (bigint).
 */
export function preparedText(name: string, compiled: { sql: string; parameters: readonly unknown[] }): { prepare: string; execute: string } {
  const typeOf = (v: unknown) => (Array.isArray(v) ? 'text[]' : v instanceof Date ? 'timestamptz' : typeof v === 'boolean' ? 'boolean' : typeof v === 'number' ? 'bigint' : 'text');
  const literal = (v: unknown) =>
    Array.isArray(v) ? `array[${v.map((x) => `'${x}'`).join(',')}]::text[]` : v instanceof Date ? `'${v.toISOString()}'::timestamptz` : typeof v === 'boolean' || typeof v === 'number' ? String(v) : `'${v}'`;
  return {
    prepare: `prepare ${name}(${compiled.parameters.map(typeOf).join(', ')}) as ${compiled.sql}`,
    execute: `execute ${name}(${compiled.parameters.map(literal).join(', ')})`,
  };
}

/**
 * A compiled statement run as a prepared statement with the plan PostgreSQL makes once, without
 * values (`force_generic_plan`, what the service keeps: src/db/plan-once.ts): its rows, and that
 * plan as `explain (analyze, buffers, format json)` gives it.
 */
export async function runWithKeptPlan<Row>(
  db: Kysely<Database>,
  compiled: { sql: string; parameters: readonly unknown[] },
): Promise<{ rows: Row[]; plan: string }> {
  const name = `kept_plan_${process.pid}_${Date.now()}`;
  return db.connection().execute(async (conn) => {
    await sql`set plan_cache_mode = force_generic_plan`.execute(conn);
    try {
      const { prepare, execute } = preparedText(name, compiled);
      await sql.raw(prepare).execute(conn);
      const rows = (await sql.raw<Row>(execute).execute(conn)).rows;
      const plan = JSON.stringify((await sql.raw(`explain (analyze, buffers, format json) ${execute}`).execute(conn)).rows);
      await sql.raw(`deallocate ${name}`).execute(conn);
      return { rows, plan };
    } finally {
      await sql`reset plan_cache_mode`.execute(conn);
    }
  });
}
