/**
 * How a host name becomes addresses for an outgoing connection. Like the Clock, the
 * composition root (src/app.ts) passes it in, so that tests can make a name resolve to any
 * address (docs/webhooks.md#destinations) without touching the machine's DNS.
 */
import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';

/** Every address of `hostname` (in `family` when given: 4 or 6), as `dns.lookup` with `all: true`. */
export type ResolveHost = (
  hostname: string,
  options: Pick<LookupOptions, 'family' | 'hints'>,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** The machine's resolver (`dns.lookup`: hosts file, then DNS). */
export const systemResolveHost: ResolveHost = (hostname, options, callback) => lookup(hostname, { ...options, all: true }, callback);
