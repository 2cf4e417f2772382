import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
    // No /favicon.ico request (it would answer 404 and log a console error).
    favicon: 'data:,',
  };
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
    return reply.code(res.statusCode).send(res.rawPayload);
  };
  // Hidden from the OpenAPI document, like Scalar's own routes.
  app.get('/docs', { schema: { hide: true } }, handler);
  app.get('/docs/*', { schema: { hide: true } }, handler);
}
