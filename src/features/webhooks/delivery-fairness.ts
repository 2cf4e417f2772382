/**
 * Fair webhook delivery (docs/limits.md): a platform whose receivers hang must not hold up
 * anyone else's deliveries.
 *
 * - A worker has a number of slots; each attempt holds one only for itself.
 * - An endpoint has at most MAX_ATTEMPTS_PER_ENDPOINT attempts in flight, a platform at most
 *   a quarter of the slots. Both are counted from live leases (`sending` rows whose lease has
 *   not run out), so across every worker process.
 * - Saturated endpoints and platforms are left out of the claim; what one claim takes beyond
 *   a cap (a single endpoint's backlog can fill a whole claim) is handed straight back.
 */
import type { DbHandle } from '../../db/transaction.js';
import type { DeliveryRow } from './deliveries.serializer.js';
import { attemptsInFlightByEndpoint } from './deliveries.repository.js';

/** Webhook endpoints per platform and mode (creating more is 400). */
export const MAX_ENDPOINTS_PER_PLATFORM = 16;
/** Slots of one delivery worker: attempts in flight at once in a process. */
export const DEFAULT_DELIVERY_SLOTS = 64;
/** Attempts in flight at once for one endpoint, across all workers. */
export const MAX_ATTEMPTS_PER_ENDPOINT = 4;

/** A platform's share: a quarter of the slots, so four platforms must stall before a fifth waits. */
export function platformShare(slots: number): number {
  return Math.max(MAX_ATTEMPTS_PER_ENDPOINT, Math.floor(slots / 4));
}

export interface InFlight {
  /** `platform endpoint` → attempts in flight. */
  endpoints: Map<string, number>;
  platforms: Map<string, number>;
}

export const endpointKey = (platformId: string, endpointId: string) => `${platformId} ${endpointId}`;

/** Attempts in flight now, from the leases of every worker process. */
export async function attemptsInFlight(db: DbHandle, now: Date): Promise<InFlight> {
  const endpoints = new Map<string, number>();
  const platforms = new Map<string, number>();
  for (const r of await attemptsInFlightByEndpoint(db, now)) {
    endpoints.set(endpointKey(r.platformId, r.endpointId), r.attempts);
    platforms.set(r.platformId, (platforms.get(r.platformId) ?? 0) + r.attempts);
  }
  return { endpoints, platforms };
}

export interface Caps {
  perEndpoint: number;
  perPlatform: number;
}

/**
 * Splits a claim into what may be attempted now and what must go back (over a cap), in
 * claim order (oldest due first). Pure: counts start from `inFlight` and are not changed.
 */
export function withinCaps(claimed: readonly DeliveryRow[], inFlight: InFlight, caps: Caps): { keep: DeliveryRow[]; release: DeliveryRow[] } {
  const endpoints = new Map(inFlight.endpoints);
  const platforms = new Map(inFlight.platforms);
  const keep: DeliveryRow[] = [];
  const release: DeliveryRow[] = [];
  for (const d of claimed) {
    const ek = endpointKey(d.platform_id, d.endpoint_id);
    const e = endpoints.get(ek) ?? 0;
    const p = platforms.get(d.platform_id) ?? 0;
    if (e >= caps.perEndpoint || p >= caps.perPlatform) {
      release.push(d);
      continue;
    }
    endpoints.set(ek, e + 1);
    platforms.set(d.platform_id, p + 1);
    keep.push(d);
  }
  return { keep, release };
}

/** What a claim must leave out: endpoints and platforms already at their cap. */
export function saturated(inFlight: InFlight, caps: Caps): { endpoints: string[]; platforms: string[] } {
  return {
    endpoints: [...inFlight.endpoints].filter(([, n]) => n >= caps.perEndpoint).map(([k]) => k),
    platforms: [...inFlight.platforms].filter(([, n]) => n >= caps.perPlatform).map(([k]) => k),
  };
}
