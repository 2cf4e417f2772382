import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The service's icon (a calendar with a tick), inline; the console's pages carry the same one in their HTML. */
export const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect x='3' y='6' width='26' height='23' rx='4' fill='%231d2330'/%3E%3Crect x='3' y='6' width='26' height='7' rx='3' fill='%231a56db'/%3E%3Crect x='9' y='2' width='3' height='8' rx='1.5' fill='%231d2330'/%3E%3Crect x='20' y='2' width='3' height='8' rx='1.5' fill='%231d2330'/%3E%3Cpath d='M10 20l4 4 8-8' stroke='%23fff' stroke-width='3' fill='none'/%3E%3C/svg%3E";

/**
 * The configuration of the reference page at /docs (Scalar). The page must show only what
 * works on this server, offline: Scalar's hosted features — "Ask AI" (agent), "Generate MCP"
 * and the developer toolbar with "Deploy" and "Share" — appear by default when the page is
 * opened on localhost, and need scalar.com. Fonts would come from a CDN, and telemetry
 * would call home; both are off. Trying requests from the page stays: it calls this server.
 */
export function docsPageConfiguration(title: string) {
  return {
    url: '/v1/openapi.json',
    title,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: 'never' as const,
    telemetry: false,
    withDefaultFonts: false,
    // Inline, so there is no /favicon.ico request (it would answer 404 and log a console error).
    favicon: FAVICON,
    // Text that reads (WCAG AA contrast): Scalar's muted greys and method colours are lighter than 4.5:1.
    customCss: READABLE_COLOURS,
  };
}

const READABLE_COLOURS = `
.light-mode {
  --scalar-color-2: #4a4a4a;
  --scalar-color-3: #5c5c5c;
  --scalar-color-blue: #0062a3;
  --scalar-color-green: #0b7a30;
  --scalar-color-orange: #a24a00;
  --scalar-color-red: #c0262d;
  --scalar-color-purple: #6b3fbf;
  --scalar-color-yellow: #7a5c00;
  --scalar-color-accent: #0062a3;
}`;

/**
 * What Scalar's page lacks for screen readers and keyboards, added to its HTML and kept as the
 * page draws it (an opened group draws more): the page's language; a name for the sidebar's
 * icon-only buttons that open and close a group ("Show Bookings"); a name that contains the
 * visible text of a button whose own name leaves it out ("Show More" named "Show all Bookings
 * endpoints"); and a Tab stop on a scrolling list of endpoints, so the keyboard can scroll it.
 */
export function accessibleDocsHtml(html: string): string {
  const label = `<script>
const spoken = (el) => [...el.childNodes].map((n) => n.nodeType === 3 ? n.textContent
  : n.nodeType === 1 && n.getAttribute('aria-hidden') !== 'true' && getComputedStyle(n).display !== 'none' ? spoken(n) : '').join('').trim();
new MutationObserver(() => {
  for (const b of document.querySelectorAll('button[aria-controls]:not([aria-labelledby])')) {
    if (!b.dataset.named && (b.hasAttribute('aria-label') || spoken(b))) continue;
    b.dataset.named = '1';
    const row = b.parentElement ? spoken(b.parentElement).slice(0, 60) : '';
    b.setAttribute('aria-label', (b.getAttribute('aria-expanded') === 'true' ? 'Hide ' : 'Show ') + (row || 'section'));
  }
  for (const b of document.querySelectorAll('button[aria-label]:not([data-named])')) {
    const text = spoken(b);
    const name = b.getAttribute('aria-label');
    if (!text || name.toLowerCase().includes(text.toLowerCase())) continue;
    b.dataset.named = '1';
    b.setAttribute('aria-label', text + ': ' + name.replace(/^Show all /, 'all '));
  }
  for (const list of document.querySelectorAll('ul[aria-label$=" endpoints"]:not([tabindex])')) list.tabIndex = 0;
}).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-expanded'] });
</script>`;
  return html.replace(/<html>/, '<html lang="en">').replace('</body>', `${label}\n</body>`);
}

/**
 * The reference page at /docs, built on its first request. Scalar's module carries its whole
 * browser bundle as a string (megabytes) and takes about half a second to load, which every
 * start paid even though few starts are ever followed by a visit to /docs
 * (docs/performance.md, "Start-up"). The page's routes (`/docs`, `/docs/`, the script under
 * `/docs/…`) are answered by a small Fastify instance holding Scalar's plugin, made once.
 */
export function lazyDocsPage(app: FastifyInstance, title: string): void {
  let inner: Promise<FastifyInstance> | null = null;
  const build = async () => {
    const [{ default: Fastify }, { default: scalar }] = await Promise.all([import('fastify'), import('@scalar/fastify-api-reference')]);
    const docs = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
    await docs.register(scalar, { routePrefix: '/docs', configuration: docsPageConfiguration(title) });
    await docs.ready();
    return docs;
  };
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    inner ??= build().catch((err) => {
      inner = null;
      throw err;
    });
    const res = await (await inner).inject({ method: 'GET', url: req.url, headers: { host: req.headers.host ?? 'localhost' } });
    // Paths the page does not have get the API's own 404.
    if (res.statusCode === 404) return reply.callNotFound();
    for (const name of ['content-type', 'location', 'cache-control']) {
      const value = res.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    const html = String(res.headers['content-type'] ?? '').startsWith('text/html');
    return reply.code(res.statusCode).send(html ? accessibleDocsHtml(res.payload) : res.rawPayload);
  };
  // Hidden from the OpenAPI document, like Scalar's own routes.
  app.get('/docs', { schema: { hide: true } }, handler);
  app.get('/docs/*', { schema: { hide: true } }, handler);
}
