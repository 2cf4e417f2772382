import { iso, isoRequired } from '../../lib/time-format.js';
import { PERMISSION_FAMILIES, type ApiKeyRow, type PermissionLevel } from '../../tenancy/index.js';

/**
 * An API key as the API shows it: never its secret, except `secret` in the answer to the create
 * call. `redacted` lets a person recognise a key (`rk_test_…4f2a`). Every family appears in
 * `permissions`; a family the key was not granted reads `none`.
 */
export function serializeApiKey(row: ApiKeyRow) {
  const granted = row.permissions ?? {};
  const permissions = Object.fromEntries(PERMISSION_FAMILIES.map((f) => [f, (granted[f] ?? 'none') as PermissionLevel]));
  return {
    id: row.id,
    object: 'api_key' as const,
    livemode: row.livemode,
    type: row.kind,
    name: row.name,
    redacted: `${row.kind === 'secret' ? 'sk' : 'rk'}_${row.livemode ? 'live' : 'test'}_…${row.last4}`,
    permissions,
    account: row.account_id,
    status: row.revoked_at ? ('revoked' as const) : ('active' as const),
    created_at: isoRequired(row.created_at),
    revoked_at: iso(row.revoked_at),
  };
}
export type ApiApiKey = ReturnType<typeof serializeApiKey>;
