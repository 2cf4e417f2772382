import ipaddr from 'ipaddr.js';
import { parseSecretsKey } from './lib/secrets-box.js';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from './db/connect.js';

/** Typed environment configuration, read once at start-up. Every knob is listed in README.md and docs/configuration.md. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /**
   * PGLITE_SHARED_BUFFERS: the embedded database's buffer pool, as PostgreSQL writes sizes
   * (`128MB`, `1GB`); null: the default of src/db/connect.ts.
   */
  pgliteSharedBuffers: string | null;
  /** DATABASE_PREPARED_STATEMENTS: send repeated statements to PostgreSQL as named ones (off for a pooler that cannot keep them). */
  databasePreparedStatements: boolean;
  /**
   * DATABASE_STATEMENT_TIMEOUT_MS: the longest one statement may run on PostgreSQL, waits for
   * locks included (docs/limits.md); a request whose statement runs out answers 503. 0: the
   * service sets none, and the server's own setting for the role or database applies (behind a
   * pooler that refuses it as a connection's parameter: docs/scaling.md).
   */
  databaseStatementTimeoutMs: number;
  /** EXPORTS_DIR: where the export worker writes account exports (docs/privacy.md#export); default `<DATA_DIR>/exports`. */
  exportsDir: string;
  databaseUrl: string | null;
  bootstrapApiKey: string | null;
  logLevel: string;
  nodeEnv: string;
  /** Allow webhook and feed URLs on addresses that are not globally reachable: private, loopback, link-local… (default: outside production). */
  webhookAllowPrivate: boolean;
  webhookRetryScheduleSeconds: number[];
  webhookDisableAfterSeconds: number;
  webhookTimeoutMs: number;
  /** How often background workers look for work while there is some. */
  workerPollMs: number;
  /** WORKER_IDLE_MS: the longest a worker that found nothing sleeps (docs/configuration.md, "Workers"). */
  workerIdleMs: number;
  /** Run the background workers (webhook delivery, pending expiry) in this process. */
  runWorkers: boolean;
  /** Requests per second per platform with live keys, and with test keys (docs/configuration.md, "Rate limits"). */
  rateLimitLive: number;
  rateLimitTest: number;
  /**
   * TRUST_PROXY: the addresses (or CIDR blocks, or `loopback`, `linklocal`, `uniquelocal`) of
   * reverse proxies whose `X-Forwarded-For` names the client; empty: the connecting address is
   * the client's. The client address is what requests without a key are rate limited by.
   */
  trustProxy: string[];
  /** Share rate-limit windows through this Redis; null: each process limits on its own. */
  redisUrl: string | null;
  /** Bearer token of GET /metrics; null: no /metrics route. */
  metricsToken: string | null;
  /** On SIGTERM, the process exits 0 within this many ms (docs/deployment.md, "Stopping"). */
  shutdownTimeoutMs: number;
  /**
   * SECRETS_KEY: seals webhook secrets and calendar feed URLs at rest (src/lib/secrets-box.ts).
   * null when unset: the start-up (src/secrets-key.ts) then reads or makes the embedded
   * database's key file, or refuses to start.
   */
  secretsKey: Buffer | null;
  /** SECRETS_KEY_PREVIOUS: keys that still open values sealed before a rotation; never used to seal. */
  secretsKeysPrevious: Buffer[];
}

