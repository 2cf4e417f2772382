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

/**
 * Random bytes drawn 4 KiB at a time: a call to the generator per id (one per request, for its
 * request id, and more per write) cost more than the rest of making the id.
 */
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let poolOffset = POOL_SIZE;

function freshRandom(): number[] {
  if (poolOffset + 16 > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const digits = new Array<number>(16);
  for (let i = 0; i < 16; i++) digits[i] = pool[poolOffset + i] % 32;
  poolOffset += 16;
  return digits;
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
  charge: 'chg',
  payment: 'pay',
  refund: 'rfd',
  attendee: 'att',
  series: 'ser',
  calendarFeed: 'cfd',
  event: 'evt',
  webhookEndpoint: 'we',
  webhookDelivery: 'wd',
  request: 'req',
  export: 'exp',
  erasure: 'era',
} as const;
