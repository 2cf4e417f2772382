/**
 * The one shape of a feature. A feature is a folder under src/features/ whose index.ts
 * exports one FeatureModule; src/features/index.ts lists them all, once, in the order their
 * routes are registered. The composition root (src/app.ts) builds the Deps once and hands
 * them to every module; a module builds its services from them.
 */
import type { Logger } from 'pino';
import type { App } from '../http/server.js';
import type { Db } from '../db/connect.js';
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import type { Metrics } from '../metrics/registry.js';
import type { ResolveHost } from '../lib/resolve-host.js';
import type { SecretsBox } from '../lib/secrets-box.js';
import type { Worker } from '../workers/poller.js';

/** What every module may use: built once by the composition root. */
export interface Deps {
  db: Db;
  config: Config;
  /** Business time (src/lib/clock.ts). */
  clock: Clock;
  /** The process's metrics (src/metrics/): modules register their scrape-time probes here. */
  metrics: Metrics;
  /** How host names of outgoing URLs (webhooks, calendar feeds) become addresses (src/lib/resolve-host.ts). */
  resolveHost: ResolveHost;
  /** Seals and opens secrets at rest (webhook secrets, calendar feed URLs), with SECRETS_KEY. */
  secrets: SecretsBox;
}

export interface FeatureModule {
  name: string;
  /** The OpenAPI tags of its routes, in the order the document lists them. */
  tags: readonly { name: string; description: string }[];
  routes(app: App, deps: Deps): void;
  /** Its background workers; omitted when it has none. */
  workers?(deps: Deps, logger: Logger): Worker[];
}
