/**
 * A calendar feed's URL as the API, events and logs show it (docs/calendar-feeds.md#the-url-is-a-secret):
 * the scheme, the host and the start of the path, never the token. Google's and Outlook's
 * private addresses carry the token in the path (and some feeds in the query), so the path
 * keeps at most its first two segments, and only segments that are plainly words or small
 * numbers (`calendar/ical`, `owa/calendar`, `published/2`); the rest becomes `…`.
 */
const MAX_SEGMENTS = 2;
const PLAIN_SEGMENT = /^(?:[A-Za-z]{1,16}|\d{1,3})$/;

export function redactedFeedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '…';
  }
  const segments = parsed.pathname.split('/').slice(1);
  const kept: string[] = [];
  for (const segment of segments.slice(0, MAX_SEGMENTS)) {
    if (!PLAIN_SEGMENT.test(segment)) break;
    kept.push(segment);
  }
  const cut = kept.length < segments.filter(Boolean).length || parsed.search !== '' || parsed.hash !== '';
  const start = `${parsed.protocol}//${parsed.host}/${kept.map((s) => `${s}/`).join('')}`;
  return cut ? `${start}…` : start;
}
