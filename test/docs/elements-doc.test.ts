/**
 * The examples of docs/elements.md, run: the session body of "Make a session on your server"
 * makes a session, and the embedding snippet names the element and the script the service serves.
 * test/elements/booker.browser.test.ts loads the snippets of steps 2 and 3 in a browser and books.
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { openResource } from '../api/bookings.helpers.js';
import { ensureElementsBuilt } from '../elements/elements-build.js';
import { elementsDocBlock as block } from './elements-doc-blocks.js';

const t = await setupTestApp();

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
    ensureElementsBuilt();
    const route = await t.app.inject({ method: 'GET', url: path });
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toMatch(/javascript/);
  });
});
