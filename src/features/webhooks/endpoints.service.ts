import { withTransaction, json, type DbHandle, type Trx } from '../../db/transaction.js';
import type { Config } from '../../config.js';
import { lockPlatform, platformApiVersion, type PlatformScope } from '../../tenancy/index.js';
import { ApiError, invalid, notFound } from '../../lib/errors.js';
import { MAX_ENDPOINTS_PER_PLATFORM } from './delivery-lanes.js';
import { toPage, type PageParams } from '../../db/pagination.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { mergeMetadata, metadataForCreate } from '../../lib/metadata.js';
import { changedAttributes, recordEvent } from '../../events/outbox.repository.js';
import { EVENT_PREFIXES, EVENT_TYPES } from '../../events/catalogue.js';
import { API_VERSIONS, isApiVersion } from '../../lib/api-versions.js';
import type { RowUpdate } from '../../db/schema.js';
import { checkEndpointUrl } from '../../lib/url-policy.js';
import { newEndpointSecret } from './signature.js';
import * as repo from './endpoints.repository.js';
import { setEndpointPaused } from './deliveries.repository.js';
import { serializeEndpoint, type EndpointRow } from './endpoints.serializer.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretsBox } from '../../lib/secrets-box.js';

export interface EndpointInput {
  url?: string;
  enabled_events?: string[];
  api_version?: string;
  description?: string | null;
  metadata?: Record<string, string>;
  disabled?: boolean;
}

const KNOWN_FILTERS = new Set<string>(['*', ...EVENT_TYPES, ...EVENT_PREFIXES]);

/** Exact types, `prefix.*` of a known object, or `*`; duplicates are dropped, order kept. */
export function checkEnabledEvents(list: string[]): string[] {
  list.forEach((entry, i) => {
    if (!KNOWN_FILTERS.has(entry)) {
      throw invalid(
        `enabled_events[${i}]`,
        `Invalid enabled_events[${i}]: '${entry.slice(0, 100)}' is not an event type, a prefix such as 'booking.*', or '*'.`,
      );
    }
  });
  return [...new Set(list)];
}

function checkApiVersion(v: string | undefined) {
  if (v !== undefined && !isApiVersion(v)) throw invalid('api_version', `Invalid api_version: '${v}' is not a known version (${API_VERSIONS.join(', ')}).`);
}

/**
 * At most MAX_ENDPOINTS_PER_PLATFORM endpoints per platform and mode: each one has a delivery
 * lane of its own (docs/webhooks.md#delivery-lanes). The platform row is locked so that two creations cannot both
 * take the last place.
 */
async function assertRoomForEndpoint(trx: Trx, scope: PlatformScope): Promise<void> {
  await lockPlatform(trx, scope.platformId);
  const count = await repo.countEndpoints(trx, scope);
  if (count < MAX_ENDPOINTS_PER_PLATFORM) return;
  throw new ApiError(
    'parameter_invalid',
    `A platform can have at most ${MAX_ENDPOINTS_PER_PLATFORM} webhook endpoints in ${scope.livemode ? 'live' : 'test'} mode, and this one has ${count}. Delete one you no longer use (GET /v1/webhook_endpoints lists them), or subscribe an existing endpoint to more events.`,
    null,
  );
}

/** Platform-level events carry no account. */
const platformEventScope = (scope: PlatformScope) => ({ ...scope, accountId: null });

export class EndpointsService {
  constructor(
    private readonly db: DbHandle,
    private readonly clock: Clock,
    private readonly config: Config,
    private readonly secrets: SecretsBox,
  ) {}

