import { Command, Option } from 'commander';
import { loadConfig, type Config } from './config.js';
import { PERMISSION_FAMILIES, type PermissionFamily, type PermissionLevel } from './tenancy/index.js';
import type { Db } from './db/connect.js';

/*
 * Operator commands. Modules are imported when a command needs them, so `--help` and input
 * errors answer at once, and the key commands do not load the HTTP app.
 */

/**
 * Opens the database, applies pending migrations (unless told not to), runs `fn`, closes.
 * `secretsKey`: the command needs SECRETS_KEY, settled as `serve` settles it.
 */
async function withDb<T>(fn: (db: Db, config: Config) => Promise<T>, options: { migrate?: boolean; secretsKey?: boolean } = {}): Promise<T> {
  let config = loadConfig();
  if (options.secretsKey) config = (await import('./secrets/key-source.js')).withSecretsKey(config).config;
  const { connect, connectOptionsOf } = await import('./db/connect.js');
  const db = await connect(connectOptionsOf(config));
  try {
    if (options.migrate !== false) await (await import('./db/migrate.js')).migrate(db.kysely);
    return await fn(db, config);
  } finally {
    await db.close();
  }
}

function parsePermissions(text: string): Partial<Record<PermissionFamily, PermissionLevel>> {
  const out: Partial<Record<PermissionFamily, PermissionLevel>> = {};
  for (const pair of text.split(',').filter(Boolean)) {
    const [family, level] = pair.split('=').map((s) => s.trim());
    if (!(PERMISSION_FAMILIES as readonly string[]).includes(family)) throw new Error(`Unknown permission family '${family}'. Known: ${PERMISSION_FAMILIES.join(', ')}`);
    if (!['none', 'read', 'write'].includes(level)) throw new Error(`Permission level must be none, read or write (got '${level}')`);
    out[family as PermissionFamily] = level as PermissionLevel;
  }
  return out;
}

async function assertPlatform(db: Db, platformId: string) {
  const { platformExists } = await import('./tenancy/platforms.repository.js');
  if (!(await platformExists(db.kysely, platformId))) throw new Error(`No platform ${platformId} (see: platform list)`);
}

const iso = async (d: Date | null) => (await import('./lib/time-format.js')).iso(d);

const program = new Command('scheduling').description('Operator commands of the scheduling service');

program
  .command('serve')
  .description('Run the HTTP API and the background workers (docs/scaling.md: process roles)')
  .option('--no-workers', 'the API only: leave the background workers to `scheduling worker` processes (also RUN_WORKERS=false)')
  .action(async (opts: { workers: boolean }) => {
    // commander sets workers=true unless --no-workers; only the flag overrides RUN_WORKERS.
    const config = loadConfig();
    await (await import('./main.js')).serve(config, { workers: opts.workers ? config.runWorkers : false });
  });

program
  .command('worker')
  .description('Run the background workers only (webhook delivery, hold expiry, retention, …), with GET /healthz and /readyz on PORT')
  .action(async () => (await import('./main.js')).work());

program
  .command('migrate')
  .description('Apply pending database migrations and exit')
  .action(() =>
    withDb(
      async (db) => {
        const applied = await (await import('./db/migrate.js')).migrate(db.kysely);
        console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
      },
      { migrate: false },
    ),
  );

const platform = program.command('platform').description('Manage platforms');
platform
  .command('create')
  .requiredOption('--name <name>', 'platform name')
  .description('Create a platform; prints its test and live secret keys once')
  .action((opts: { name: string }) =>
    withDb(async (db) => {
      const { createPlatform } = await import('./tenancy/platforms.repository.js');
      const p = await createPlatform(db.kysely, opts.name);
      console.log(`Platform ${p.id} (${p.name})\n  test key: ${p.testKey}\n  live key: ${p.liveKey}\nKeys are shown once; store them now.`);
    }),
  );
platform
  .command('list')
  .description('List the platforms (ids and names)')
  .action(() =>
    withDb(async (db) => {
      const { listPlatforms } = await import('./tenancy/platforms.repository.js');
      for (const p of await listPlatforms(db.kysely)) console.log(`${p.id}  ${p.name}  api_version ${p.api_version}  created ${await iso(p.created_at)}`);
    }),
  );

/** A retention option's days, within its bounds (docs/privacy.md#retention); `never` only where null is allowed. */
function retentionDays(name: string, text: string, bounds: { min: number; max: number; default: number | null }): number | null {
  if (text === 'never' && bounds.default === null) return null;
  const days = Number(text);
  if (!Number.isInteger(days) || days < bounds.min || days > bounds.max) {
    throw new Error(`--${name} must be a whole number of days from ${bounds.min} to ${bounds.max}${bounds.default === null ? ", or 'never'" : ''} (got '${text}')`);
  }
  return days;
}

