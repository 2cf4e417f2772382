import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import path from 'node:path';
import { newSecretsKey as newKey } from '../../src/lib/secrets-box.js';
import { api, cli, exitWithin, pgliteDataDir, randomKey, SERVER_RUN, serversOfThisFile, tempDir } from './helpers.js';

/** SECRETS_KEY at start-up (docs/configuration.md#secrets-key): the key file, refusals, rotation. */
vi.setConfig({ testTimeout: 300_000 });
const start = serversOfThisFile();

describe.skipIf(SERVER_RUN)('SECRETS_KEY at start-up', () => {
  it('on PGlite makes a key file beside the data folder on first run; a wrong key refuses to start; rotation to a new key keeps the data readable', async () => {
    const dataDir = await pgliteDataDir('secrets');
    const key = randomKey();
    const first = await start({ DATA_DIR: dataDir, BOOTSTRAP_API_KEY: key });
    const keyFile = `${dataDir}.secrets-key`;
    expect(first.output()).toContain(keyFile);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const fileKey = fs.readFileSync(keyFile, 'utf8').trim();
    const endpoint = await api(first, key, 'POST', '/v1/webhook_endpoints', { url: 'http://127.0.0.1:9/hook', enabled_events: ['*'] });
    expect(endpoint.status).toBe(200);
    first.kill('SIGTERM');
    expect(await exitWithin(first, 10_000)).toBe(0);

    const wrong = await start({ DATA_DIR: dataDir, SECRETS_KEY: newKey() }, { waitHealthy: false });
    expect(await exitWithin(wrong, 60_000)).not.toBe(0);
    expect(wrong.output()).toMatch(/neither SECRETS_KEY .* nor in SECRETS_KEY_PREVIOUS/);

    const next = newKey();
    const rotated = await cli(['secrets', 'rotate'], { DATA_DIR: dataDir, SECRETS_KEY: next, SECRETS_KEY_PREVIOUS: fileKey });
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toContain('1 webhook secrets');

    const again = await start({ DATA_DIR: dataDir, SECRETS_KEY: next });
    expect(again.output()).not.toContain(keyFile);
    expect((await api(again, key, 'GET', `/v1/webhook_endpoints/${endpoint.body.id}`)).status).toBe(200);
    again.kill('SIGTERM');
    expect(await exitWithin(again, 10_000)).toBe(0);
  });

  it('refuses to start without SECRETS_KEY in production, and with DATABASE_URL, saying how to make one', async () => {
    const production = await cli(['serve'], { NODE_ENV: 'production', DATA_DIR: path.join(tempDir('secrets-prod'), 'data') });
    expect(production.code).toBe(1);
    expect(production.stderr).toMatch(/SECRETS_KEY is not set\. It is required in production.*openssl rand -base64 32/);
    const postgres = await cli(['worker'], { NODE_ENV: 'development', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(postgres.code).toBe(1);
    expect(postgres.stderr).toMatch(/SECRETS_KEY is not set\. It is required with DATABASE_URL/);
  });

  it('refuses a SECRETS_KEY that is not 32 bytes in base64 or hex', async () => {
    const res = await cli(['serve'], { SECRETS_KEY: 'too-short' });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('SECRETS_KEY must be 32 random bytes in base64 or hex');
  });
});
