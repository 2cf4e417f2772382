/**
 * Delivery lanes (docs/webhooks.md#delivery-lanes): each endpoint has a lane of its own, so an
 * endpoint whose receiver hangs or fails slows down only itself.
 *
 * - A lane is as wide as the attempts it may have in flight at once, across every worker
 *   process (counted from live leases: `sending` rows whose lease has not run out): HEALTHY_LANE
 *   for an endpoint whose last attempt succeeded (or that has not been tried yet),
 *   TROUBLED_LANE for one whose last attempt failed or timed out.
 * - After a failed attempt the lane also rests (`webhook_endpoints.backoff_until`) before it
 *   takes its next attempt: as long as the endpoint has been failing, at least
 *   LANE_BACKOFF_MIN_MS and at most LANE_BACKOFF_MAX_MS. A success closes the trouble at once.
 * - There is no pool of attempts shared between endpoints: a claim never takes more of an
 *   endpoint's deliveries than its lane has free, and nothing else limits it, so no endpoint
 *   can take another's place, in its own platform or another.
 */

/** Webhook endpoints per platform and mode (creating more is 400). */
export const MAX_ENDPOINTS_PER_PLATFORM = 16;
/** Attempts in flight at once for a healthy endpoint, across all workers. */
export const HEALTHY_LANE = 16;
/** Attempts in flight at once for an endpoint whose last attempt failed or timed out. */
export const TROUBLED_LANE = 1;
export const LANE_BACKOFF_MIN_MS = 1000;
export const LANE_BACKOFF_MAX_MS = 60_000;
/**
 * Platforms one worker pass claims for, in platform id order from where the last pass
 * stopped (round-robin): every platform with work is visited once per round, whatever
 * another platform's backlog.
 */
export const PLATFORMS_PER_PASS = 50;
/**
 * Claims one worker process runs at once, each for its own platform: a platform whose claim is
 * slow (a large backlog, a loaded cluster) takes one place and the others keep theirs. Each
 * holds a database connection for its short transaction, so it stays well below the pool's 10.
 */
export const CLAIMS_AT_ONCE = 4;

/**
 * When a lane that has just failed may take its next attempt: it waits as long as the
 * endpoint has been failing (so the wait doubles while the trouble lasts), within the bounds.
 * Measured in time rather than in failures, so that attempts failing together (a lane of
 * four hanging at once) count as one.
 */
export function laneBackoffUntil(now: Date, failingSince: Date): Date {
  const failingFor = now.getTime() - failingSince.getTime();
  return new Date(now.getTime() + Math.min(LANE_BACKOFF_MAX_MS, Math.max(LANE_BACKOFF_MIN_MS, failingFor)));
}
