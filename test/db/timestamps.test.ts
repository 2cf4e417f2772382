import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import pg from 'pg';
import { types as pgliteTypes } from '@electric-sql/pglite';
import { sql } from 'kysely';
import type { Db } from '../../src/db/connect.js';
import { TIMESTAMPTZ_OID, timestamptzMs } from '../../src/db/driver/timestamps.js';
import { iso } from '../../src/lib/time-format.js';
import { freshDatabase } from '../support/database.js';

// Timestamps read from the characters' codes (src/db/driver/timestamps.ts), and written out by
// `iso` (src/lib/time-format.ts): the same answers as the parsers and formats they replace.
const pgParse = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => Date | number;
const pgliteParse = pgliteTypes.parsers[TIMESTAMPTZ_OID] as (text: string) => Date | number;
const timeOf = (value: unknown) => (value instanceof Date ? value.getTime() : value);

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase({ migrated: false }));
});
afterAll(() => drop());

/** In one session time zone: each text as the engine writes it, and the value the service reads. */
async function asWritten(zone: string, texts: string[]): Promise<{ text: string; at: unknown }[]> {
  return db.kysely.transaction().execute(async (trx) => {
    await sql`select set_config('timezone', ${zone}, true)`.execute(trx);
    const out: { text: string; at: unknown }[] = [];
    for (const given of texts) {
      const { rows } = await sql<{ text: string; at: unknown }>`select ${given}::timestamptz::text as text, ${given}::timestamptz as at`.execute(trx);
      out.push(rows[0]);
    }
    return out;
  });
}

describe('timestamps read from the engine', () => {
  it('are read as the instants they are, in any session time zone, with or without a fraction, and as the engine’s own parser reads them where it can', async () => {
    const zones = ['UTC', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Chatham', 'Europe/Amsterdam', 'America/Sao_Paulo'];
    const own = db.kind === 'pglite' ? pgliteParse : pgParse;
    const instants = fc.sample(fc.integer({ min: Date.UTC(1000, 0, 2), max: Date.UTC(9999, 11, 30) }), 60);
    const micros = fc.sample(fc.integer({ min: 0, max: 999_999 }), 60);
    const given = [
      ...instants.map((ms, i) => ({ text: new Date(ms).toISOString().replace(/\.\d{3}Z$/, `.${String(micros[i]).padStart(6, '0')}Z`), ms: Math.floor(ms / 1000) * 1000 + Math.floor(micros[i] / 1000) })),
      ...instants.slice(0, 20).map((ms) => ({ text: new Date(Math.floor(ms / 1000) * 1000).toISOString(), ms: Math.floor(ms / 1000) * 1000 })),
      { text: '1890-05-01T12:00:00Z', ms: Date.UTC(1890, 4, 1, 12) }, // Amsterdam's local mean time: an offset in seconds
      { text: '2027-03-28T00:59:59.999999Z', ms: Date.UTC(2027, 2, 28, 0, 59, 59, 999) },
      { text: '2027-03-28T01:00:00Z', ms: Date.UTC(2027, 2, 28, 1) },
    ];
    for (const zone of zones) {
      const written = await asWritten(zone, given.map((g) => g.text));
      written.forEach(({ text, at }, i) => {
        expect(timeOf(at), `${zone}: ${text}`).toBe(given[i].ms);
        // PGlite's parser (new Date) cannot read an offset in seconds: those it reads as NaN.
        const theirs = timeOf(own(text));
        if (!Number.isNaN(theirs)) expect(theirs, `${zone}: ${text}`).toBe(given[i].ms);
      });
    }
  });

  it('leave infinities, years before 1000 or past 9999 and BC to the engine’s own parser', async () => {
    const own = db.kind === 'pglite' ? pgliteParse : pgParse;
    const rows = await asWritten('UTC', ['infinity', '-infinity', '0999-12-31T23:59:59Z', '0044-03-15T12:00:00Z BC', '12000-01-01T00:00:00Z']);
    for (const { text, at } of rows) {
      expect(timestamptzMs(text), text).toBeNull();
      expect(timeOf(at), text).toEqual(timeOf(own(text)));
    }
  });

  it('are the instants written to the engine, to the millisecond, whatever the session time zone', async () => {
    // The same text many times: after its first execution it goes as a named statement, with its
    // values written by the service (src/db/driver/pg-round-trip-query.ts) on PostgreSQL.
    const instants = [...fc.sample(fc.integer({ min: Date.UTC(1000, 0, 2), max: Date.UTC(9999, 11, 30, 23, 59, 59, 999) }), 50), Date.UTC(1970, 0, 1), -1];
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns']) {
      const read = await db.kysely.transaction().execute(async (trx) => {
        await sql`select set_config('timezone', ${zone}, true)`.execute(trx);
        const out: unknown[] = [];
        for (const ms of instants) out.push((await sql<{ at: unknown }>`select ${new Date(ms)}::timestamptz as at`.execute(trx)).rows[0].at);
        return out;
      });
      expect(read.map(timeOf), zone).toEqual(instants);
    }
  });

  it('refuse any other shape, so that it goes to the engine’s parser', () => {
    for (const text of ['2027-03-01 10:00:00', '2027-03-01T10:00:00+00', '2027-03-01 10:00:00+0', '2027-03-01 10:00:00+00:3', '2027-03-01 10:00:00+00 BC', '2027-3-01 10:00:00+00', '2027-03-01 10:00:00Z']) {
      expect(timestamptzMs(text), text).toBeNull();
    }
  });

  it('read any text of the shape as pg’s parser does', () => {
    const text = fc
      .tuple(
        fc.integer({ min: Date.UTC(1000, 0, 2), max: Date.UTC(9999, 11, 30) }),
        fc.stringMatching(/^(\.\d{1,6})?$/),
        fc.constantFrom('+', '-'),
        fc.integer({ min: 0, max: 15 }),
        fc.option(fc.integer({ min: 0, max: 59 })),
        fc.option(fc.integer({ min: 0, max: 59 })),
      )
      .map(([ms, fraction, sign, h, m, s]) => {
        const two = (n: number) => String(n).padStart(2, '0');
        const offset = `${sign}${two(h)}${m === null ? '' : `:${two(m)}${s === null ? '' : `:${two(s)}`}`}`;
        return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}${fraction}${offset}`;
      });
    fc.assert(
      fc.property(text, (t) => {
        expect(timestamptzMs(t)).toBe(timeOf(pgParse(t)));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('times written out', () => {
  it('read as toISOString without its milliseconds, for any instant a Date holds', () => {
    const reference = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const edges = [Date.parse('0000-01-01T00:00:00Z'), Date.parse('+010000-01-01T00:00:00Z'), -1, 0, 999, 1000, 8.64e15, -8.64e15];
    for (const ms of [...edges, ...edges.map((e) => e - 1)].filter((ms) => Math.abs(ms) <= 8.64e15)) expect(iso(new Date(ms))).toBe(reference(ms));
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
        expect(iso(new Date(ms))).toBe(reference(ms));
      }),
      { numRuns: 20_000 },
    );
    expect(iso('2027-03-01T10:00:00.999+01:00')).toBe('2027-03-01T09:00:00Z');
    expect(() => iso(new Date(Number.NaN))).toThrow(RangeError);
  });
});
