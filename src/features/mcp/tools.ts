/**
 * The MCP tools (docs/agents.md#tools). Each tool IS one REST route: its input is the route's
 * body (or query) schema plus the path id and an optional idempotency key, its output the
 * route's response, its grant the route's. So a tool never drifts from the API it wraps, and
 * a tool whose route this build does not serve is simply not offered.
 */
export interface ToolSpec {
  name: string;
  /** Written for a model: what the tool is for, and what to call next. */
  description: string;
  method: 'GET' | 'POST';
  url: string;
  /** The path parameter `:id`, offered to the model under this name. */
  idArgument?: { name: string; description: string };
  /** Body members fixed by the tool (hold_booking is `pending`); not offered to the model. */
  fixed?: Record<string, unknown>;
  /** Body members filled in when the model leaves them out. */
  defaults?: (now: Date) => Record<string, unknown>;
  /** Read-only tools are safe to retry; writes take `idempotency_key`. */
  readOnly: boolean;
}

/** How long hold_booking holds a slot when the model names no expires_at. */
export const DEFAULT_HOLD_MINUTES = 10;

const BOOKING_ID = { name: 'booking_id', description: 'The booking id (bk_…).' };

export const TOOLS: readonly ToolSpec[] = [
  {
    name: 'find_availability',
    description:
      'Search bookable slots between two instants (from, to: RFC 3339). Every slot returned can be booked as is: pass its segments (resource, start, end) to hold_booking or book. Keep the range short (days, not months) to keep the search cheap.',
    method: 'POST',
    url: '/v1/availability',
    readOnly: true,
  },
  {
    name: 'explain_slot',
    description:
      'Explain why one slot start is or is not bookable: for each segment and candidate resource, whether it fits and every reason it does not. Use it when a wanted time is missing from find_availability.',
    method: 'POST',
    url: '/v1/availability/explain',
    readOnly: true,
  },
  {
    name: 'list_holidays',
    description:
      "List the public holidays of a country (ISO code, e.g. DE) and optionally its region (subdivision, e.g. BY) in one year: each day's date, name and type. A resource following these holidays is closed on them; explain_slot names the holiday (reason holiday) when a wanted day is missing.",
    method: 'GET',
    url: '/v1/holidays',
    readOnly: true,
  },
  {
    name: 'hold_booking',
    description: `Hold a slot without booking it yet: a pending booking that keeps the time until expires_at (default: about ${DEFAULT_HOLD_MINUTES} minutes from now; pass it explicitly when retrying with an idempotency_key), then lapses on its own. Confirm it with confirm_booking once the person agrees.`,
    method: 'POST',
    url: '/v1/bookings',
    // A tool acts for the customer: under a policy requiring approval the booking waits for it.
    fixed: { status: 'pending', requested: true },
    // On a whole minute, so that a retry with the same idempotency_key within the minute sends
    // the same body (and is replayed rather than refused as a different request).
    defaults: (now) => ({ expires_at: new Date(Math.ceil(now.getTime() / 60_000) * 60_000 + DEFAULT_HOLD_MINUTES * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z') }),
    readOnly: false,
  },
  {
    name: 'book',
    description: 'Book a slot now (a confirmed booking). Use segments from find_availability. Fails with booking_conflict when the time is no longer free.',
    method: 'POST',
    url: '/v1/bookings',
    fixed: { status: 'confirmed', requested: true },
    readOnly: false,
  },
  {
    name: 'confirm_booking',
    description: 'Confirm a held (pending) booking before it expires.',
    method: 'POST',
    url: '/v1/bookings/:id/confirm',
    idArgument: BOOKING_ID,
    readOnly: false,
  },
  {
    name: 'reschedule_booking',
    description:
      'Move a booking to new segments (find them with find_availability). A new booking replaces the old one, which is cancelled; the result is the new booking, with its own id: use that id from now on.',
    method: 'POST',
    url: '/v1/bookings/:id/reschedule',
    idArgument: BOOKING_ID,
    // The customer's door: the booking policy's window holds, whatever the key.
    fixed: { override_policy: false },
    readOnly: false,
  },
  {
    name: 'cancel_booking',
    description: 'Cancel a pending or confirmed booking, with an optional reason.',
    method: 'POST',
    url: '/v1/bookings/:id/cancel',
    idArgument: BOOKING_ID,
    fixed: { override_policy: false },
    readOnly: false,
  },
  {
    name: 'approve_booking',
    description: 'Approve a requested booking (one waiting for the business to accept it): it becomes confirmed.',
    method: 'POST',
    url: '/v1/bookings/:id/approve',
    idArgument: BOOKING_ID,
    readOnly: false,
  },
  {
    name: 'decline_booking',
    description: 'Decline a requested booking, with an optional reason: it is cancelled and its time is freed.',
    method: 'POST',
    url: '/v1/bookings/:id/decline',
    idArgument: BOOKING_ID,
    readOnly: false,
  },
  {
    name: 'record_payment',
    description:
      "Record a payment of a booking's deposit that the platform collected through its payment provider (amount in minor units, currency, provider, the provider's reference). Sending the same provider and reference again is safe: the same payment comes back. Once the deposit is paid the booking is confirmed; after its hold expired the payment is refused.",
    method: 'POST',
    url: '/v1/bookings/:id/payments',
    idArgument: BOOKING_ID,
    readOnly: false,
  },
  {
    name: 'get_booking',
    description: 'Read one booking: its status, segments, times and metadata.',
    method: 'GET',
    url: '/v1/bookings/:id',
    idArgument: BOOKING_ID,
    readOnly: true,
  },
  {
    name: 'booking_history',
    description:
      "A booking's changes, oldest first: each with its event type, time, who made it (actor: api_key, manage_link, booking_session, mcp, console, worker, system) and the attributes it changed. Use it to answer \"who moved my appointment?\". Page with starting_after set to the last id of a page.",
    method: 'GET',
    url: '/v1/bookings/:id/history',
    idArgument: BOOKING_ID,
    readOnly: true,
  },
  {
    name: 'list_bookings',
    description: 'List bookings, newest first, with filters (resource, status, time range). Page with starting_after set to the last id of a page.',
    method: 'GET',
    url: '/v1/bookings',
    readOnly: true,
  },
  {
    name: 'list_resources',
    description: 'List the bookable resources (rooms, people, equipment) of the account, newest first. Their ids go into find_availability.',
    method: 'GET',
    url: '/v1/resources',
    readOnly: true,
  },
];
