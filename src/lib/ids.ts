import { randomBytes } from 'node:crypto';

/**
 * Prefixed, time-ordered ids: `bk_` + 10 characters of millisecond time + 16 random
 * characters, Crockford base32 (lowercase). Ids sort by creation time, so list cursors are
 * plain id comparisons. Within one millisecond the random part is incremented, so ids made
 * by one process are strictly increasing.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

let lastTime = -1;
let lastRandom: number[] = [];

function encodeTime(ms: number): string {
  let out = '';
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[ms % 32] + out;
    ms = Math.floor(ms / 32);
  }
  return out;
}

function freshRandom(): number[] {
  const bytes = randomBytes(16);
  return Array.from(bytes, (b) => b % 32);
}

function increment(digits: number[]): number[] {
  const next = digits.slice();
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i] < 31) {
      next[i]++;
      return next;
    }
    next[i] = 0;
  }
  return freshRandom();
}

export function newId(prefix: string, now: number = Date.now()): string {
  if (now <= lastTime) {
    lastRandom = increment(lastRandom);
    now = lastTime;
  } else {
    lastTime = now;
    lastRandom = freshRandom();
  }
  return `${prefix}_${encodeTime(now)}${lastRandom.map((d) => ALPHABET[d]).join('')}`;
}

export const ID_PREFIX = {
  platform: 'plat',
  apiKey: 'key',
  account: 'acct',
  resource: 'res',
  location: 'loc',
  schedule: 'sch',
  scheduleOverride: 'sov',
  block: 'blk',
  booking: 'bk',
  attendee: 'att',
  series: 'ser',
  calendarFeed: 'cfd',
  event: 'evt',
  webhookEndpoint: 'we',
  webhookDelivery: 'wd',
  request: 'req',
} as const;
