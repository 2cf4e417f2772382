import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { accountScope } from '../../http/context.js';
import type { ErasureService } from './erasure.service.js';

const Count = (description: string) => Type.Integer({ minimum: 0, description });

export const ErasureSchema = Type.Object(
  {
    id: Type.String({ description: 'era_…' }),
    object: Type.Literal('customer_erasure'),
    livemode: Type.Boolean(),
    account: Type.String(),
    erased: Type.Object(
      {
        bookings: Count('Bookings whose customer this request replaced with the tombstone.'),
        attendees: Count('Attendees whose customer this request replaced with the tombstone.'),
        events: Count("Stored events (and so the bodies of their webhook deliveries) from which this request removed the customer's copies."),
        stored_responses: Count('Stored Idempotency-Key responses from which this request removed the customer.'),
        booking_sessions: Count("Booking sessions whose customer prefill (docs/elements.md) this request removed."),
      },
      { description: 'What this request changed; all 0 when the customer was already erased (or never known).' },
    ),
    created_at: Type.String({ format: 'date-time' }),
  },
  { description: 'An erasure of one customer (since 2027-05-01, docs/privacy.md#erasure). It names counts, never the customer.' },
);

const EraseBody = Type.Object(
  {
    customer: Type.Object(
      {
        reference: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "The platform's reference of the customer (`customer.reference` on bookings and attendees)." })),
        email: Type.Optional(Type.String({ minLength: 3, maxLength: 254, description: 'An email address: every customer with this email (whatever its case) is erased too.' })),
      },
      { additionalProperties: false, description: 'The customer to erase: its reference, its email, or both (a row that matches either is erased).' },
    ),
  },
  { additionalProperties: false },
);

export function privacyRoutes(app: App, erasures: ErasureService) {
  app.post('/v1/customers/erase', {
    config: { access: { account: 'required', permission: 'bookings' } },
    schema: {
      tags: ['Privacy'],
      summary: "Erase a customer's personal data from the account",
      description:
        "Replaces the customer (reference, name, email, phone, locale, time zone) of every booking and attendee of the account that carries it with a tombstone (`customer.reference` `erased`, every other field null), and removes the same customer from the copies the service keeps: stored events (and so webhook deliveries and resends, whose bodies are those events), stored Idempotency-Key responses and manage-link views. Ids, times, statuses and seats are kept, so availability and usage do not change. Idempotent: erasing again changes nothing and records no second event. Writes one `customer.erased` event, which carries counts and no personal data. Large accounts are erased in bounded passes within the request. Needs `bookings: write`. Since 2027-05-01 (docs/privacy.md#erasure).",
      body: EraseBody,
      response: { 200: ErasureSchema },
    },
    handler: async (req) => erasures.erase(accountScope(req), req.body),
  });
}
