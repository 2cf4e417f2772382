/**
 * Renders the client's types from the served OpenAPI document (openapi-typescript).
 *
 * Before rendering, the per-request headers the client sets by itself (Service-Account,
 * Service-Version, Idempotency-Key) are removed from every operation: they are options of
 * the client, not arguments of each call. Everything else is the document as served.
 */
import openapiTS, { astToString } from 'openapi-typescript';

const CLIENT_HEADERS = new Set(['service-account', 'service-version', 'idempotency-key']);

export const GENERATED_TYPES_FILE = 'packages/client/src/generated/openapi.ts';

const BANNER = `/**
 * Generated from GET /v1/openapi.json by \`npm run generate:client\`; do not edit by hand.
 * A test (test/client/types-drift.test.ts) fails when this file differs from the served document.
 */
`;

type Json = Record<string, any>;

function withoutClientHeaders(document: Json): Json {
  const copy: Json = structuredClone(document);
  for (const item of Object.values<Json>(copy.paths ?? {})) {
    for (const operation of Object.values<Json>(item)) {
      if (!operation || typeof operation !== 'object' || !Array.isArray(operation.parameters)) continue;
      operation.parameters = operation.parameters.filter(
        (p: Json) => !(p.in === 'header' && CLIENT_HEADERS.has(String(p.name).toLowerCase())),
      );
      if (operation.parameters.length === 0) delete operation.parameters;
    }
  }
  return copy;
}

export async function renderClientTypes(document: Json): Promise<string> {
  const ast = await openapiTS(withoutClientHeaders(document) as never, {
    alphabetize: true,
    exportType: false,
  });
  return BANNER + astToString(ast);
}
