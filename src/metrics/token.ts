import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Whether an Authorization header carries the metrics bearer token (`METRICS_TOKEN`). Both
 * sides are hashed first, so the comparison takes constant time whatever the lengths. Used by
 * the API's `/metrics` and by a worker process's.
 */
export function metricsTokenCheck(token: string): (authorization: string | undefined) => 'missing' | 'invalid' | 'ok' {
  const expected = digest(token);
  return (authorization) => {
    if (!authorization) return 'missing';
    const presented = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? '';
    return timingSafeEqual(digest(presented), expected) ? 'ok' : 'invalid';
  };
}
