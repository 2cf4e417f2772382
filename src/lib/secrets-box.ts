import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Secrets at rest (docs/configuration.md#secrets-key): webhook signing secrets and calendar
 * feed URLs are stored sealed with the operator's SECRETS_KEY, as
 *
 *   v1:<key id>:<iv>:<ciphertext and tag>        (base64url parts)
 *
 * AES-256-GCM, with a key derived from SECRETS_KEY by HKDF-SHA256, so the operator's key is
 * never used directly. The key id names the key that sealed a value (another HKDF output, not
 * the key), so a value is opened with the right one of SECRETS_KEY and SECRETS_KEY_PREVIOUS.
 * A stored value without the `v1:` prefix is plaintext written before encryption existed: it
 * is read as is, and sealed by `scheduling secrets rotate`.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export class UnknownSecretsKeyError extends Error {}

interface KeyEntry {
  id: string;
  aesKey: Buffer;
}

function entryOf(rawKey: Buffer): KeyEntry {
  const derive = (info: string, bytes: number) => Buffer.from(hkdfSync('sha256', rawKey, Buffer.alloc(0), info, bytes));
  return { id: derive('scheduling secrets key id', 8).toString('base64url'), aesKey: derive('scheduling secrets aes-256-gcm', KEY_BYTES) };
}

/** A key as operators write it: base64 (or base64url) or hex of 32 bytes. `name` is for the message. */
export function parseSecretsKey(name: string, text: string): Buffer {
  const value = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(value) ? Buffer.from(value, 'base64') : null;
  if (!bytes || bytes.length !== KEY_BYTES) {
    throw new Error(`${name} must be 32 random bytes in base64 or hex (make one with: openssl rand -base64 32)`);
  }
  return bytes;
}

/** A new key, in the base64 form SECRETS_KEY takes. */
export function newSecretsKey(): string {
  return randomBytes(KEY_BYTES).toString('base64');
}

/** The key id of a sealed value, or null for plaintext. */
export function sealedKeyId(stored: string): string | null {
  if (!stored.startsWith(`${VERSION}:`)) return null;
  return stored.split(':')[1] ?? null;
}

/** Seals with the current key; opens with the current key or any previous one. */
export class SecretsBox {
  private readonly current: KeyEntry;
  private readonly byId: Map<string, KeyEntry>;

  constructor(current: Buffer, previous: readonly Buffer[] = []) {
    this.current = entryOf(current);
    this.byId = new Map([...previous.map(entryOf), this.current].map((e) => [e.id, e]));
  }

  /** The id of the key new values are sealed with. */
  get currentKeyId(): string {
    return this.current.id;
  }

  /** Whether values sealed with this key id can be opened. */
  knows(keyId: string): boolean {
    return this.byId.has(keyId);
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const header = `${VERSION}:${this.current.id}`;
    const cipher = createCipheriv('aes-256-gcm', this.current.aesKey, iv);
    cipher.setAAD(Buffer.from(header));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${header}:${iv.toString('base64url')}:${sealed.toString('base64url')}`;
  }

  /** The plaintext of a stored value; plaintext rows (no `v1:` prefix) as they are. */
  open(stored: string): string {
    const keyId = sealedKeyId(stored);
    if (keyId === null) return stored;
    const entry = this.byId.get(keyId);
    if (!entry) throw new UnknownSecretsKeyError(`a stored secret is sealed with key ${keyId}, which is neither SECRETS_KEY (${this.current.id}) nor in SECRETS_KEY_PREVIOUS`);
    const [, , iv, body] = stored.split(':');
    const bytes = Buffer.from(body ?? '', 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', entry.aesKey, Buffer.from(iv ?? '', 'base64url'));
    decipher.setAAD(Buffer.from(`${VERSION}:${keyId}`));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /** Whether a stored value is already sealed with the current key (rotation skips it). */
  isCurrent(stored: string): boolean {
    return sealedKeyId(stored) === this.current.id;
  }
}
