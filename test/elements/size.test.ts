/** The booker's weight (docs/elements.md#size): one file, no dependency, under its budget gzipped. */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ELEMENT_FILE, ensureElementsBuilt } from './elements-build.js';

export const BUDGET_GZIPPED_BYTES = 25 * 1024;

describe('the booker element', () => {
  it(`stays under ${BUDGET_GZIPPED_BYTES / 1024} kB gzipped, in one file that imports nothing`, () => {
    ensureElementsBuilt();
    const source = readFileSync(ELEMENT_FILE);
    expect(gzipSync(source, { level: 9 }).length).toBeLessThan(BUDGET_GZIPPED_BYTES);
    expect(source.toString()).not.toMatch(/^\s*import\s/m);
  });
});
