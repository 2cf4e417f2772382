import type { FeatureModule } from '../module.js';
import { mcpRoutes } from './mcp.routes.js';

export { TOOLS } from './tools.js';

/** The MCP server at /mcp and /llms.txt, for AI agents (docs/agents.md). */
export const mcpModule: FeatureModule = {
  name: 'mcp',
  tags: [{ name: 'Agents', description: 'The Model Context Protocol server: the API as tools for AI agents, under the same keys.' }],
  routes(app, { clock }) {
    mcpRoutes(app, clock);
  },
};
