import http from 'node:http';
import net from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { eventually } from '../support/receiver.js';
import { api, exitWithin, freePort, pgliteDataDir, randomKey, SERVER_RUN, serversOfThisFile, startServer, type Server } from './helpers.js';

/** `serve` as a real process on PGlite: first run, logs, health, graceful shutdown, restart. */
vi.setConfig({ testTimeout: 300_000 });
const start = serversOfThisFile();

/** A POST whose body arrives in two parts: the request is in flight between them. */
function slowPost(server: Server, key: string, path: string, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  const half = Math.floor(payload.length / 2);
  const req = http.request(`${server.url}${path}`, {
    method: 'POST',
    agent: false,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': payload.length },
  });
  const response = new Promise<{ status: number; body: any; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), headers: res.headers }));
    });
    req.on('error', reject);
  });
  req.write(payload.subarray(0, half));
  return { response, finish: () => req.end(payload.subarray(half)) };
}

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

describe.skipIf(SERVER_RUN)('serve on PGlite', () => {
  it('prints a test key on first run only, serves health, logs JSON with the request id', async () => {
    const dataDir = await pgliteDataDir('first-run');
    const server = await start({ DATA_DIR: dataDir });
    const key = /\b(sk_test_[A-Za-z0-9]{16,})\b/.exec(server.output())?.[1];
    expect(key, server.output()).toBeDefined();
    expect(server.output()).toContain('First run: created a platform');

    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: 'ok', database: 'pglite' });
    const created = await api(server, key!, 'POST', '/v1/accounts', { name: 'Logged' });
    expect(created.status).toBe(200);
    const requestId = created.headers.get('request-id')!;
    const logOf = (id: string) =>
      server
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l))
        .filter((e) => e.reqId === id);
    // pino writes asynchronously: wait for the request's line (one per request, when it completes).
    const mine = await eventually(() => logOf(requestId).length >= 1 && logOf(requestId), { what: `the log line of ${requestId}` });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request completed', req: { method: 'POST', url: '/v1/accounts' }, res: { statusCode: 200 } });
    for (const e of mine) expect(e).toMatchObject({ level: expect.any(Number), time: expect.any(Number), msg: expect.any(String) });

    server.kill('SIGTERM');
    expect(await exitWithin(server, 10_000)).toBe(0);
    const again = await start({ DATA_DIR: dataDir });
    expect(again.output()).not.toContain('First run');
    expect((await api(again, key!, 'GET', `/v1/accounts/${created.body.id}`)).body.name).toBe('Logged');
    again.kill('SIGTERM');
    expect(await exitWithin(again, 10_000)).toBe(0);
  });

  it("has printed the first run's key by the time it answers its first request", async () => {
    const server = await start({ DATA_DIR: await pgliteDataDir('key-first') }, { waitHealthy: false });
    // Asked every few milliseconds, so the first answer comes as soon as the server listens.
    await eventually(async () => (await fetch(`${server.url}/healthz`)).ok, { what: 'a first answer', intervalMs: 2 });
    expect(server.output()).toMatch(/\bsk_test_[A-Za-z0-9]{16,}\b/);
    server.kill('SIGTERM');
    expect(await exitWithin(server, 10_000)).toBe(0);
  });

  it('on SIGTERM stops taking connections, finishes the request in flight, exits 0, and keeps its data', async () => {
    const dataDir = await pgliteDataDir('sigterm');
    const key = randomKey();
    const server = await start({ DATA_DIR: dataDir, BOOTSTRAP_API_KEY: key });
    const slow = slowPost(server, key, '/v1/accounts', { name: 'In flight', metadata: { note: 'x'.repeat(200) } });
    await new Promise((r) => setTimeout(r, 300)); // the server has the headers and waits for the body
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    expect(await connects(server.port)).toBe(false); // no new connections while draining
    expect(server.child.exitCode).toBeNull(); // still finishing the request in flight
    slow.finish();
    const res = await slow.response;
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('In flight');
    expect(await exitWithin(server, 10_000)).toBe(0);
    expect(server.output()).toContain('shutting down');

    const again = await start({ DATA_DIR: dataDir, BOOTSTRAP_API_KEY: key });
    expect((await api(again, key, 'GET', `/v1/accounts/${res.body.id}`)).status).toBe(200);
    again.kill('SIGTERM');
    expect(await exitWithin(again, 10_000)).toBe(0);
  });

  it('is not held open by idle keep-alive connections', async () => {
    const key = randomKey();
    const server = await start({ DATA_DIR: await pgliteDataDir('keepalive'), BOOTSTRAP_API_KEY: key });
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      http.get(`${server.url}/v1/accounts`, { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
        res.resume();
        res.on('end', resolve);
      }).on('error', reject);
    });
    const t0 = Date.now();
    server.kill('SIGTERM');
    expect(await exitWithin(server, 8_000)).toBe(0);
    expect(Date.now() - t0).toBeLessThan(7_000); // well before the 8 s forced exit
    agent.destroy();
  });

  it('BOOTSTRAP_API_KEY fixes the first key; a live one is fixed the same way', async () => {
    const testKey = randomKey('test');
    const server = await start({ DATA_DIR: await pgliteDataDir('bootstrap'), BOOTSTRAP_API_KEY: testKey });
    expect(server.output()).toContain(testKey);
    expect((await api(server, testKey, 'GET', '/v1/accounts')).status).toBe(200);
    server.kill('SIGTERM');
    await exitWithin(server, 10_000);

    const liveKey = randomKey('live');
    const live = await start({ DATA_DIR: await pgliteDataDir('bootstrap-live'), BOOTSTRAP_API_KEY: liveKey });
    const res = await api(live, liveKey, 'POST', '/v1/accounts', { name: 'Live' });
    expect(res.body.livemode).toBe(true);
    live.kill('SIGTERM');
    await exitWithin(live, 10_000);
  });

  it('refuses a bad configuration or a busy port with a clear message and a non-zero exit, leaving no lock', async () => {
    const dataDir = await pgliteDataDir('badconfig');
    for (const [env, message] of [
      [{ PORT: 'abc' }, /PORT must be a non-negative integer/],
      [{ BOOTSTRAP_API_KEY: 'sk_test_short' }, /BOOTSTRAP_API_KEY must look like/],
      [{ WEBHOOK_ALLOW_PRIVATE: 'maybe' }, /WEBHOOK_ALLOW_PRIVATE must be true or false/],
      [{ WORKER_POLL_MS: '5000', WORKER_IDLE_MS: '1000' }, /WORKER_IDLE_MS must be at least WORKER_POLL_MS/],
      [{ PGLITE_SHARED_BUFFERS: '128' }, /PGLITE_SHARED_BUFFERS must be a size from 1MB to 16GB/],
    ] as const) {
      const s = await startServer({ DATA_DIR: dataDir, ...env }, { waitHealthy: false });
      expect(await exitWithin(s, 30_000)).not.toBe(0);
      expect(s.output()).toMatch(message);
    }
    const port = await freePort();
    const blocker = net.createServer().listen(port, '127.0.0.1');
    try {
      const busy = await startServer({ DATA_DIR: dataDir, PORT: String(port) }, { waitHealthy: false });
      expect(await exitWithin(busy, 60_000)).not.toBe(0);
      expect(busy.output()).toMatch(/EADDRINUSE/);
    } finally {
      blocker.close();
    }
    const ok = await start({ DATA_DIR: dataDir });
    ok.kill('SIGTERM');
    expect(await exitWithin(ok, 10_000)).toBe(0);
  });
});
