import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks signatures (docs/webhooks.md#signatures): https://www.standardwebhooks.com/ */
export const SECRET_PREFIX = 'whsec_';

/** `whsec_` + base64 of 32 random bytes; shown once, on create. */
export function newEndpointSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/**
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the base64-decoded secret.
 * `body` must be the exact bytes sent.
 */
export function signPayload(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt: the id is the event id, the same on every retry. */
export function signatureHeaders(secret: string, eventId: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signPayload(secret, eventId, timestampSeconds, body),
  };
}
