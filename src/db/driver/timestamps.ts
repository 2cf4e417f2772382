/**
 * Timestamps in, as both engines write them (`timestamptz`'s text output, ISO style):
 * `2027-03-01 08:15:00.123456+00`, the offset the session's time zone gives, `+05:30` or
 * `-03:30`, or `+00:19:32` for an old local mean time. Read here from the characters' codes;
 * `pg`'s parser (regular expressions and `parseInt`) took 6 % of a server's time answering
 * lists of bookings, and PGlite's hands the text to `new Date`, whose parser for this form is
 * the slow one. Anything else (years before 1000 or past 9999, BC, `infinity`) goes to the
 * engine's own parser, so the answer is always the one it gave (docs/performance.md, "Times in
 * and out").
 */

const ZERO = 48;
const digit = (text: string, at: number) => text.charCodeAt(at) - ZERO;
const two = (text: string, at: number) => digit(text, at) * 10 + digit(text, at + 1);
const isDigit = (text: string, at: number) => {
  const c = text.charCodeAt(at);
  return c >= ZERO && c <= ZERO + 9;
};

/** The fixed positions of `YYYY-MM-DD HH:MM:SS`. */
const SHAPE: readonly [number, string][] = [
  [4, '-'],
  [7, '-'],
  [10, ' '],
  [13, ':'],
  [16, ':'],
];
const DIGITS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];

/**
 * Epoch milliseconds of a `timestamptz` text in the shape above, or null when it is another
 * shape. Milliseconds are truncated from the microseconds, as `pg` and `Date` do.
 */
export function timestamptzMs(text: string): number | null {
  if (text.length < 22) return null;
  for (const [at, char] of SHAPE) if (text[at] !== char) return null;
  for (const at of DIGITS) if (!isDigit(text, at)) return null;
  const year = digit(text, 0) * 1000 + two(text, 1) * 10 + digit(text, 3);
  if (year < 1000) return null;
  let at = 19;
  let ms = 0;
  if (text[at] === '.') {
    at++;
    let scale = 100;
    while (isDigit(text, at)) {
      ms += digit(text, at) * scale;
      scale /= 10;
      at++;
    }
    ms = Math.floor(ms);
  }
  const sign = text[at] === '+' ? 1 : text[at] === '-' ? -1 : 0;
  if (sign === 0 || !isDigit(text, at + 1) || !isDigit(text, at + 2)) return null;
  let offsetSeconds = two(text, at + 1) * 3600;
  at += 3;
  for (const unit of [60, 1]) {
    if (at === text.length) break;
    if (text[at] !== ':' || !isDigit(text, at + 1) || !isDigit(text, at + 2)) return null;
    offsetSeconds += two(text, at + 1) * unit;
    at += 3;
  }
  if (at !== text.length) return null; // " BC", or anything unforeseen
  const local = Date.UTC(year, two(text, 5) - 1, two(text, 8), two(text, 11), two(text, 14), two(text, 17), ms);
  return local - sign * offsetSeconds * 1000;
}

/** A `timestamptz` parser: the shape above read here, anything else by `fallback`. */
export function timestamptzParser<T>(fallback: (text: string) => T): (text: string) => Date | T {
  return (text) => {
    const ms = timestamptzMs(text);
    return ms === null ? fallback(text) : new Date(ms);
  };
}

export const TIMESTAMPTZ_OID = 1184;
