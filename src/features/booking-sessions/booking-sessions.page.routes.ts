/**
 * The hosted booking page (docs/elements.md#the-hosted-page): `/book/{client_secret}`, the
 * booker element on a page of the service, for platforms that redirect rather than embed; and
 * the element's script itself at /elements/scheduling-booker.js, for pages that embed it.
 * The client secret in the path is a secret: no answer sends a Referer.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { App } from '../../http/server.js';
import { ApiError, errorBody } from '../../lib/errors.js';
import { ERROR_PAGE_CSP, errorPage, escapeHtml } from '../../http/error-page.js';
import type { BookingSessionsService } from './booking-sessions.service.js';

/** packages/elements/dist, from src/features/booking-sessions (and from dist/features/booking-sessions once compiled). */
export const ELEMENTS_DIST = fileURLToPath(new URL('../../../packages/elements/dist/', import.meta.url));
const ELEMENT_FILE = 'scheduling-booker.js';

/** The page loads only the element from this server, and talks only to this server. */
const PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const publicAccess = { access: { public: true, account: 'none', permission: 'bookings' } } as const;

function page(secret: string, returnUrl: string | null): string {
  const back = returnUrl ? ` return-url="${escapeHtml(returnUrl)}"` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>Book a time</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;background:#fafafa}</style>
<script type="module" src="/elements/${ELEMENT_FILE}"></script>
</head>
<body>
<main>
<scheduling-booker client-secret="${escapeHtml(secret)}"${back}></scheduling-booker>
</main>
</body>
</html>
`;
}

export function bookingPageRoutes(app: App, service: BookingSessionsService) {
  app.get<{ Params: { secret: string } }>('/book/:secret', { config: publicAccess, schema: { hide: true } }, async (req, reply) => {
    reply.header('Referrer-Policy', 'no-referrer').header('Cache-Control', 'no-store').header('X-Content-Type-Options', 'nosniff');
    const found = await service.page(req.params.secret);
    if (!found) {
      const err = new ApiError('resource_missing', 'This booking link is not valid.');
      return reply.code(404).type('text/html; charset=utf-8').header('Content-Security-Policy', ERROR_PAGE_CSP).send(errorPage('This booking link does not work', err, req.id));
    }
    return reply.type('text/html; charset=utf-8').header('Content-Security-Policy', PAGE_CSP).send(page(req.params.secret, found.returnUrl));
  });

  app.get(`/elements/${ELEMENT_FILE}`, { config: publicAccess, schema: { hide: true } }, async (req, reply) => {
    let body: Buffer;
    try {
      body = await readFile(ELEMENTS_DIST + ELEMENT_FILE);
    } catch {
      const err = new ApiError('url_invalid', 'The booker element is not built: run `npm run build:elements` (npm install does it).');
      return reply.code(404).type('application/json').send(JSON.stringify(errorBody(err, req.id)));
    }
    return reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .header('Access-Control-Allow-Origin', '*')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);
  });
}
