/**
 * One MCP server per HTTP request (stateless Streamable HTTP, docs/agents.md). It is built for
 * the key that made the request: it lists only the tools the key's grants allow, and runs a
 * tool by making the tool's REST request through the same app (`inject`), with the caller's
 * key and Service-Account. So a tool call goes through everything a REST call does — auth,
 * the account a bound key may reach, validation, idempotency, the service and its events,
 * usage and rate limits — and cannot do anything the key could not do over REST.
 */
import type { FastifyRequest } from 'fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { App } from '../../http/server.js';
import { routeCatalogue, type RouteEntry } from '../../http/openapi.js';
import { routeRefusal } from '../../http/auth.js';
import type { RouteAccess } from '../../http/context.js';
import { LATEST_API_VERSION } from '../../lib/api-versions.js';
import type { Clock } from '../../lib/clock.js';
import { TOOLS, type ToolSpec } from './tools.js';
import { inProcessDoor } from '../../http/actor.js';

type JsonSchema = Record<string, any>;

interface BuiltTool {
  spec: ToolSpec;
  access: RouteAccess;
  definition: Tool;
}

const IDEMPOTENCY_KEY = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  description: 'Optional. Retrying a call with the same key returns the first result instead of doing it twice.',
};

/** A JSON copy: TypeBox schemas carry symbols and non-JSON members that must not reach clients. */
const plain = (schema: unknown): JsonSchema | undefined => (schema === undefined ? undefined : JSON.parse(JSON.stringify(schema)));

function inputSchemaOf(spec: ToolSpec, route: RouteEntry): JsonSchema {
  const source = plain(spec.method === 'GET' ? route.schema?.querystring : route.schema?.body) ?? {};
  const properties: JsonSchema = { ...(source.properties ?? {}) };
  const required = new Set<string>(source.required ?? []);
  for (const name of Object.keys(spec.fixed ?? {})) {
    delete properties[name];
    required.delete(name);
  }
  if (spec.idArgument) {
    properties[spec.idArgument.name] = { type: 'string', minLength: 1, maxLength: 255, description: spec.idArgument.description };
    required.add(spec.idArgument.name);
  }
  if (!spec.readOnly) properties.idempotency_key = IDEMPOTENCY_KEY;
  return { type: 'object', properties, ...(required.size ? { required: [...required] } : {}), additionalProperties: false };
}

/**
 * The tools this build serves: a spec whose route is missing (explain before it ships) is left out.
 * Built once per app: its routes do not change once it serves, and copying every tool's
 * schemas took 3 % of a soak's CPU when each MCP request built them again (docs/performance.md, "Soak").
 */
const toolsOfApp = new WeakMap<App, BuiltTool[]>();
function toolsOf(app: App): BuiltTool[] {
  let tools = toolsOfApp.get(app);
  if (!tools) toolsOfApp.set(app, (tools = buildTools(app)));
  return tools;
}

function buildTools(app: App): BuiltTool[] {
  const routes = routeCatalogue(app);
  const out: BuiltTool[] = [];
  for (const spec of TOOLS) {
    const route = routes.find((r) => r.method === spec.method && r.url === spec.url);
    if (!route?.access) continue;
    const output = plain(route.schema?.response?.[200]);
    out.push({
      spec,
      access: route.access,
      definition: {
        name: spec.name,
        description: spec.description,
        inputSchema: inputSchemaOf(spec, route) as Tool['inputSchema'],
        ...(output?.type === 'object' ? { outputSchema: output as Tool['outputSchema'] } : {}),
        annotations: { readOnlyHint: spec.readOnly, destructiveHint: spec.name === 'cancel_booking', openWorldHint: false },
      },
    });
  }
  return out;
}

const toolError = (error: { type?: string; code: string; message: string; param?: string | null }): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: JSON.stringify({ error }) }],
});

/** The REST request of one tool call, answered by the app itself. */
async function callTool(app: App, req: FastifyRequest, clock: Clock, tool: BuiltTool, args: Record<string, unknown>): Promise<CallToolResult> {
  const { spec } = tool;
  const { idempotency_key: idempotencyKey, ...rest } = args;
  let url = spec.url;
  if (spec.idArgument) {
    const id = rest[spec.idArgument.name];
    if (typeof id !== 'string' || id.length === 0) {
      return toolError({ type: 'invalid_request_error', code: 'parameter_missing', message: `${spec.idArgument.name} is required.`, param: spec.idArgument.name });
    }
    delete rest[spec.idArgument.name];
    url = url.replace(':id', encodeURIComponent(id));
  }
  if (idempotencyKey !== undefined && typeof idempotencyKey !== 'string') {
    return toolError({ type: 'invalid_request_error', code: 'parameter_invalid', message: 'idempotency_key must be a string.', param: 'idempotency_key' });
  }
  const headers: Record<string, string> = { 'service-version': LATEST_API_VERSION };
  for (const name of ['authorization', 'service-account', 'user-agent'] as const) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  let payload: string | undefined;
  if (spec.method === 'GET') {
    const query = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    if ([...query].length) url += `?${query}`;
  } else {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify({ ...(spec.defaults?.(clock.now()) ?? {}), ...rest, ...(spec.fixed ?? {}) });
  }
  // The route runs as this door: its events name the MCP endpoint and the caller's key (docs/events.md#actors).
  Object.assign(headers, inProcessDoor('mcp', req.id));
  const res = await app.inject({ method: spec.method, url, headers, payload });
  let body: any;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = null;
  }
  if (res.statusCode !== 200 || !body || typeof body !== 'object') {
    const error = body?.error ?? { type: 'api_error', code: 'internal_error', message: `The API answered ${res.statusCode}.` };
    const { type, code, message, param } = error;
    return toolError({ type, code, message, param: param ?? null });
  }
  return { content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body };
}

export function mcpServerFor(app: App, req: FastifyRequest, clock: Clock, version: string): Server {
  const tools = toolsOf(app);
  const allowed = tools.filter((t) => routeRefusal(req.auth, t.access, t.spec.method) === null);
  const server = new Server(
    { name: 'scheduling', title: 'Scheduling API', version },
    {
      capabilities: { tools: {} },
      instructions:
        'Tools to find free time and book it for the account this key acts for. Typical flow: list_resources → find_availability → hold_booking (or book) → confirm_booking. reschedule_booking returns a NEW booking id. Errors carry the API error code (booking_conflict: the time was taken; pick another slot).',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: allowed.map((t) => t.definition) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const name = request.params.name;
    const tool = allowed.find((t) => t.spec.name === name);
    if (!tool) {
      const known = tools.some((t) => t.spec.name === name);
      return toolError(
        known
          ? { type: 'permission_error', code: 'permission_denied', message: `This restricted key lacks the grant that ${name} needs.`, param: null }
          : { type: 'invalid_request_error', code: 'parameter_invalid', message: `Unknown tool '${name}'.`, param: 'name' },
      );
    }
    const args = request.params.arguments ?? {};
    return callTool(app, req, clock, tool, args as Record<string, unknown>);
  });
  return server;
}
