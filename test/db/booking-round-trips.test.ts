/**
 * What a booking costs in waits for the database server: its round trips, counted on the wire
 * (docs/performance.md, "Round trips"). A proxy between the service's connection and the server
 * counts the server's ReadyForQuery messages, one at the end of each round trip.
 */
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setupTestApp } from '../support/harness.js';
import { futureDay, openResource, seg } from '../api/bookings.helpers.js';
import { connect } from '../../src/db/connect.js';
import { BookingsService } from '../../src/features/bookings/bookings.service.js';
import { systemClock } from '../../src/lib/clock.js';

const onServer = Boolean(process.env.DATABASE_URL);
const testApp = onServer ? await setupTestApp() : null;

/** A TCP proxy to the server of `target` that counts the ReadyForQuery ('Z') messages it answers with. */
async function countingProxy(target: URL): Promise<{ port: number; roundTrips: () => number; close: () => Promise<void> }> {
  let count = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    // Every message from the server is a type byte and a length (which counts itself), then the body.
    let pending = Buffer.alloc(0);
    upstream.on('data', (chunk: Buffer) => {
      client.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 5) {
        const length = pending.readUInt32BE(1);
        if (pending.length < 1 + length) break;
        if (pending[0] === 0x5a) count++;
        pending = pending.subarray(1 + length);
      }
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    roundTrips: () => count,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.runIf(onServer)('a booking on a database server', () => {
  const closing: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
  });

  it('reaches the server in two round trips: BEGIN, the lock and the facts; then the booking, its event, the usage and COMMIT', async () => {
    const t = testApp!;
    const api = await t.newAccount();
    const room = await openResource(api, {}, [{ start: '08:00', end: '20:00' }]);
    // Through the proxy, to the test's own database: one connection, so nothing else is counted.
    const database = (await sql<{ name: string }>`select current_database() as name`.execute(t.db.kysely)).rows[0].name;
    const server = new URL(process.env.DATABASE_URL!);
    const proxy = await countingProxy(server);
    closing.push(proxy.close);
    const url = new URL(server);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.pathname = `/${database}`;
    const db = await connect({ databaseUrl: url.toString(), dataDir: null, poolSize: 1 });
    closing.push(() => db.close());
    const scope = { accountId: api.accountId, platformId: t.platformId, livemode: false };
    const bookings = new BookingsService(db.kysely, systemClock);
    const day = futureDay(4);
    const book = (from: string, to: string) => bookings.create(scope, { segments: [seg(room.id, day, from, to)] });

    // The first bookings open the connection and prepare the statements under their names.
    await book('08:00', '09:00');
    await book('09:00', '10:00');
    const before = proxy.roundTrips();
    const made = await book('10:00', '11:00');
    expect(made.status).toBe('confirmed');
    expect(proxy.roundTrips() - before).toBe(2);
  });
});
