import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { shapedStatement } from '../../src/db/shaped-statement.js';
import { freshDatabase } from '../support/database.js';

// A statement compiled once and then only bound (src/db/shaped-statement.ts), on the suite's database.
const fresh = await freshDatabase({ migrated: false });
afterAll(() => fresh.drop());

interface Values {
  name: string;
  window: { from: Date; until: Date };
  tags: string[];
}

describe('a shaped statement', () => {
  it('binds each call’s values, a plain object’s fields among them, into the text compiled at its first call', async () => {
    let builds = 0;
    const echo = shapedStatement<Values, { name: string; days: number; tags: number }>((v) => {
      builds++;
      return sql`select ${v.name}::text as name, extract(day from ${v.window.until}::timestamptz - ${v.window.from}::timestamptz)::int as days,
        cardinality(${v.tags}::text[]) as tags`;
    });
    const first = await echo(fresh.db.kysely, { name: 'a', window: { from: new Date('2030-01-01T00:00:00Z'), until: new Date('2030-01-03T00:00:00Z') }, tags: ['x'] });
    const second = await echo(fresh.db.kysely, { name: 'b', window: { from: new Date('2030-01-01T00:00:00Z'), until: new Date('2030-01-11T00:00:00Z') }, tags: ['x', 'y', 'z'] });
    expect([first.rows[0], second.rows[0]]).toEqual([
      { name: 'a', days: 2, tags: 1 },
      { name: 'b', days: 10, tags: 3 },
    ]);
    expect(builds).toBe(1);
  });

  it('refuses, at its first call, a builder that makes a parameter of its own', async () => {
    const computing = shapedStatement<{ n: number }, { n: number }>((v) => sql`select ${v.n}::int + ${1}::int as n`);
    await expect(computing(fresh.db.kysely, { n: 1 })).rejects.toThrow(/a parameter of its own/);
  });
});