  async create(scope: PlatformScope, input: EndpointInput & { url: string; enabled_events: string[] }) {
    const url = checkEndpointUrl(input.url, scope.livemode, this.config.webhookAllowPrivate);
    const enabledEvents = checkEnabledEvents(input.enabled_events);
    checkApiVersion(input.api_version);
    const apiVersion = input.api_version ?? (await platformApiVersion(this.db, scope.platformId));
    return withTransaction(this.db, async (trx) => {
      await assertRoomForEndpoint(trx, scope);
      const now = this.clock.now();
      const secret = newEndpointSecret();
      const row: EndpointRow = {
        platform_id: scope.platformId,
        id: newId(ID_PREFIX.webhookEndpoint),
        livemode: scope.livemode,
        url,
        enabled_events: enabledEvents,
        api_version: apiVersion,
        status: 'enabled',
        disabled_reason: null,
        disabled_at: null,
        last_success_at: null,
        failing_since: null,
        consecutive_failures: 0,
        backoff_until: null,
        description: input.description || null,
        metadata: metadataForCreate(input.metadata),
        created_at: now,
        updated_at: now,
      };
      const endpoint = serializeEndpoint(row);
      // Recorded before the endpoint exists: an endpoint is not sent its own creation.
      await recordEvent(trx, platformEventScope(scope), 'webhook_endpoint.created', endpoint, null, now);
      await repo.insertEndpoint(trx, this.secrets, { ...row, secret, enabled_events: json(row.enabled_events), metadata: json(row.metadata) });
      return { ...endpoint, secret };
    });
  }

  async get(scope: PlatformScope, id: string) {
    const row = await repo.findEndpoint(this.db, scope, id);
    if (!row) throw notFound('webhook endpoint', id);
    return serializeEndpoint(row);
  }

  async list(scope: PlatformScope, page: PageParams, metadata: Record<string, string>) {
    return toPage(await repo.listEndpoints(this.db, scope, page, metadata), serializeEndpoint);
  }

  /**
   * `disabled: true` disables with reason `manual`; `disabled: false` enables again and starts
   * afresh: `consecutive_failures` back to 0 and `failing_since` cleared, so the next failure
   * starts a new failing period instead of disabling the endpoint at once (docs/webhooks.md).
   */
  async update(scope: PlatformScope, id: string, input: EndpointInput) {
    if (input.url !== undefined) checkEndpointUrl(input.url, scope.livemode, this.config.webhookAllowPrivate);
    const enabledEvents = input.enabled_events === undefined ? undefined : checkEnabledEvents(input.enabled_events);
    checkApiVersion(input.api_version);
    return withTransaction(this.db, async (trx) => {
      const before = await repo.lockEndpoint(trx, scope, id);
      if (!before) throw notFound('webhook endpoint', id);
      const now = this.clock.now();
      const changes: RowUpdate<'webhook_endpoints'> = {
        url: input.url ?? before.url,
        enabled_events: json(enabledEvents ?? before.enabled_events),
        api_version: input.api_version ?? before.api_version,
        description: input.description === undefined ? before.description : input.description || null,
        metadata: json(mergeMetadata(before.metadata, input.metadata)),
        updated_at: now,
      };
      // A new address ends the lane's rest at once (its trouble lasts until an attempt succeeds).
      if (input.url !== undefined && input.url !== before.url) changes.backoff_until = null;
      if (input.disabled === true && before.status === 'enabled') {
        Object.assign(changes, { status: 'disabled', disabled_reason: 'manual', disabled_at: now });
      } else if (input.disabled === false && before.status === 'disabled') {
        Object.assign(changes, { status: 'enabled', disabled_reason: null, disabled_at: null, consecutive_failures: 0, failing_since: null, backoff_until: null });
      }
      const row = await repo.updateEndpoint(trx, scope, id, changes);
      if (row.status !== before.status) await setEndpointPaused(trx, scope.platformId, id, row.status === 'disabled');
      const endpoint = serializeEndpoint(row);
      const changed = changedAttributes(serializeEndpoint(before), endpoint);
      if (changed) await recordEvent(trx, platformEventScope(scope), 'webhook_endpoint.updated', endpoint, changed, now);
      return endpoint;
    });
  }

  async delete(scope: PlatformScope, id: string) {
    return withTransaction(this.db, async (trx) => {
      const row = await repo.lockEndpoint(trx, scope, id);
      if (!row) throw notFound('webhook endpoint', id);
      const now = this.clock.now();
      await repo.deleteEndpoint(trx, scope, id);
      await recordEvent(trx, platformEventScope(scope), 'webhook_endpoint.deleted', serializeEndpoint(row), null, now);
      return { id, object: 'webhook_endpoint', deleted: true as const };
    });
  }
}
