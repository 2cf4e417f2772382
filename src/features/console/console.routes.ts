/**
 * Serves the web console (console/, built by `npm run build:console` into console/dist) at
 * /console. A small static handler rather than a plugin: a handful of files, hashed asset
 * names (cached for a year), index.html never cached, nothing outside the build folder.
 * The console is a browser app of the public API; it holds no server-side logic.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/server.js';
import { ApiError, errorBody } from '../../lib/errors.js';

/** console/dist, from src/features/console (and from dist/features/console once compiled). */
export const CONSOLE_DIST = fileURLToPath(new URL('../../../console/dist/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** Only this server's files; `data:` for the inline favicon. */
const CSP = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'";

async function fileIn(root: string, relative: string): Promise<string | null> {
  const path = resolve(root, relative);
  if (path !== root.replace(/[\\/]$/, '') && !path.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  try {
    return (await stat(path)).isFile() ? path : null;
  } catch {
    return null;
  }
}

export function consoleRoutes(app: App, root: string = CONSOLE_DIST): void {
  const config = { access: { public: true, account: 'none', permission: 'accounts' } as const };
  const schema = { hide: true };
  const serve = (req: FastifyRequest, reply: FastifyReply, wanted: string) => sendConsoleFile(req, reply, wanted, root);

  // The router ignores trailing slashes, so /console/ lands here too: only the bare path
  // redirects, so that the page's relative asset URLs resolve under /console/.
  app.get('/console', { config, schema }, async (req, reply) =>
    req.url.split('?')[0]!.endsWith('/') ? serve(req, reply, 'index.html') : reply.redirect('/console/', 302),
  );

  app.get<{ Params: { '*': string } }>('/console/*', { config, schema }, async (req, reply) => serve(req, reply, req.params['*'] || 'index.html'));
}

/**
 * Sends a file of the built console (`wanted`, relative to `root`; a path without an
 * extension falls back to index.html), or 404 in the error shape. Also serves the page of a
 * manage link (src/features/manage-links), once its token is checked.
 */
export async function sendConsoleFile(req: FastifyRequest, reply: FastifyReply, wanted: string, root: string = CONSOLE_DIST) {
  const path = (await fileIn(root, wanted)) ?? (extname(wanted) ? null : await fileIn(root, 'index.html'));
  if (!path) {
    const built = await fileIn(root, 'index.html');
    const message = built
      ? `Unrecognized request URL (GET: ${req.url.split('?')[0]}).`
      : 'The console is not built: run `npm run build:console` (npm install does it).';
    return reply.code(404).type('application/json').send(JSON.stringify(errorBody(new ApiError('url_invalid', message), req.id)));
  }
  const type = TYPES[extname(path)] ?? 'application/octet-stream';
  const immutable = path.includes(`${sep}assets${sep}`);
  reply
    .type(type)
    .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    .header('X-Content-Type-Options', 'nosniff');
  if (type.startsWith('text/html')) reply.header('Content-Security-Policy', CSP);
  return reply.send(await readFile(path));
}
