/**
 * The examples of docs/elements.md, run: the session body of "Make a session on your server"
 * makes a session, and the embedding snippet names the element and the script the service serves.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { openResource } from '../api/bookings.helpers.js';

const doc = readFileSync(new URL('../../docs/elements.md', import.meta.url), 'utf8');
const t = await setupTestApp();

const block = (heading: string, lang: string) => {
  const section = doc.split(heading)[1]!.split('\n### ')[0]!;
  return new RegExp('```' + lang + '\\n([\\s\\S]+?)\\n```').exec(section)![1]!;
};

describe('docs/elements.md', () => {
  it('makes a session with the body of its first step, answering a client secret and the hosted url', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const body = JSON.parse(block('### 1. Make a session on your server', 'json').replace(/res_[0-9a-z]+/, room.id));
    const res = await api.post('/v1/booking_sessions', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.client_secret).toMatch(/^bks_/);
    expect(new URL(res.body.url).pathname).toBe(`/book/${res.body.client_secret}`);
  });

  it('embeds the element with the script path the service serves', async () => {
    const html = block('### 2. Drop the element into your page', 'html');
    expect(html).toContain('<scheduling-booker client-secret="bks_…"></scheduling-booker>');
    const path = new URL(/src="([^"]+)"/.exec(html)![1]!).pathname;
    const route = await t.app.inject({ method: 'GET', url: path });
    expect([200, 404]).toContain(route.statusCode);
    if (route.statusCode === 200) expect(route.headers['content-type']).toMatch(/javascript/);
    else expect(JSON.parse(route.body).error.message).toMatch(/not built/);
  });
});
