/**
 * The configuration of an app under test: rate limits out of a test's reach (except where it
 * sets its own), and exports written to a folder of its own. Never the default ./.data/exports:
 * the export worker's sweep removes the folders of accounts its database does not know, so a
 * folder shared with other test servers (or a developer's own data) would lose their exports.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config.js';
import { TEST_SECRETS_KEY } from './secrets-key.js';

export function testConfig(overrides: Partial<Config> = {}): { config: Config; removeExportsDir(): void } {
  const exportsDir = overrides.exportsDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'exports-'));
  const config = { ...loadConfig({ NODE_ENV: 'test', SECRETS_KEY: TEST_SECRETS_KEY }), rateLimitLive: 1_000_000, rateLimitTest: 1_000_000, exportsDir, ...overrides };
  return {
    config,
    // A folder the caller gave stays: it is the caller's.
    removeExportsDir: () => (overrides.exportsDir ? undefined : fs.rmSync(exportsDir, { recursive: true, force: true })),
  };
}
