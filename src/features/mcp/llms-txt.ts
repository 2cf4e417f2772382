/** /llms.txt (https://llmstxt.org): the API in a page a model can read before it calls anything. */
import { TOOLS } from './tools.js';

export function llmsTxt(base: string): string {
  return `# Scheduling API

> Scheduling as a service: resources (rooms, people, equipment) with working time, an availability search whose every slot can be booked, bookings that never double-book (pending holds with an expiry, confirm, reschedule, cancel), and signed webhooks for every change.

Authenticate every request with \`Authorization: Bearer <key>\` (a secret sk_… or a restricted rk_… key). A platform key acts for one business with the \`Service-Account: acct_…\` header; a key bound to one account acts for that account only. Errors have one shape: \`{"error": {"type", "code", "message", "param", "request_id"}}\`. Times are RFC 3339 in UTC. Writes accept an \`Idempotency-Key\` header.

## For agents: the MCP server

- [MCP endpoint](${base}/mcp): Model Context Protocol, Streamable HTTP transport, stateless; the same keys and headers as the REST API. Tools: ${TOOLS.map((t) => t.name).join(', ')}. A restricted key sees only the tools its permissions allow.
- Typical flow: list_resources → find_availability (a short range) → hold_booking (a pending booking that lapses) → confirm_booking; reschedule_booking returns a new booking id; cancel_booking.

## API reference

- [OpenAPI document](${base}/v1/openapi.json): every operation, with its schemas and examples.
- [API reference page](${base}/docs): the same document, rendered.

## Docs (in the repository's docs/ folder)

- docs/quickstart.md: from zero to a confirmed booking and a verified webhook.
- docs/agents.md: connecting an MCP client, the tools, permissions, errors.
- docs/availability.md: schedules, overrides, blocks, the search.
- docs/bookings.md: booking states, holds and expiry, rescheduling, conflicts.
- docs/api-conventions.md: requests, errors, pagination, idempotency, versions.
- docs/events.md and docs/webhooks.md: the events of every change and their delivery.
- docs/reminders.md: booking.reminder events before a booking starts.
`;
}
