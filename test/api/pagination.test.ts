import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp, type Client } from '../support/harness.js';

const t = await setupTestApp();
const api = await t.newAccount();

const created: string[] = [];
for (let i = 0; i < 45; i++) {
  const res = await api.post('/v1/resources', { name: `R${i}`, type: i % 3 === 0 ? 'court' : 'room' });
  created.push(res.body.id);
}
const newestFirst = [...created].reverse();

async function walkForward(client: Client, url: string, query: Record<string, string | number>) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  for (;;) {
    const res = await client.get(url, { ...query, ...(cursor ? { starting_after: cursor } : {}) });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((x: any) => x.id);
    pages.push(ids);
    if (!res.body.has_more) break;
    cursor = ids[ids.length - 1];
    if (pages.length > 50) throw new Error('no end');
  }
  return pages;
}

describe('list pagination', () => {
  it('walks 45 resources forward with limit 10: 5 pages, newest first, no gaps or duplicates', async () => {
    const pages = await walkForward(api, '/v1/resources', { limit: 10 });
    expect(pages.map((p) => p.length)).toEqual([10, 10, 10, 10, 5]);
    expect(pages.flat()).toEqual(newestFirst);
  });

  it('walks back from the end with ending_before, page by page, to the newest', async () => {
    const pages: string[][] = [];
    let cursor = created[0]; // the oldest: everything is before it
    for (;;) {
      const res = await api.get('/v1/resources', { limit: 10, ending_before: cursor });
      const ids = res.body.data.map((x: any) => x.id);
      pages.push(ids);
      if (!res.body.has_more) break;
      cursor = ids[0];
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 10, 10, 4]);
    // Each page is still newest first; pages come from the oldest towards the newest.
    expect(pages.reverse().flat()).toEqual(newestFirst.slice(0, 44));
  });

  it('steps forward then back again to the same page', async () => {
    const first = await api.get('/v1/resources', { limit: 10 });
    const second = await api.get('/v1/resources', { limit: 10, starting_after: first.body.data[9].id });
    const back = await api.get('/v1/resources', { limit: 10, ending_before: second.body.data[0].id });
    expect(back.body.data.map((x: any) => x.id)).toEqual(first.body.data.map((x: any) => x.id));
    expect(back.body.has_more).toBe(false);
  });

  it('walks a filtered list (type=court) without gaps', async () => {
    const pages = await walkForward(api, '/v1/resources', { limit: 4, type: 'court' });
    const courts = created.filter((_, i) => i % 3 === 0).reverse();
    expect(pages.flat()).toEqual(courts);
    expect(pages.map((p) => p.length)).toEqual([4, 4, 4, 3]);
  });

  it('defaults to 20 and allows 1 and 100', async () => {
    const def = await api.get('/v1/resources');
    expect(def.body.data).toHaveLength(20);
    expect(def.body.has_more).toBe(true);
    expect((await api.get('/v1/resources', { limit: 1 })).body.data).toHaveLength(1);
    const all = await api.get('/v1/resources', { limit: 100 });
    expect(all.body.data).toHaveLength(45);
    expect(all.body.has_more).toBe(false);
  });

  it('has has_more false when the page ends exactly at the last object', async () => {
    const res = await api.get('/v1/resources', { limit: 45 });
    expect(res.body.data).toHaveLength(45);
    expect(res.body.has_more).toBe(false);
  });

  it('refuses limit 0 and 101 and non-integers with parameter_invalid on limit', async () => {
    expectError(await api.get('/v1/resources', { limit: 0 }), 400, 'parameter_invalid', 'limit');
    expectError(await api.get('/v1/resources', { limit: 101 }), 400, 'parameter_invalid', 'limit');
    expectError(await api.get('/v1/resources', { limit: 2.5 }), 400, 'parameter_invalid', 'limit');
  });

  it('refuses starting_after with ending_before: 400 parameters_exclusive', async () => {
    const e = expectError(await api.get('/v1/resources', { starting_after: created[10], ending_before: created[20] }), 400, 'parameters_exclusive');
    expect(e.type).toBe('invalid_request_error');
  });

  it('keeps working when the cursor object has been deleted', async () => {
    const acct = await t.newAccount();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await acct.post('/v1/locations', { name: `L${i}` })).body.id);
    await acct.del(`/v1/locations/${ids[2]}`);
    const after = await acct.get('/v1/locations', { starting_after: ids[2] });
    expect(after.body.data.map((x: any) => x.id)).toEqual([ids[1], ids[0]]);
    const before = await acct.get('/v1/locations', { ending_before: ids[2] });
    expect(before.body.data.map((x: any) => x.id)).toEqual([ids[4], ids[3]]);
  });

  it('pages accounts, locations and events the same way', async () => {
    const other = await t.newPlatform();
    const accounts: string[] = [];
    for (let i = 0; i < 7; i++) accounts.push((await other.api.post('/v1/accounts', { name: `A${i}` })).body.id);
    expect((await walkForward(other.api, '/v1/accounts', { limit: 3 })).flat()).toEqual([...accounts].reverse());
    const events = (await walkForward(other.api, '/v1/events', { limit: 2 })).flat();
    expect(events).toHaveLength(7);
    expect(new Set(events).size).toBe(7);
    expect([...events].sort().reverse()).toEqual(events);
  });
});
