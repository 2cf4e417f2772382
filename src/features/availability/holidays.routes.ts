import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { ListOf, Nullable } from '../../http/schemas.js';
import type { Clock } from '../../lib/clock.js';
import { HOLIDAY_TYPES } from '../../lib/holidays.js';
import { listHolidays } from './holidays.service.js';
import { HolidayTypeSchema } from '../../capacity/index.js';

const HolidaySchema = Type.Object(
  {
    object: Type.Literal('holiday'),
    date: Type.String({ format: 'date', description: 'The local date it closes (in each resource\'s own zone).' }),
    name: Type.String({ description: "The holiday's name, in the country's language as the library gives it." }),
    type: HolidayTypeSchema,
    rule: Type.String({ description: 'The rule that gives the date, e.g. `easter 1` or `3rd monday in January`.' }),
    substitute: Type.Boolean({ description: 'A day observed in place of a holiday that falls on a weekend.' }),
    country: Type.String(),
    subdivision: Nullable(Type.String()),
  },
  { description: 'One day of a public holiday (since 2027-02-15).' },
);

export function holidayRoutes(app: App, clock: Clock) {
  app.get('/v1/holidays', {
    // Not an account's data: the library's days, listed for any key that may read availability.
    config: { access: { account: 'none', permission: 'availability', level: 'read' } },
    schema: {
      tags: ['Availability'],
      summary: "The holidays of a country (and region) in one year: the days an account's or resource's `holidays` setting closes",
      description:
        'Every type by default, each day with its type; `types` narrows the list as `holidays.types` would. An unknown country, subdivision or type: 400 naming the parameter (docs/availability.md#holidays).',
      querystring: Type.Object(
        {
          country: Type.String({ minLength: 1, maxLength: 10, description: 'ISO 3166-1 alpha-2 country code, e.g. `DE`.' }),
          subdivision: Type.Optional(Type.String({ minLength: 1, maxLength: 10, description: 'The region: the part of its ISO 3166-2 code after the dash, e.g. `BY`.' })),
          year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2200, description: 'Default: the current year (UTC).' })),
          types: Type.Optional(Type.String({ maxLength: 60, description: `Comma-separated types among ${HOLIDAY_TYPES.join(', ')}; default: all.` })),
        },
        { additionalProperties: false },
      ),
      response: { 200: ListOf(HolidaySchema) },
    },
    handler: (req) => listHolidays(req.query, clock.now()),
  });
}
