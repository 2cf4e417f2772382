/**
 * Where a change came from, when not an API key's request: the events it writes say so in
 * `data.source` (docs/manage-links.md#events). The manage-link page calls the same services as
 * the REST routes; rather than thread a flag through every service and writer, it runs them
 * inside `withEventSource`, and the outbox reads it here.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface EventSource {
  type: 'manage_link';
  manage_link: string;
}

const storage = new AsyncLocalStorage<EventSource>();

export function withEventSource<T>(source: EventSource, fn: () => Promise<T>): Promise<T> {
  return storage.run(source, fn);
}

export function currentEventSource(): EventSource | undefined {
  return storage.getStore();
}
