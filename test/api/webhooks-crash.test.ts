import { spawn } from 'node:child_process';
import { TEST_SECRETS_KEY } from '../support/secrets-key.js';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setupTestApp } from '../support/harness.js';
import { eventually } from '../support/receiver.js';
import { claimDueDeliveries, leaseMs, recordAttempt, runDeliveryPass } from '../../src/features/webhooks/deliveries.worker.js';
import { createWebhookDispatcher } from '../../src/features/webhooks/sender.js';
import { createWorkers } from '../../src/app.js';
import { createEndpoint, deliveriesOf, emit, isolatedPlatform, receivers, sampleLocation, silent } from './webhooks.helpers.js';

const t = await setupTestApp({ webhookRetryScheduleSeconds: [0, 1, 1, 1, 1, 1], workerPollMs: 100, webhookTimeoutMs: 500 });
const receiver = receivers();

/** Workers for one test only: the tests below decide when a worker runs. */
async function withWorkers<T>(fn: () => Promise<T>): Promise<T> {
  const workers = createWorkers(t.db, t.config, silent, { clock: t.clock }).filter((w) => w.name.startsWith('webhooks.'));
  for (const w of workers) w.start();
  try {
    return await fn();
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}

describe('at-least-once delivery', () => {
  it('claims a delivery again once the lease of a worker that died mid-delivery has run out, and loses nothing', async () => {
    const r = await receiver();
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['location.*'] });
    const id = await emit(t, platformId, 'location.created', sampleLocation());

    // The "crashed" worker: it claims (and commits the claim), then never sends or records.
    const claimed = (await claimDueDeliveries(t.db.kysely, platformId, new Date(), leaseMs(t.config))).filter((d) => d.event_id === id);
    expect(claimed).toHaveLength(1);
    expect((await deliveriesOf(api, ep.id))[0]).toMatchObject({ status: 'sending', attempts: 0 });

    // While the lease holds, nobody else takes it.
    const dispatcher = createWebhookDispatcher(t.config);
    try {
      expect((await claimDueDeliveries(t.db.kysely, platformId, new Date(), leaseMs(t.config))).filter((d) => d.event_id === id)).toEqual([]);
      await eventually(async () => (await runDeliveryPass(t.db.kysely, t.config, t.clock, t.secrets, dispatcher, silent)) > 0 && r.forEvent(id).length === 1, {
        what: 'the delivery to be claimed again after the lease',
      });
    } finally {
      await dispatcher.close();
    }
    const [d] = await deliveriesOf(api, ep.id);
    expect(d).toMatchObject({ status: 'succeeded', attempts: 1 });

    // The dead worker coming back late cannot overwrite what the new claim recorded.
    const late = await recordAttempt(t.db.kysely, t.config, t.clock, claimed[0], { ok: false, responseStatus: 500, error: 'late', durationMs: 1 }, new Date());
    expect(late).toBe(false);
    expect((await deliveriesOf(api, ep.id))[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('delivers every event at least once after the receiver was down, whatever the order', async () => {
    const r = await receiver();
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['location.*'] });
    await r.close();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await emit(t, platformId, 'location.created', sampleLocation(`room ${i}`)));
    await withWorkers(async () => {
      await eventually(async () => {
        const list = await deliveriesOf(api, ep.id);
        return list.length === 5 && list.every((d) => d.attempts >= 1 && d.last_error === 'connection refused');
      }, { what: 'a failed first attempt for every delivery' });
      await r.reopen();
      await eventually(() => ids.every((id) => r.forEvent(id).some((q) => q.answered === 200)), { what: 'every event to arrive' });
      await eventually(async () => (await deliveriesOf(api, ep.id)).every((d) => d.status === 'succeeded'));
    });
    expect(new Set(r.requests.map((q) => q.headers['webhook-id']))).toEqual(new Set(ids));
    expect((await api.get(`/v1/webhook_endpoints/${ep.id}`)).body).toMatchObject({ status: 'enabled', consecutive_failures: 0 });
  });

  it.skipIf(t.db.kind !== 'postgres')(
    'loses no delivery when a real server process is killed with SIGKILL while the receiver hangs',
    async () => {
      const r = await receiver();
      r.hang();
      const { api, platformId } = await isolatedPlatform(t);
      const ep = await createEndpoint(api, { url: r.url, enabled_events: ['location.*'] });
      const id = await emit(t, platformId, 'location.created', sampleLocation());

      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db.kysely);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${rows[0].name}`;
      const child = spawn(process.execPath, ['bin/scheduling.js', 'serve'], {
        env: {
          ...process.env,
          DATABASE_URL: url.toString(),
          // The key of the in-process app that wrote the endpoint's secret.
          SECRETS_KEY: TEST_SECRETS_KEY,
          PORT: '0',
          HOST: '127.0.0.1',
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          WORKER_POLL_MS: '100',
          WEBHOOK_TIMEOUT_MS: '2000',
          WEBHOOK_RETRY_SCHEDULE: '0,1,1',
        },
        stdio: 'ignore',
      });
      try {
        await eventually(() => r.forEvent(id).length === 1, { timeoutMs: 45_000, what: 'the child process to start sending' });
        expect((await deliveriesOf(api, ep.id))[0]).toMatchObject({ status: 'sending', attempts: 0 });
      } finally {
        child.kill('SIGKILL');
      }
      await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));

      r.ok();
      await withWorkers(async () => {
        await eventually(async () => (await deliveriesOf(api, ep.id))[0]?.status === 'succeeded', { timeoutMs: 30_000, what: 'redelivery after the lease' });
      });
      expect(r.forEvent(id).map((q) => q.answered)).toEqual([null, 200]);
      expect((await deliveriesOf(api, ep.id))[0]).toMatchObject({ attempts: 1, last_response_status: 200 });
    },
    90_000,
  );
});