function intFrom(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function boolFrom(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (['1', 'true', 'yes'].includes(value.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(value.toLowerCase())) return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

function positiveIntFrom(name: string, value: string | undefined, fallback: number): number {
  const n = intFrom(name, value, fallback);
  if (n < 1) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function trustProxyFrom(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  for (const entry of entries) {
    const valid = PROXY_NAMES.includes(entry) || (entry.includes('/') ? ipaddr.isValidCIDR(entry) : ipaddr.isValid(entry));
    if (!valid) throw new Error(`TRUST_PROXY must list addresses, CIDR blocks or ${PROXY_NAMES.join(', ')}, separated by commas; got "${entry}"`);
  }
  return entries;
}

function redisUrlFrom(value: string | undefined): string | null {
  if (!value) return null;
  if (!/^rediss?:\/\/./.test(value)) throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got "${value}"`);
  return value;
}

/** 1MB to 16GB (PostgreSQL's own bounds are wider; past memory, PGlite's open fails). */
function sharedBuffersFrom(value: string | undefined): string | null {
  if (!value) return null;
  const match = /^([1-9][0-9]{0,5})(MB|GB)$/.exec(value);
  const megabytes = match ? Number(match[1]) * (match[2] === 'GB' ? 1024 : 1) : 0;
  if (megabytes < 1 || megabytes > 16 * 1024) throw new Error(`PGLITE_SHARED_BUFFERS must be a size from 1MB to 16GB, written like 128MB or 1GB; got "${value}"`);
  return value;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** An idle worker's longest sleep: what another process's new work may wait (docs/configuration.md, "Workers"). */
export const DEFAULT_WORKER_IDLE_MS = 30_000;

export const DEFAULT_RETRY_SCHEDULE_SECONDS = [0, 5, 300, 1800, 7200, 18000, 36000, 36000];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV || 'development';
  const schedule = env.WEBHOOK_RETRY_SCHEDULE
    ? env.WEBHOOK_RETRY_SCHEDULE.split(',').map((s) => intFrom('WEBHOOK_RETRY_SCHEDULE', s.trim(), 0))
    : DEFAULT_RETRY_SCHEDULE_SECONDS;
  const bootstrap = env.BOOTSTRAP_API_KEY || null;
  if (bootstrap && !/^sk_(test|live)_[A-Za-z0-9]{16,}$/.test(bootstrap)) {
    throw new Error('BOOTSTRAP_API_KEY must look like sk_test_… or sk_live_… followed by at least 16 letters or digits');
  }
  const port = intFrom('PORT', env.PORT, 4000);
  if (port > 65535) throw new Error(`PORT must be at most 65535, got "${env.PORT}"`);
  const workerPollMs = intFrom('WORKER_POLL_MS', env.WORKER_POLL_MS, 1000);
  const workerIdleMs = intFrom('WORKER_IDLE_MS', env.WORKER_IDLE_MS, Math.max(DEFAULT_WORKER_IDLE_MS, workerPollMs));
  if (workerIdleMs < workerPollMs) throw new Error(`WORKER_IDLE_MS must be at least WORKER_POLL_MS (${workerPollMs}), got "${env.WORKER_IDLE_MS}"`);
  const logLevel = env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info');
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || './.data',
    pgliteSharedBuffers: sharedBuffersFrom(env.PGLITE_SHARED_BUFFERS),
    databasePreparedStatements: boolFrom('DATABASE_PREPARED_STATEMENTS', env.DATABASE_PREPARED_STATEMENTS, true),
    databaseStatementTimeoutMs: intFrom('DATABASE_STATEMENT_TIMEOUT_MS', env.DATABASE_STATEMENT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS),
    exportsDir: env.EXPORTS_DIR || `${(env.DATA_DIR || './.data').replace(/\/+$/, '')}/exports`,
    databaseUrl: env.DATABASE_URL || null,
    bootstrapApiKey: bootstrap,
    logLevel,
    nodeEnv,
    webhookAllowPrivate: boolFrom('WEBHOOK_ALLOW_PRIVATE', env.WEBHOOK_ALLOW_PRIVATE, nodeEnv !== 'production'),
    webhookRetryScheduleSeconds: schedule,
    webhookDisableAfterSeconds: intFrom('WEBHOOK_DISABLE_AFTER_SECONDS', env.WEBHOOK_DISABLE_AFTER_SECONDS, 5 * 24 * 3600),
    webhookTimeoutMs: intFrom('WEBHOOK_TIMEOUT_MS', env.WEBHOOK_TIMEOUT_MS, 15_000),
    workerPollMs,
    workerIdleMs,
    runWorkers: boolFrom('RUN_WORKERS', env.RUN_WORKERS, true),
    rateLimitLive: positiveIntFrom('RATE_LIMIT_LIVE', env.RATE_LIMIT_LIVE, 100),
    rateLimitTest: positiveIntFrom('RATE_LIMIT_TEST', env.RATE_LIMIT_TEST, 25),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    redisUrl: redisUrlFrom(env.REDIS_URL),
    metricsToken: env.METRICS_TOKEN || null,
    shutdownTimeoutMs: intFrom('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000),
    secretsKey: env.SECRETS_KEY ? parseSecretsKey('SECRETS_KEY', env.SECRETS_KEY) : null,
    secretsKeysPrevious: (env.SECRETS_KEY_PREVIOUS ?? '')
      .split(',')
      .filter((k) => k.trim())
      .map((k) => parseSecretsKey('SECRETS_KEY_PREVIOUS', k)),
  };
}
