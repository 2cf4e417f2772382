import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { accountScope } from '../../http/context.js';
import { IdParams, ListOf, ListQuery, metadataFilters } from '../../http/schemas.js';
import type { SeriesService } from './series.service.js';
import { assertSegmentsOfPlannerVersion } from '../bookings/index.js';
import {
  CancelSeriesBody,
  CreateSeriesBody,
  EXAMPLE_TEMPLATE,
  SeriesSchema,
  SeriesStatusSchema,
  SkippedOccurrenceSchema,
  SplitSeriesBody,
  UpdateSeriesBody,
} from './series.schemas.js';

const access = { account: 'required', permission: 'series' } as const;
const tags = ['Series'];

const createExample = {
  rrule: 'FREQ=WEEKLY;BYDAY=MO,WE',
  start_date: '2027-01-04',
  start_time: '09:00',
  timezone: 'Europe/Paris',
  template: EXAMPLE_TEMPLATE,
  horizon_days: 90,
  conflict_policy: 'reject',
  metadata: { teacher: 'Ana' },
};

export function seriesRoutes(app: App, service: SeriesService) {
  app.post('/v1/series', {
    config: { access },
    schema: {
      tags,
      summary: 'Create a series: every occurrence up to horizon_days ahead is booked at once, in the same transaction',
      description:
        'Each occurrence is a booking made by the same planning code as POST /v1/bookings, under the series’ conflict_policy; an occurrence the policy refuses is skipped (GET /v1/series/{id}/skipped_occurrences) and the series goes on. A malformed or unsupported rrule is 400 parameter_invalid with param "rrule" and a message naming the part. See docs/series.md.',
      body: { ...CreateSeriesBody, examples: [createExample] },
      response: { 200: SeriesSchema },
    },
    handler: (req) => {
      assertSegmentsOfPlannerVersion(req, 'template.segments');
      return service.create(accountScope(req), req.body);
    },
  });

  app.get('/v1/series', {
    config: { access },
    schema: {
      tags,
      summary: 'List series (newest first)',
      querystring: ListQuery({ status: Type.Optional(SeriesStatusSchema) }),
      response: { 200: ListOf(SeriesSchema) },
    },
    handler: (req) => {
      const { limit, starting_after, ending_before, status } = req.query;
      return service.list(accountScope(req), { status }, { limit, starting_after, ending_before }, metadataFilters(req.query));
    },
  });

  app.get('/v1/series/:id', {
    config: { access },
    schema: { tags, summary: 'Retrieve a series', params: IdParams, response: { 200: SeriesSchema } },
    handler: (req) => service.get(accountScope(req), req.params.id),
  });

  app.post('/v1/series/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Update a series: horizon_days and metadata in place; rrule, start_time, template and conflict_policy from `from`',
      description:
        'Generated occurrences starting at or after `from` (default now) are cancelled (cancellation_reason "series_updated") and generated again; occurrences cancelled or rescheduled by hand are never generated again. on_conflict "fail": 409 booking_conflict listing the conflicts of every refused occurrence (each with occurrence_key and start), and nothing changes.',
      params: IdParams,
      body: { ...UpdateSeriesBody, examples: [{ start_time: '10:00', from: '2027-02-01T00:00:00Z', on_conflict: 'fail' }, { horizon_days: 180, metadata: { teacher: 'Bo' } }] },
      response: { 200: SeriesSchema },
    },
    handler: (req) => {
      assertSegmentsOfPlannerVersion(req, 'template.segments');
      return service.update(accountScope(req), req.params.id, req.body ?? {});
    },
  });

  app.post('/v1/series/:id/split', {
    config: { access },
    schema: {
      tags,
      summary: 'Split a series at `at`: it ends before `at`, a new series (returned) takes over from `at` with the given changes',
      description:
        'The old series gets ends_before = at and split_into; its occurrences from `at` are cancelled (cancellation_reason "series_split"). The new series has split_from, keeps the old start_date (so an unchanged rule keeps its cadence and COUNT) and begins at `at`.',
      params: IdParams,
      body: { ...SplitSeriesBody, examples: [{ at: '2027-03-01T00:00:00Z', start_time: '18:00' }] },
      response: { 200: SeriesSchema },
    },
    handler: (req) => {
      assertSegmentsOfPlannerVersion(req, 'template.segments');
      return service.split(accountScope(req), req.params.id, req.body);
    },
  });

  app.post('/v1/series/:id/cancel', {
    config: { access },
    schema: {
      tags,
      summary: 'Cancel a series: all of it (no `from`, or a past one), or its occurrences from a future `from` (ends_before = from)',
      params: IdParams,
      body: { ...CancelSeriesBody, examples: [{ from: '2027-06-01T00:00:00Z' }] },
      response: { 200: SeriesSchema },
    },
    handler: (req) => service.cancel(accountScope(req), req.params.id, req.body ?? {}),
  });

  app.get('/v1/series/:id/skipped_occurrences', {
    config: { access },
    schema: {
      tags,
      summary: 'Occurrences the series’ conflict policy refused, with their conflicts (by start; at most 1000)',
      params: IdParams,
      response: { 200: ListOf(SkippedOccurrenceSchema) },
    },
    handler: (req) => service.skippedOccurrences(accountScope(req), req.params.id),
  });
}
