import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { newSecretsKey, parseSecretsKey, SecretsBox } from '../lib/secrets-box.js';

/*
 * Where SECRETS_KEY comes from (docs/configuration.md#secrets-key):
 *  - the environment, always first;
 *  - else, on the embedded database outside production, a key file beside the data folder
 *    (`<DATA_DIR>.secrets-key`, mode 0600), made on the first run and read on later runs.
 *    Beside, not inside: a copy of the data folder alone does not open its secrets;
 *  - else the process refuses to start: in production, and with DATABASE_URL, where every
 *    process must hold the same key and no one file can be shared.
 */

/** The key file of an embedded database's folder. */
export function secretsKeyFile(dataDir: string): string {
  return `${path.resolve(dataDir)}.secrets-key`;
}

function refusal(why: string): Error {
  return new Error(
    `SECRETS_KEY is not set. ${why} Webhook secrets and calendar feed URLs are encrypted with it. ` +
      'Make one with `openssl rand -base64 32`, keep it safe (not beside the database backups), and set SECRETS_KEY in every process (docs/configuration.md#secrets-key).',
  );
}

/** The config with its SECRETS_KEY set; `keyFileCreated` names a key file made now. */
export function withSecretsKey(config: Config): { config: Config; keyFileCreated: string | null } {
  if (config.secretsKey) return { config, keyFileCreated: null };
  if (config.nodeEnv === 'production') throw refusal('It is required in production (NODE_ENV=production).');
  if (config.databaseUrl) throw refusal('It is required with DATABASE_URL: every process needs the same key.');
  const file = secretsKeyFile(config.dataDir);
  let created: string | null = null;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      // 'wx': two first runs at once cannot both write a key; the loser reads the winner's.
      fs.writeFileSync(file, `${newSecretsKey()}\n`, { mode: 0o600, flag: 'wx' });
      created = file;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const key = parseSecretsKey(`The key file ${file}`, fs.readFileSync(file, 'utf8'));
  return { config: { ...config, secretsKey: key }, keyFileCreated: created };
}

/** The box of SECRETS_KEY and SECRETS_KEY_PREVIOUS; the start-up has set the key by now. */
export function secretsBoxOf(config: Pick<Config, 'secretsKey' | 'secretsKeysPrevious'>): SecretsBox {
  if (!config.secretsKey) throw new Error('SECRETS_KEY is not set (docs/configuration.md#secrets-key)');
  return new SecretsBox(config.secretsKey, config.secretsKeysPrevious);
}
