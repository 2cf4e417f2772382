import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { platformScope } from '../../http/context.js';
import { ListOf, ListQuery } from '../../http/schemas.js';
import type { UsageService } from './usage.service.js';

const counterFields = {
  active_accounts: Type.Integer({ description: 'Accounts that existed at any time in the period (1 or 0 per account).' }),
  active_resources: Type.Integer({ description: 'Resources that were active (not archived, not deleted) at any time in the period.' }),
  bookings_created: Type.Integer({ description: 'Bookings created in the period: create, reschedule (the new booking), import, series occurrences.' }),
  api_requests: Type.Integer({ description: 'Requests authenticated with a key of the platform in this mode, except those refused with 429.' }),
  webhook_deliveries: Type.Integer({ description: 'Webhook deliveries created: one per event and subscribed endpoint, and the new ones a resend creates (retries do not count).' }),
};
const Counters = Type.Object(counterFields);
const AccountUsage = Type.Object({ account: Type.String(), ...counterFields });

const periodFields = {
  period: Type.String({ description: 'The month, YYYY-MM (UTC).' }),
  period_start: Type.String({ format: 'date-time', description: 'Start of the month, 00:00 UTC on its first day.' }),
  period_end: Type.String({ format: 'date-time', description: 'End of the month, exclusive: 00:00 UTC on the first day of the next month.' }),
  livemode: Type.Boolean(),
  totals: Type.Object(counterFields, {
    description: "The platform's counters in this mode: the accounts' counters added up, plus requests and deliveries that belong to no account.",
  }),
  accounts: Type.Array(AccountUsage, { description: 'Each account with usage in the period, by account id; deleted accounts stay listed.' }),
};

export const UsageSummary = Type.Object({ object: Type.Literal('usage_summary'), ...periodFields });
export const UsageStatement = Type.Object({
  id: Type.String(),
  object: Type.Literal('usage_statement'),
  ...periodFields,
  created_at: Type.String({ format: 'date-time', description: 'When the statement was issued, after the month closed.' }),
});

const access = { account: 'none', permission: 'usage' } as const;
const tags = ['Usage'];

export function usageRoutes(app: App, service: UsageService) {
  app.get('/v1/usage', {
    config: { access },
    schema: {
      tags,
      summary: "One month of the platform's usage in the key's mode",
      description:
        'Counters are written as the service runs (docs/usage.md). The current month moves; a closed month whose statement was issued answers with the statement, which never changes. Request counts reach the counters within a few seconds.',
      querystring: Type.Object(
        { period: Type.Optional(Type.String({ maxLength: 20, description: 'A month as YYYY-MM; default: the current UTC month. Anything else: 400 with param `period`.' })) },
        { additionalProperties: false },
      ),
      response: { 200: UsageSummary },
    },
    handler: (req) => service.summary(platformScope(req), req.query.period),
  });

  app.get('/v1/usage/statements', {
    config: { access },
    schema: {
      tags,
      summary: 'Monthly usage statements, newest month first',
      description:
        'One statement per closed month, from the first month with usage, issued by a background worker a few minutes after the month ends (docs/usage.md). A statement never changes once issued.',
      querystring: ListQuery({}, { metadata: false }),
      response: { 200: ListOf(UsageStatement) },
    },
    handler: (req) => service.statements(platformScope(req), req.query),
  });
}
