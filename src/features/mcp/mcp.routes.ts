/**
 * POST /mcp: the MCP server (Streamable HTTP, stateless: every POST carries its own key), and
 * /llms.txt, the API described for a model (docs/agents.md).
 */
import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import type { Clock } from '../../lib/clock.js';
import { LATEST_API_VERSION } from '../../lib/api-versions.js';
import { llmsTxt } from './llms-txt.js';

const JsonRpcMessage = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Integer()])),
    method: Type.Optional(Type.String({ minLength: 1, maxLength: 200, examples: ['tools/list'] })),
    params: Type.Optional(Type.Object({}, { additionalProperties: true })),
    result: Type.Optional(Type.Object({}, { additionalProperties: true })),
    error: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  {
    additionalProperties: false,
    description: 'One JSON-RPC 2.0 message of the Model Context Protocol (a request, a notification, or a response).',
    examples: [{ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_resources', arguments: { limit: 10 } } }],
  },
);

/**
 * The MCP SDK (and the zod it brings) is a large module graph that few processes ever use:
 * it is imported at the first POST /mcp, not at start (docs/performance.md, "Start-up").
 */
let sdk: Promise<[typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js'), typeof import('./mcp.server.js')]> | null = null;
const loadSdk = () => (sdk ??= Promise.all([import('@modelcontextprotocol/sdk/server/streamableHttp.js'), import('./mcp.server.js')]));

export function mcpRoutes(app: App, clock: Clock): void {
  app.post('/mcp', {
    config: {
      // Any valid key connects; each tool needs its REST route's grant (mcp.server.ts).
      access: { account: 'optional', permission: 'bookings', grantsPerOperation: true },
      // Each tool call counts as the REST request it makes; the envelope does not count again.
      metered: false,
    },
    schema: {
      tags: ['Agents'],
      summary: 'The MCP server (Streamable HTTP, stateless): tools to find, hold, book, confirm, reschedule and cancel, under the same keys (docs/agents.md)',
      body: JsonRpcMessage,
      response: {
        200: Type.Object({}, { additionalProperties: true, description: 'The JSON-RPC response (application/json), or none (202) for a notification.' }),
      },
    },
    handler: async (req, reply) => {
      const [{ StreamableHTTPServerTransport }, { mcpServerFor }] = await loadSdk();
      const server = mcpServerFor(app, req, clock, LATEST_API_VERSION);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await server.connect(transport);
      reply.hijack();
      reply.raw.setHeader('Request-Id', req.id);
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await transport.handleRequest(req.raw, reply.raw, req.body);
    },
  });

  // Stateless: no server-initiated stream to open (GET) and no session to end (DELETE).
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      schema: { hide: true },
      handler: async (_req, reply) =>
        reply
          .code(405)
          .header('Allow', 'POST')
          .type('application/json')
          .send(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; send POST.' }, id: null })),
    });
  }

  app.get('/llms.txt', {
    config: { access: { public: true, account: 'none', permission: 'accounts' } },
    schema: { hide: true },
    handler: async (req, reply) => reply.type('text/plain; charset=utf-8').send(llmsTxt(`${req.protocol}://${req.host}`)),
  });
}
