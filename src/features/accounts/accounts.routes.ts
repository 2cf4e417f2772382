import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { platformScope } from '../../http/context.js';
import { Deleted, IdParams, ListOf, ListQuery, Metadata, MetadataInput, metadataFilters, Nullable } from '../../http/schemas.js';
import type { AccountsService } from './accounts.service.js';
import { AccountHolidaysInput, AccountHolidaysSchema, BookingPolicyInput, BookingPolicySchema, BookingRulesInput, BookingRulesSchema } from '../../capacity/index.js';
import { ReminderOffsets } from '../reminders/index.js';
import { assertFieldsOfVersion } from '../../http/request-guards.js';
import { PLANNER_VERSION } from '../../lib/api-versions.js';

const Account = Type.Object({
  id: Type.String(),
  object: Type.Literal('account'),
  livemode: Type.Boolean(),
  name: Type.String(),
  timezone: Type.String(),
  booking_rules: BookingRulesSchema,
  holidays: AccountHolidaysSchema,
  booking_policy: BookingPolicySchema,
  reminder_offsets_minutes: ReminderOffsets("The default reminder offsets of the account's resources ([]: none)."),
  display_name: Nullable(Type.String({ description: 'The business name its manage-link pages and the console show (null: `name`).' })),
  accent_color: Nullable(Type.String({ description: 'The accent colour of its manage-link pages, `#rrggbb` (null: the default).' })),
  booking_label_metadata_key: Nullable(
    Type.String({ description: "The metadata key whose value labels a booking in the console when the booking names no customer (null: the resource's name)." }),
  ),
  metadata: Metadata,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Timezone = Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone name; default UTC.' });

const Offsets = Type.Optional(
  ReminderOffsets("Up to 5 distinct minutes (1 to 43200) before a booking's start at which booking.reminder is sent, for every resource whose own reminder_offsets_minutes is null. Default []."),
);

const DisplayName = Type.Optional(
  Nullable(Type.String({ minLength: 1, maxLength: 200, description: 'The business name shown to the people who book (manage-link pages) and in the console; null: `name`.' })),
);
const AccentColor = Type.Optional(
  Nullable(Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'The accent colour of its manage-link pages, `#rrggbb`; null: the default.' })),
);
const LabelKey = Type.Optional(
  Nullable(
    Type.String({
      minLength: 1,
      maxLength: 40,
      description: "A metadata key of bookings: the console labels a booking by its value when the booking names no customer; null: by the resource's name.",
    }),
  ),
);

const access = { account: 'none', permission: 'accounts' } as const;
const RulesInput = Type.Object(BookingRulesInput.properties, {
  additionalProperties: false,
  description: "The default booking rules of the account's resources (docs/bookings.md#booking-rules); on update, the fields given replace the stored ones.",
});
const PolicyInput = Type.Object(BookingPolicyInput.properties, {
  additionalProperties: false,
  description: "The default booking policy of the account's resources (docs/policies.md); on update, the fields given replace the stored ones.",
});
const tags = ['Accounts'];

export function accountRoutes(app: App, service: AccountsService) {
  app.post('/v1/accounts', {
    config: { access },
    schema: {
      tags,
      summary: 'Create an account (a business hosted by the platform)',
      description: 'A key bound to one account cannot create accounts (403 permission_denied): it could never reach them.',
      body: Type.Object(
        {
          name: Name,
          timezone: Type.Optional(Timezone),
          booking_rules: Type.Optional(RulesInput),
          holidays: Type.Optional(AccountHolidaysInput),
          booking_policy: Type.Optional(PolicyInput),
          reminder_offsets_minutes: Offsets,
          display_name: DisplayName,
          accent_color: AccentColor,
          booking_label_metadata_key: LabelKey,
          metadata: Type.Optional(MetadataInput),
        },
        { additionalProperties: false },
      ),
      response: { 200: Account },
    },
    handler: (req) => {
      assertFieldsOfVersion(req, ['holidays'], PLANNER_VERSION);
      return service.create(platformScope(req), req.body, req.auth.boundAccountId);
    },
  });

  app.get('/v1/accounts', {
    config: { access },
    schema: { tags, summary: 'List accounts, newest first', querystring: ListQuery({}), response: { 200: ListOf(Account) } },
    handler: (req) => service.list(platformScope(req), req.query, metadataFilters(req.query), req.auth.boundAccountId),
  });

  app.get('/v1/accounts/:id', {
    config: { access },
    schema: { tags, summary: 'Retrieve an account', params: IdParams, response: { 200: Account } },
    handler: (req) => service.get(platformScope(req), req.params.id, req.auth.boundAccountId),
  });

  app.post('/v1/accounts/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Update an account',
      params: IdParams,
      body: Type.Object(
        {
          name: Type.Optional(Name),
          timezone: Type.Optional(Timezone),
          booking_rules: Type.Optional(RulesInput),
          holidays: Type.Optional(AccountHolidaysInput),
          booking_policy: Type.Optional(PolicyInput),
          reminder_offsets_minutes: Offsets,
          display_name: DisplayName,
          accent_color: AccentColor,
          booking_label_metadata_key: LabelKey,
          metadata: Type.Optional(MetadataInput),
        },
        {
          additionalProperties: false,
          examples: [{ booking_rules: { min_notice_minutes: 60, max_per_week: 20 } }, { display_name: 'Yoga Loft', accent_color: '#7c3aed' }, { holidays: { country: 'DE', subdivision: 'BY' } }],
        },
      ),
      response: { 200: Account },
    },
    handler: (req) => {
      assertFieldsOfVersion(req, ['holidays'], PLANNER_VERSION);
      return service.update(platformScope(req), req.params.id, req.body ?? {}, req.auth.boundAccountId);
    },
  });

  app.delete('/v1/accounts/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Delete an account and everything under it (409 account_in_use while it has live bookings)',
      params: IdParams,
      response: { 200: Deleted },
    },
    handler: (req) => service.delete(platformScope(req), req.params.id, req.auth.boundAccountId),
  });
}
