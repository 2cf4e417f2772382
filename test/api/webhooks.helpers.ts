import pino from 'pino';
import { afterAll } from 'vitest';
import { withTransaction } from '../../src/db/transaction.js';
import { recordEvent, type ApiObject } from '../../src/events/outbox.repository.js';
import type { EventType } from '../../src/events/catalogue.js';
import type { Client, TestContext } from '../support/harness.js';
import { Receiver } from '../support/receiver.js';

export const silent = pino({ level: 'silent' });

/** Starts the webhook workers of this test file; stopped after the file (before the database goes). */
export function startWorkers(t: TestContext) {
  return t.startWorkers(['webhooks.delivery', 'webhooks.retention']);
}

/** Receivers opened by a test file, closed after it. */
export function receivers() {
  const opened: Receiver[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((r) => r.close().catch(() => {})));
  });
  return async () => {
    const r = await Receiver.start();
    opened.push(r);
    return r;
  };
}

export interface Platform {
  platformId: string;
  api: Client;
  liveKey: string;
}

/** A platform of its own, so that endpoints and events of one test never meet another's. */
export async function isolatedPlatform(t: TestContext): Promise<Platform> {
  const p = await t.newPlatform();
  return { platformId: p.platformId, api: p.api, liveKey: p.liveKey };
}

export async function createEndpoint(api: Client, body: Record<string, unknown>) {
  const res = await api.post('/v1/webhook_endpoints', body);
  if (res.status !== 200) throw new Error(`endpoint create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; secret: string; [k: string]: unknown };
}

/** Writes an event through the outbox, as every feature does (in its own transaction). */
export async function emit(
  t: TestContext,
  platformId: string,
  type: EventType,
  object: ApiObject,
  previous: Record<string, unknown> | null = null,
  options: { livemode?: boolean; accountId?: string | null; at?: Date } = {},
): Promise<string> {
  return withTransaction(t.db.kysely, (trx) =>
    recordEvent(trx, { platformId, livemode: options.livemode ?? false, accountId: options.accountId ?? null }, type, object, previous, options.at ?? t.clock.now()),
  );
}

export async function deliveriesOf(api: Client, endpointId: string, query: Record<string, string | number> = {}) {
  const res = await api.get(`/v1/webhook_endpoints/${endpointId}/deliveries`, { limit: 100, ...query });
  if (res.status !== 200) throw new Error(`deliveries list failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as any[];
}

/** A location-like object that every test may emit freely. */
export function sampleLocation(name = 'Main hall') {
  return {
    id: `loc_${Math.random().toString(36).slice(2, 12)}`,
    object: 'location',
    livemode: false,
    name,
    timezone: null,
    metadata: {},
    created_at: '2026-03-02T14:00:00Z',
    updated_at: '2026-03-02T14:00:00Z',
  };
}
