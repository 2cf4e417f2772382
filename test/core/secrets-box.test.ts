import { describe, expect, it } from 'vitest';
import { newSecretsKey, parseSecretsKey, SecretsBox, UnknownSecretsKeyError } from '../../src/lib/secrets-box.js';
import { redactedFeedUrl } from '../../src/features/calendar-feeds/redacted-url.js';

const keyA = parseSecretsKey('A', newSecretsKey());
const keyB = parseSecretsKey('B', newSecretsKey());

describe('the secrets box', () => {
  it('seals to v1:<key id>:<iv>:<ciphertext> that differs every time, and opens it again', () => {
    const box = new SecretsBox(keyA);
    const [one, two] = [box.seal('whsec_abc'), box.seal('whsec_abc')];
    expect(one).toMatch(new RegExp(`^v1:${box.currentKeyId}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$`));
    expect(one).not.toBe(two);
    expect(box.open(one)).toBe('whsec_abc');
  });

  it('opens values of a previous key, seals with the current one, and reads plaintext rows as they are', () => {
    const old = new SecretsBox(keyA).seal('https://example.com/cal.ics');
    const box = new SecretsBox(keyB, [keyA]);
    expect(box.open(old)).toBe('https://example.com/cal.ics');
    expect(box.isCurrent(old)).toBe(false);
    expect(box.isCurrent(box.seal('x'))).toBe(true);
    expect(box.open('whsec_plain')).toBe('whsec_plain');
  });

  it('refuses a value of an unknown key, and a tampered value', () => {
    const sealed = new SecretsBox(keyA).seal('secret');
    expect(() => new SecretsBox(keyB).open(sealed)).toThrow(UnknownSecretsKeyError);
    const parts = sealed.split(':');
    parts[3] = `${parts[3][0] === 'A' ? 'B' : 'A'}${parts[3].slice(1)}`;
    expect(() => new SecretsBox(keyA).open(parts.join(':'))).toThrow();
  });

  it('takes keys of 32 bytes in base64, base64url or hex, and nothing else', () => {
    const raw = Buffer.alloc(32, 9);
    for (const text of [raw.toString('base64'), raw.toString('base64url'), raw.toString('hex')]) expect(parseSecretsKey('K', text)).toEqual(raw);
    for (const text of ['', 'short', Buffer.alloc(16).toString('base64'), Buffer.alloc(33).toString('hex')]) expect(() => parseSecretsKey('K', text)).toThrow(/K must be 32 random bytes/);
  });
});

describe('a redacted feed URL', () => {
  it.each([
    ['https://calendar.google.com/calendar/ical/ada%40example.com/private-5f2c/basic.ics', 'https://calendar.google.com/calendar/ical/…'],
    ['https://outlook.office365.com/owa/calendar/0f1e@example.com/a1b2c3/calendar.ics', 'https://outlook.office365.com/owa/calendar/…'],
    ['webcal://p42-caldav.icloud.com/published/2/MTIzNDU2Nzg5', 'webcal://p42-caldav.icloud.com/published/2/…'],
    ['https://example.com/feeds/9f86d081884c7d65.ics', 'https://example.com/feeds/…'],
    ['https://example.com/cal.ics?token=abc', 'https://example.com/…'],
    ['https://example.com/calendar?token=abc', 'https://example.com/calendar/…'],
    ['https://example.com/', 'https://example.com/'],
  ])('shows %s as %s', (url, shown) => {
    expect(redactedFeedUrl(url)).toBe(shown);
  });
});
