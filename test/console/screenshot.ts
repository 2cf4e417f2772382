/**
 * Screenshot comparison without an image library: the browser decodes both PNGs onto
 * canvases and counts the pixels that differ by more than a small per-channel threshold.
 * A missing baseline is written (and the test says so), but fails under CI; UPDATE_SCREENSHOTS=1
 * rewrites it.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFile as write } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export interface Comparison {
  created: boolean;
  differentPixels: number;
  totalPixels: number;
  sizeMatches: boolean;
}

/**
 * A missing baseline is written, except under CI (set by CI services), where it fails: a
 * reference that was never committed, or was deleted, must not turn a comparison green.
 * `readOnly` compares without ever writing (a comparison against another picture's reference).
 */
export async function compareScreenshot(page: Page, actual: Buffer, baselinePath: string, options: { readOnly?: boolean } = {}): Promise<Comparison> {
  const missing = !existsSync(baselinePath);
  if (missing && (options.readOnly || (process.env.CI && process.env.UPDATE_SCREENSHOTS !== '1'))) {
    throw new Error(`The reference screenshot ${baselinePath} is missing: commit it (UPDATE_SCREENSHOTS=1 writes it).`);
  }
  if (!options.readOnly && (missing || process.env.UPDATE_SCREENSHOTS === '1')) {
    await mkdir(dirname(baselinePath), { recursive: true });
    await writeFile(baselinePath, actual);
    return { created: true, differentPixels: 0, totalPixels: 0, sizeMatches: true };
  }
  const expected = await readFile(baselinePath);
  if (actual.equals(expected)) return { created: false, differentPixels: 0, totalPixels: 1, sizeMatches: true };
  const diffPage = await page.context().newPage();
  try {
    return await diffPage.evaluate(
      async ([a, b]) => {
        const load = async (base64: string) => {
          const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
          const canvas = new OffscreenCanvas(image.width, image.height);
          const ctx = canvas.getContext('2d')!;
          ctx.drawImage(image, 0, 0);
          return ctx.getImageData(0, 0, image.width, image.height);
        };
        const [x, y] = await Promise.all([load(a!), load(b!)]);
        if (x.width !== y.width || x.height !== y.height) {
          return { created: false, differentPixels: x.width * x.height, totalPixels: x.width * x.height, sizeMatches: false };
        }
        let different = 0;
        for (let i = 0; i < x.data.length; i += 4) {
          if (
            Math.abs(x.data[i]! - y.data[i]!) > 24 ||
            Math.abs(x.data[i + 1]! - y.data[i + 1]!) > 24 ||
            Math.abs(x.data[i + 2]! - y.data[i + 2]!) > 24
          ) {
            different++;
          }
        }
        return { created: false, differentPixels: different, totalPixels: x.width * x.height, sizeMatches: true };
      },
      [actual.toString('base64'), expected.toString('base64')],
    );
  } finally {
    await diffPage.close();
  }
}

/**
 * Compares a picture with `__screenshots__/<name>.png`: the same size, and less than `share` of
 * its pixels different (anti-aliasing and font hinting move a few). On a difference, the picture
 * is written beside the reference as `<name>.actual.png`.
 */
export async function expectScreenshot(page: Page, picture: Buffer, name: string, share = 0.01): Promise<void> {
  const baseline = fileURLToPath(new URL(`./__screenshots__/${name}.png`, import.meta.url));
  const result = await compareScreenshot(page, picture, baseline);
  if (result.created) console.warn(`wrote the reference screenshot ${baseline}`);
  if (result.differentPixels > 0) await write(baseline.replace(/\.png$/, '.actual.png'), picture);
  expect(result.sizeMatches, `${name}: size`).toBe(true);
  expect(result.differentPixels / Math.max(1, result.totalPixels), `${name}: share of pixels that differ`).toBeLessThan(share);
}
