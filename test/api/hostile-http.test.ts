import { afterAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { setupTestApp } from '../support/harness.js';

/**
 * Requests that Node's HTTP parser refuses before Fastify routes them (issue "Fair under
 * hostile load", list 5): they used to get Node's own `{"error":"Bad Request",…}`, without
 * our error shape or a Request-Id. Sent over a real socket, since inject() skips the parser.
 */
const t = await setupTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = t.app.server.address() as AddressInfo;
afterAll(() => t.app.server.closeAllConnections?.());

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends raw bytes and reads the whole answer (the server closes the connection after it). */
function raw(text: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = all.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
    socket.end(text);
  });
}

function expectErrorShape(res: RawResponse) {
  expect(res.status, res.body).toBeGreaterThanOrEqual(400);
  expect(res.status, res.body).toBeLessThan(500);
  const parsed = JSON.parse(res.body.slice(res.body.indexOf('{')));
  expect(parsed.error).toMatchObject({ type: 'invalid_request_error', code: expect.any(String), message: expect.any(String), param: null });
  expect(res.headers['request-id']).toMatch(/^req_/);
  expect(parsed.error.request_id).toBe(res.headers['request-id']);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  return parsed.error;
}

describe('requests the HTTP parser refuses', () => {
  it('oversized headers: 413 request_too_large in the error shape, with a Request-Id', async () => {
    const res = await raw(`GET /v1/locations HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(res.status).toBe(413);
    const error = expectErrorShape(res);
    expect(error.code).toBe('request_too_large');
    expect(error.message).toMatch(/header/i);
  });

  it('an oversized URL: 413 request_too_large (the request line counts with the headers), in the error shape', async () => {
    const res = await raw(`GET /v1/locations?name=${'a'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(413);
    expect(expectErrorShape(res).code).toBe('request_too_large');
  });

  it('a malformed request line: 400 in the error shape, with a Request-Id', async () => {
    const res = await raw('GARBAGE\r\n\r\n');
    expect(res.status).toBe(400);
    expect(expectErrorShape(res).code).toBe('parameter_invalid');
  });

  it('the server still answers normally afterwards', async () => {
    const res = await raw('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
  });
});
