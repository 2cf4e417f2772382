import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { GENERATED_TYPES_FILE, renderClientTypes } from '../../packages/client/codegen/types.js';
import { setupTestApp } from '../support/harness.js';

const t = await setupTestApp();

describe('the client types', () => {
  it('match the OpenAPI document the service serves (run `npm run generate:client` after changing a route)', async () => {
    const res = await t.api.get('/v1/openapi.json');
    expect(res.status).toBe(200);
    const expected = await renderClientTypes(res.body);
    const committed = await readFile(new URL(`../../${GENERATED_TYPES_FILE}`, import.meta.url), 'utf8');
    // A plain equality check: the diff vitest prints names the drifted operation.
    expect(committed === expected, 'packages/client/src/generated/openapi.ts is out of date: run `npm run generate:client`').toBe(true);
  });
});
