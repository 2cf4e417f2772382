/**
 * Who makes a change, and through which door (docs/events.md#actors): every event records it.
 *
 * The doors call the same services; rather than thread the actor through every service and
 * writer, each door runs its work inside `withActor` (or `withEventSource`), and the outbox
 * reads it here:
 * - the HTTP server runs every route's handler as the request's key (`api_key`), or with no
 *   actor for a public route; a door that calls routes in process (the MCP endpoint) runs them
 *   inside its own actor, which they keep;
 * - the manage-link page runs the services as its link (`manage_link`), and its events also say
 *   so in `data.source` (docs/manage-links.md#events);
 * - every worker pass runs as that worker (`worker`, its name);
 * - anything else (the operator's commands, migrations) is `system`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type ActorType = 'api_key' | 'manage_link' | 'booking_session' | 'mcp' | 'console' | 'worker' | 'system';

export interface EventActor {
  type: ActorType;
  /** The key's id, the link's id, the worker's name…; null for `system`. */
  id: string | null;
}

export interface EventSource {
  type: 'manage_link';
  manage_link: string;
}

interface ChangeContext {
  actor: EventActor | null;
  /** The request that made the change (its Request-Id), when a request did. */
  requestId: string | null;
  source?: EventSource;
}

const storage = new AsyncLocalStorage<ChangeContext>();
const SYSTEM: EventActor = { type: 'system', id: null };

/** Runs `fn` as `actor`, for request `requestId` (null outside requests). */
export function withActor<T>(actor: EventActor | null, requestId: string | null, fn: () => T): T {
  return storage.run({ actor, requestId }, fn);
}

/** Whether a door already runs the current work (a route called in process by another door keeps its actor). */
export function insideActor(): boolean {
  return storage.getStore() !== undefined;
}

/** Runs `fn` as a manage link: its events name the link as their actor and their source. */
export function withEventSource<T>(source: EventSource, fn: () => Promise<T>): Promise<T> {
  const requestId = storage.getStore()?.requestId ?? null;
  return storage.run({ actor: { type: 'manage_link', id: source.manage_link }, requestId, source }, fn);
}

export function currentEventSource(): EventSource | undefined {
  return storage.getStore()?.source;
}

/** The actor and request of the change being made now: `system` when no door runs it. */
export function currentActor(): { actor: EventActor; requestId: string | null } {
  const context = storage.getStore();
  return { actor: context?.actor ?? SYSTEM, requestId: context?.requestId ?? null };
}
