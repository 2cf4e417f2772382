import type pg from 'pg';

/** How long to wait before listening again after the connection was lost. */
const RECONNECT_MS = 1_000;

/** What a channel's notices do, and what is done when some may have been missed. */
export interface NoticeHandler {
  notice(payload: string): void;
  /** The connection was lost, or listens anew: notices sent meanwhile were not heard. */
  missed(): void;
}

/**
 * One connection per process that LISTENs on some channels and hands each notice to its
 * channel's handler: how a PostgreSQL process hears of the changes other processes make to
 * the tables a cache reads, and of the work they write for its workers (the writers' driver
 * sends the notices: WriteWatchDriver). A notice arrives after the writer's COMMIT, so a read
 * that overlaps it is not cached and a read that follows it sees the change.
 *
 * Notices sent while no connection listens are lost: the handlers are told when the connection
 * is lost and again once it listens anew, and the cache's expiry bounds what it keeps meanwhile
 * (src/tenancy/key-cache.ts). Its own client, not one of the pool's: it is held for the
 * process's life.
 */
export class WriteNoticeListener {
  #client: pg.Client | null = null;
  #stopped = false;
  #retry: NodeJS.Timeout | null = null;
  /** Settles once the first attempt to listen has ended, listening or not. */
  readonly started: Promise<void>;

  constructor(
    private readonly Client: typeof pg.Client,
    private readonly connectionString: string,
    private readonly channels: Readonly<Record<string, NoticeHandler>>,
  ) {
    this.started = this.#listen();
  }

  /** Whether the connection listens now (the tests ask). */
  get listening(): boolean {
    return this.#client !== null;
  }

  async #listen(): Promise<void> {
    this.#retry = null;
    if (this.#stopped) return;
    // keepAlive: a connection that died without a word is noticed, not kept forever; and an
    // unreachable server does not hold up a start (the cache's expiry keeps the bound).
    const client = new this.Client({ connectionString: this.connectionString, keepAlive: true, connectionTimeoutMillis: 10_000 });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      this.#lost(client);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (n) => this.channels[n.channel]?.notice(n.payload ?? ''));
    try {
      await client.connect();
      for (const channel of Object.keys(this.channels)) await client.query(`listen "${channel}"`);
    } catch {
      onLost();
      return;
    }
    if (lost) return;
    if (this.#stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.#client = client;
    // Changes made while no one listened were not heard of.
    this.#missed();
  }

  #lost(client: pg.Client): void {
    if (this.#client === client) this.#client = null;
    this.#missed();
    client.end().catch(() => {});
    if (!this.#stopped && !this.#retry) this.#retry = setTimeout(() => void this.#listen(), RECONNECT_MS);
  }

  #missed(): void {
    for (const handler of Object.values(this.channels)) handler.missed();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }
}