platform
  .command('retention')
  .requiredOption('--platform <id>', 'platform id')
  .option('--events-days <days>', 'days events are kept, 1 to 30 (default 30)')
  .option('--deliveries-days <days>', 'days finished webhook deliveries are kept, 1 to 30 (default 30)')
  .option('--personal-data-days <days>', "days after a booking's end its customer is kept, 1 to 3650, or 'never' to keep it until erased (the default)")
  .description("Show, or set, a platform's retention (docs/privacy.md#retention)")
  .action((opts: { platform: string; eventsDays?: string; deliveriesDays?: string; personalDataDays?: string }) =>
    withDb(async (db) => {
      const { RETENTION_BOUNDS, setPlatformRetention } = await import('./tenancy/platforms.repository.js');
      await assertPlatform(db, opts.platform);
      const changes: Record<string, number | null> = {};
      if (opts.eventsDays !== undefined) changes.events_retention_days = retentionDays('events-days', opts.eventsDays, RETENTION_BOUNDS.events_retention_days);
      if (opts.deliveriesDays !== undefined) changes.deliveries_retention_days = retentionDays('deliveries-days', opts.deliveriesDays, RETENTION_BOUNDS.deliveries_retention_days);
      if (opts.personalDataDays !== undefined) {
        changes.bookings_personal_data_retention_days = retentionDays('personal-data-days', opts.personalDataDays, RETENTION_BOUNDS.bookings_personal_data_retention_days);
      }
      const retention = await setPlatformRetention(db.kysely, opts.platform, changes);
      console.log(JSON.stringify(retention, null, 2));
    }),
  );

const keys = program.command('keys').description('Manage API keys');
keys
  .command('create')
  .requiredOption('--platform <id>', 'platform id')
  .addOption(new Option('--mode <mode>', 'test or live').choices(['test', 'live']).default('test'))
  .addOption(new Option('--kind <kind>', 'secret or restricted').choices(['secret', 'restricted']).default('secret'))
  .option('--permissions <list>', 'restricted keys: family=level pairs, e.g. bookings=write,resources=read')
  .option('--account <id>', 'restricted keys: bind the key to one account')
  .option('--name <name>', 'a label')
  .description('Create a key; prints the secret once')
  .action(async (opts: { platform: string; mode: string; kind: 'secret' | 'restricted'; permissions?: string; account?: string; name?: string }) => {
    // Input errors first: they need no database.
    if (opts.kind === 'secret' && (opts.permissions || opts.account)) throw new Error('--permissions and --account are for restricted keys');
    if (opts.kind === 'restricted' && !opts.permissions) throw new Error('A restricted key needs --permissions, e.g. --permissions bookings=write,resources=read');
    const permissions = opts.kind === 'restricted' ? parsePermissions(opts.permissions ?? '') : null;
    await withDb(async (db) => {
      await assertPlatform(db, opts.platform);
      if (opts.account) {
        const { accountInScope } = await import('./tenancy/accounts.repository.js');
        const account = await accountInScope(db.kysely, { platformId: opts.platform, livemode: opts.mode === 'live' }, opts.account);
        if (!account) throw new Error(`No ${opts.mode} account ${opts.account} on platform ${opts.platform}`);
      }
      const { createApiKey } = await import('./tenancy/api-keys.repository.js');
      const key = await createApiKey(db.kysely, {
        platformId: opts.platform,
        livemode: opts.mode === 'live',
        kind: opts.kind,
        name: opts.name ?? null,
        permissions,
        accountId: opts.account ?? null,
      });
      console.log(`Key ${key.id} (${opts.kind}, ${opts.mode}): ${key.secret}\nShown once; store it now.`);
    });
  });
keys
  .command('list')
  .requiredOption('--platform <id>', 'platform id')
  .description('List the keys of a platform (never their secrets)')
  .action((opts: { platform: string }) =>
    withDb(async (db) => {
      await assertPlatform(db, opts.platform);
      const { listKeys } = await import('./tenancy/api-keys.repository.js');
      for (const k of await listKeys(db.kysely, opts.platform)) {
        const prefix = `${k.kind === 'secret' ? 'sk' : 'rk'}_${k.livemode ? 'live' : 'test'}_…${k.last4}`;
        const extra = [k.name, k.account_id && `account ${k.account_id}`, k.permissions && JSON.stringify(k.permissions), k.revoked_at && `revoked ${await iso(k.revoked_at)}`].filter(Boolean);
        console.log(`${k.id}  ${prefix}  ${extra.join('  ')}`);
      }
    }),
  );
keys
  .command('revoke <keyId>')
  .description('Revoke a key; requests with it answer 401 from now on')
  .action((keyId: string) =>
    withDb(async (db) => {
      const { revokeKey } = await import('./tenancy/api-keys.repository.js');
      if (!(await revokeKey(db.kysely, keyId))) throw new Error(`No active key ${keyId}`);
      console.log(`Revoked ${keyId}`);
    }),
  );

const secrets = program.command('secrets').description('Manage the encryption of secrets at rest (SECRETS_KEY)');
secrets
  .command('rotate')
  .description(
    'Encrypt every stored webhook secret and calendar feed URL with SECRETS_KEY, opening old ones with SECRETS_KEY_PREVIOUS; also encrypts rows stored before encryption existed (docs/deployment.md#rotating-secrets_key)',
  )
  .action(() =>
    withDb(async (db, config) => {
      const [{ secretsBoxOf }, stored] = await Promise.all([import('./secrets/key-source.js'), import('./secrets/stored.js')]);
      const box = secretsBoxOf(config);
      await stored.assertStoredKeysKnown(db.kysely, box);
      const done = await stored.rotateStoredSecrets(db.kysely, box);
      console.log(`Encrypted with key ${box.currentKeyId}: ${done.webhookSecrets} webhook secrets, ${done.calendarFeedUrls} calendar feed URLs (the others already were).`);
    }, { secretsKey: true }),
  );

program.parseAsync(process.argv).catch((err: Error) => {
  console.error(`error: ${err.message}`);
  process.exit(1);
});
