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
