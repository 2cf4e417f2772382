import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { insideActor, withActor, type ActorType } from '../events/source.js';

/**
 * A door that calls routes in process (the MCP endpoint's tools, through `app.inject`) says so
 * with this header, its value starting with a token only this process knows: an outside
 * request cannot claim a door. (The async context does not cross `inject`: the routes it
 * calls run in the context of the request that carries the door.)
 */
const IN_PROCESS_DOOR_HEADER = 'scheduling-in-process-door';
const IN_PROCESS_TOKEN = randomBytes(18).toString('base64url');

/** The header that makes routes called in process run as `door`, for the door's request. */
export function inProcessDoor(door: ActorType, requestId: string): Record<string, string> {
  return { [IN_PROCESS_DOOR_HEADER]: `${IN_PROCESS_TOKEN} ${door} ${requestId}` };
}

function claimedDoor(req: FastifyRequest): { door: ActorType; requestId: string } | null {
  const value = req.headers[IN_PROCESS_DOOR_HEADER];
  if (typeof value !== 'string') return null;
  const [token, door, requestId] = value.split(' ');
  return token === IN_PROCESS_TOKEN && door && requestId ? { door: door as ActorType, requestId } : null;
}

/**
 * The header by which the web console says a request is its own (docs/events.md#actors): its
 * changes are the console's, made with the key signed in. A client names itself, as a browser
 * names itself in User-Agent; the key that is checked, and named, is still the request's own.
 */
export const CLIENT_HEADER = 'scheduling-client';

/**
 * A route's handler, run as the request's actor (src/events/source.ts): its key (`api_key`,
 * the key's id; `console` when the console sends it), or none on a public route (the
 * manage-link page names its link itself); a route called in process by another door runs as
 * that door, with the caller's key.
 */
export function asTheRequestsActor(handler: RouteHandlerMethod): RouteHandlerMethod {
  return function (this: unknown, req: FastifyRequest, reply: FastifyReply) {
    const run = () => handler.call(this as never, req, reply);
    const keyId = req.auth?.keyId ?? null;
    const claimed = claimedDoor(req);
    if (claimed) return withActor({ type: claimed.door, id: keyId }, claimed.requestId, run);
    if (insideActor()) return run();
    if (req.auth?.bookingSession) return withActor({ type: 'booking_session', id: req.auth.bookingSession }, req.id, run);
    const door = req.headers[CLIENT_HEADER] === 'console' ? 'console' : 'api_key';
    return withActor(keyId ? { type: door, id: keyId } : null, req.id, run);
  } as RouteHandlerMethod;
}
