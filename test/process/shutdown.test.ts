/**
 * The bounded graceful stop (docs/deployment.md, "Stopping"), as a real `serve` process on
 * PGlite: SIGTERM while a webhook receiver hangs (the attempt would run for
 * WEBHOOK_TIMEOUT_MS, 15 s) and while a request never finishes sending its body.
 */
import http from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { Receiver, eventually } from '../support/receiver.js';
import { api, exitWithin, pgliteDataDir, randomKey, SERVER_RUN, serversOfThisFile } from './helpers.js';

vi.setConfig({ testTimeout: 300_000 });
const start = serversOfThisFile();

describe.skipIf(SERVER_RUN)('SIGTERM with work that would outlast SHUTDOWN_TIMEOUT_MS', () => {
  it('aborts the webhook attempt after the grace period, cuts the unfinished request, and exits 0 within the bound; the delivery keeps its claim for a retry', async () => {
    const receiver = await Receiver.start();
    try {
      const dataDir = await pgliteDataDir('shutdown');
      const key = randomKey();
      const env = { DATA_DIR: dataDir, BOOTSTRAP_API_KEY: key, SHUTDOWN_TIMEOUT_MS: '3000', WEBHOOK_TIMEOUT_MS: '15000', WORKER_POLL_MS: '100' };
      const server = await start(env);
      const endpoint = (await api(server, key, 'POST', '/v1/webhook_endpoints', { url: receiver.url, enabled_events: ['account.created'] })).body;
      receiver.hang();
      await api(server, key, 'POST', '/v1/accounts', { name: 'Hooked' });
      await eventually(() => receiver.requests.length === 1, { what: 'the webhook attempt to reach the receiver' });

      // A request in flight that will never finish: its body is never completed.
      const stuck = http.request(`${server.url}/v1/accounts`, {
        method: 'POST',
        agent: false,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': 100 },
      });
      const stuckEnded = new Promise<string>((resolve) => {
        stuck.on('response', (res) => resolve(`answered ${res.statusCode}`));
        stuck.on('error', (err) => resolve(`cut: ${err.message}`));
      });
      stuck.write('{"name":');
      await new Promise((r) => setTimeout(r, 300));

      server.kill('SIGTERM');
      expect(await exitWithin(server, 12_000)).toBe(0); // before the attempt's own 15 s timeout
      // The process's own account of its stop (the OS's teardown after it is not ours to bound).
      const stopped = server.output().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)).find((e) => e.msg === 'stopped');
      expect(stopped?.ms, server.output()).toBeLessThanOrEqual(3_000);
      expect(await stuckEnded).toMatch(/^cut:/);
      expect(server.output()).toContain('aborting background work still running');

      // The aborted attempt was not recorded: the delivery keeps its claim (status sending,
      // no attempt counted) until its lease runs out, and then any worker sends it again.
      receiver.ok();
      const again = await start({ ...env, RUN_WORKERS: 'false' });
      const [delivery] = (await api(again, key, 'GET', `/v1/webhook_endpoints/${endpoint.id}/deliveries`)).body.data;
      expect(delivery).toMatchObject({ status: 'sending', attempts: 0 });
      again.kill('SIGTERM');
      expect(await exitWithin(again, 6_000)).toBe(0);
    } finally {
      await receiver.close();
    }
  });
});
