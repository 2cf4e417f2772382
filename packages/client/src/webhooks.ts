/**
 * Verifying a webhook delivery (Standard Webhooks, https://www.standardwebhooks.com/; the
 * service's side is described in docs/webhooks.md). Each delivery carries `webhook-id` (the
 * event id, the same on every retry), `webhook-timestamp` (seconds) and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the base64 part of the
 * endpoint's `whsec_…` secret; several space-separated signatures during a secret rotation).
 *
 * Web Crypto only, so the same code verifies in Node (≥ 20) and in browsers or edge runtimes.
 * Pass the body exactly as received: re-serialised JSON would not match the signature.
 */
import type { ResponseBody } from './client.js';

/** An event as delivered: the body of `GET /v1/events/{id}`. */
export type WebhookEvent = ResponseBody<'get', '/v1/events/{id}'>;

/** A Fetch `Headers`, or a plain object such as Node's `IncomingHttpHeaders`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

export interface VerifyOptions {
  /** Refuse timestamps further than this from now, in either direction (default 300 s). */
  toleranceSeconds?: number;
  /** The current time (tests); default `Date.now()`. */
  now?: Date;
}

function header(headers: WebhookHeaders, name: string): string | null {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Checks the signature and the timestamp of one delivery and returns the parsed event.
 * Throws WebhookVerificationError when anything is missing, stale or does not match.
 */
export async function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  options: VerifyOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError('Missing webhook-id, webhook-timestamp or webhook-signature header.');
  }
  const seconds = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || !Number.isSafeInteger(seconds)) {
    throw new WebhookVerificationError('Invalid webhook-timestamp header.');
  }
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (Math.abs(now - seconds) > tolerance) {
    throw new WebhookVerificationError('The webhook-timestamp is too far from now (a replayed or delayed delivery).');
  }

  let keyBytes: Uint8Array<ArrayBuffer>;
  try {
    keyBytes = base64ToBytes(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  } catch {
    throw new WebhookVerificationError('The secret is not a whsec_… base64 secret.');
  }
  const key = await globalThis.crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  const signed = new TextEncoder().encode(`${id}.${timestamp}.${text}`);

  for (const candidate of signatures.split(' ')) {
    const [version, value] = candidate.split(',', 2);
    if (version !== 'v1' || !value) continue;
    let mac: Uint8Array<ArrayBuffer>;
    try {
      mac = base64ToBytes(value);
    } catch {
      continue;
    }
    // subtle.verify compares in constant time.
    if (await globalThis.crypto.subtle.verify('HMAC', key, mac, signed)) {
      try {
        return JSON.parse(text) as WebhookEvent;
      } catch {
        throw new WebhookVerificationError('The signed body is not JSON.');
      }
    }
  }
  throw new WebhookVerificationError('No webhook-signature matches this body and secret.');
}
