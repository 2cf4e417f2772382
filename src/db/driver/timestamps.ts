/**
 * Timestamps in, as both engines write them (`timestamptz`'s text output, ISO style):
 * `2027-03-01 08:15:00.123456+00`, the offset the session's time zone gives, `+05:30` or
 * `-03:30`, or `+00:19:32` for an old local mean time. Read here from the characters' codes;
 * `pg`'s parser (regular expressions and `parseInt`) took 6 % of a server's time answering
 * lists of bookings (470–520 ns a text in a loop, against 80 here), and PGlite's hands the text
 * to `new Date` (about 165 ns), which reads an offset in seconds as an invalid date. Anything
 * else (years before 1000 or past 9999, BC, `infinity`) goes to the engine's own parser, so the
 * answer is always the one it gave (docs/performance.md, "Times in and out").
 */

/** The digit at `at`, or NaN for any other character: NaN fails every range check below. */
function digitAt(text: string, at: number): number {
  const d = text.charCodeAt(at) - 48;
  return d >= 0 && d <= 9 ? d : Number.NaN;
}
const twoDigitsAt = (text: string, at: number) => digitAt(text, at) * 10 + digitAt(text, at + 1);

// Character codes of the separators.
const DASH = 45;
const SPACE = 32;
const COLON = 58;
const DOT = 46;
const PLUS = 43;

/**
 * Epoch milliseconds of a `timestamptz` text in the shape above, or null when it is another
 * shape. Milliseconds are truncated from the microseconds, as `pg` and `Date` do. Written out
 * position by position: a loop over a table of positions took twice as long (140–170 against
 * 60–90 ns a text, in a loop).
 */
export function timestamptzMs(text: string): number | null {
  const length = text.length;
  if (length < 22 || text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH || text.charCodeAt(10) !== SPACE) return null;
  if (text.charCodeAt(13) !== COLON || text.charCodeAt(16) !== COLON) return null;
  const year = twoDigitsAt(text, 0) * 100 + twoDigitsAt(text, 2);
  const month = twoDigitsAt(text, 5);
  const day = twoDigitsAt(text, 8);
  const hour = twoDigitsAt(text, 11);
  const minute = twoDigitsAt(text, 14);
  const second = twoDigitsAt(text, 17);
  // Comparisons with NaN are false: a character that is no digit fails here too.
  if (!(year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 && second <= 59)) return null;
  let at = 19;
  let ms = 0;
  if (text.charCodeAt(at) === DOT) {
    at++;
    let scale = 100;
    for (let d = digitAt(text, at); !Number.isNaN(d); d = digitAt(text, ++at)) {
      ms += d * scale;
      scale /= 10;
    }
    ms = Math.floor(ms);
  }
  const signChar = text.charCodeAt(at);
  const sign = signChar === PLUS ? 1 : signChar === DASH ? -1 : 0;
  let offsetSeconds = twoDigitsAt(text, at + 1) * 3600;
  if (sign === 0 || !(offsetSeconds >= 0)) return null;
  at += 3;
  // Then :MM, then :SS, each only after the one before.
  for (let unit = 60; at < length && unit >= 1; unit /= 60) {
    const part = twoDigitsAt(text, at + 1);
    if (text.charCodeAt(at) !== COLON || !(part <= 59)) return null;
    offsetSeconds += part * unit;
    at += 3;
  }
  if (at !== length) return null; // " BC", or anything unforeseen
  return Date.UTC(year, month - 1, day, hour, minute, second, ms) - sign * offsetSeconds * 1000;
}

/** A `timestamptz` parser: the shape above read here, anything else by `fallback`. */
export function timestamptzParser<T>(fallback: (text: string) => T): (text: string) => Date | T {
  return (text) => {
    const ms = timestamptzMs(text);
    return ms === null ? fallback(text) : new Date(ms);
  };
}

export const TIMESTAMPTZ_OID = 1184;
