/** The screenshot comparison's own rule: under CI a missing reference fails instead of being written. */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { compareScreenshot } from './screenshot.js';

// A missing reference is decided before any picture is decoded: no browser is needed.
const noPage = null as unknown as Page;
const picture = Buffer.from('not decoded');

describe('compareScreenshot', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('fails on a missing reference under CI, and writes none', async () => {
    vi.stubEnv('CI', 'true');
    vi.stubEnv('UPDATE_SCREENSHOTS', '');
    const baseline = join(mkdtempSync(join(tmpdir(), 'shots-')), 'missing.png');
    await expect(compareScreenshot(noPage, picture, baseline)).rejects.toThrow(/missing/);
    expect(existsSync(baseline)).toBe(false);
  });

  it('writes a missing reference outside CI, and says it created it', async () => {
    vi.stubEnv('CI', '');
    vi.stubEnv('UPDATE_SCREENSHOTS', '');
    const baseline = join(mkdtempSync(join(tmpdir(), 'shots-')), 'new.png');
    expect(await compareScreenshot(noPage, picture, baseline)).toMatchObject({ created: true });
    expect(existsSync(baseline)).toBe(true);
  });
});
