/**
 * Series use cases (docs/series.md): create, read, list, update (in place or from a date),
 * split, cancel, skipped occurrences. Each opens ONE transaction; generation happens inside
 * it (series.generate.ts), so a refused request leaves nothing behind.
 */
import { withTransaction, json, type DbHandle, type Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { accountTimezone } from '../../tenancy/accounts.repository.js';
import { invalid, notFound } from '../../lib/errors.js';
import type { PageParams } from '../../db/pagination.js';
import { mergeMetadata, metadataForCreate } from '../../lib/metadata.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { changedAttributes, recordEvent } from '../../events/outbox.repository.js';
import type { ConflictPolicy } from '../../core/availability/types.js';
import type { SeriesStatus } from '../../db/schema.js';
import { existingLocations, existingResources, lockResources, recheckBookings, type Reference } from '../../capacity/index.js';
import { instant } from '../bookings/index.js';
import type { Clock } from '../../lib/clock.js';
import {
  deleteSkippedFrom,
  findSeries,
  insertSeriesRow,
  listSeriesRows,
  listSkipped,
  lineageOf,
  setSeriesResources,
  updateSeriesRow,
  type SeriesRow,
} from './series.repository.js';
import { assertRuleOccurs, parseRule, parseStartTime, parseTemplate, parseTimezone, type ParsedTemplate, type TemplateBody } from './series.input.js';
import { advanceSeries, generateOccurrences } from './series.generate.js';
import { serializeSeries, serializeSkipped } from './series.serializer.js';
import { cancelOccurrences, changeSeries, seriesResources, type SeriesChange } from './series.change.js';

export interface CreateSeriesBody {
  rrule: string;
  start_date: string;
  start_time: string;
  template: TemplateBody;
  timezone?: string;
  horizon_days?: number;
  conflict_policy?: ConflictPolicy;
  metadata?: Record<string, string>;
}

export interface UpdateSeriesBody {
  horizon_days?: number;
  metadata?: Record<string, string>;
  rrule?: string;
  start_time?: string;
  template?: TemplateBody;
  conflict_policy?: ConflictPolicy;
  from?: string;
  on_conflict?: 'skip' | 'fail';
}

export interface SplitSeriesBody {
  at: string;
  rrule?: string;
  start_time?: string;
  timezone?: string;
  template?: TemplateBody;
  conflict_policy?: ConflictPolicy;
  metadata?: Record<string, string>;
}

const SKIPPED_LIST_LIMIT = 1000;

async function seriesTimezoneDefault(db: DbHandle, scope: AccountScope): Promise<string> {
  const timezone = await accountTimezone(db, scope);
  if (timezone === undefined) throw notFound('account', scope.accountId);
  return timezone;
}

/** 404 resource_missing naming where an unknown resource or location of a template was given. */
async function assertTemplateReferences(trx: Trx, scope: AccountScope, template: ParsedTemplate): Promise<void> {
  const [resources, locations] = await Promise.all([
    existingResources(trx, scope, template.resources.map((r) => r.id)),
    existingLocations(trx, scope, template.locations.map((l) => l.id)),
  ]);
  const unknown = (refs: Reference[], known: Set<string>) => refs.find((r) => !known.has(r.id));
  const r = unknown(template.resources, resources);
  if (r) throw notFound('resource', r.id, r.param);
  const l = unknown(template.locations, locations);
  if (l) throw notFound('location', l.id, l.param);
}

export class SeriesService {
  constructor(
    private readonly db: DbHandle,
    private readonly clock: Clock,
  ) {}

  async create(scope: AccountScope, body: CreateSeriesBody) {
    const now = this.clock.now();
    parseRule(body.rrule);
    const startMinutes = parseStartTime(body.start_time);
    const template = parseTemplate(body.template);
    const timezone = body.timezone !== undefined ? parseTimezone(body.timezone) : await seriesTimezoneDefault(this.db, scope);
    assertRuleOccurs({ rule: parseRule(body.rrule), startDate: body.start_date, startMinutes, timezone });
    return withTransaction(this.db, async (trx) => {
      await lockResources(trx, scope, template.resources.map((r) => r.id));
      await assertTemplateReferences(trx, scope, template);
      const inserted = await insertSeriesRow(trx, {
        account_id: scope.accountId,
        id: newId(ID_PREFIX.series, now.getTime()),
        livemode: scope.livemode,
        status: 'active',
        rrule: body.rrule.trim(),
        start_date: body.start_date,
        start_time: body.start_time,
        timezone,
        template: json(template.row),
        horizon_days: body.horizon_days ?? 90,
        conflict_policy: body.conflict_policy ?? 'reject',
        generated_until: null,
        ends_before: null,
        split_from: null,
        split_into: null,
        begins_at: null,
        due_at: null,
        metadata: json(metadataForCreate(body.metadata)),
        created_at: now,
        updated_at: now,
      });
      await setSeriesResources(trx, scope, inserted.id, seriesResources(template.row));
      const row = await advanceSeries(trx, scope, inserted, now);
      const series = serializeSeries(row);
      await recordEvent(trx, scope, 'series.created', series, null, now);
      return series;
    });
  }

  async get(scope: AccountScope, id: string) {
    const row = await findSeries(this.db, scope, id);
    if (!row) throw notFound('series', id);
    return serializeSeries(row);
  }

  async list(scope: AccountScope, filters: { status?: SeriesStatus }, page: PageParams, metadata: Record<string, string>) {
    const result = await listSeriesRows(this.db, scope, filters, page, metadata);
    return { object: 'list' as const, data: result.rows.map(serializeSeries), has_more: result.hasMore };
  }

  async skippedOccurrences(scope: AccountScope, id: string) {
    const row = await findSeries(this.db, scope, id);
    if (!row) throw notFound('series', id);
    const result = await listSkipped(this.db, scope, id, SKIPPED_LIST_LIMIT);
    return { object: 'list' as const, data: result.rows.map(serializeSkipped), has_more: result.hasMore };
  }

  async update(scope: AccountScope, id: string, body: UpdateSeriesBody) {
    const now = this.clock.now();
    const reshapes = body.rrule !== undefined || body.start_time !== undefined || body.template !== undefined || body.conflict_policy !== undefined;
    if (!reshapes && body.from !== undefined) throw invalid('from', 'from applies only with rrule, start_time, template or conflict_policy.');
    if (!reshapes && body.on_conflict !== undefined) {
      throw invalid('on_conflict', 'on_conflict applies only with rrule, start_time, template or conflict_policy.');
    }
    if (body.rrule !== undefined) parseRule(body.rrule);
    if (body.start_time !== undefined) parseStartTime(body.start_time);
    const fromMs = body.from !== undefined ? instant(body.from, 'from') : null;
    const template = body.template !== undefined ? parseTemplate(body.template) : null;

    const change: SeriesChange = {
      what: 'change',
      mustBeActive: reshapes || body.horizon_days !== undefined,
      cancelsFrom: () => new Date(Math.max(fromMs ?? now.getTime(), now.getTime())),
      newResources: template?.resources.map((r) => r.id) ?? [],
    };
    return changeSeries(this.db, scope, id, change, async (trx, locked, locks) => {
      let row = locked;
      if (template) await assertTemplateReferences(trx, scope, template);
      const before = serializeSeries(row);

      const inPlace: Parameters<typeof updateSeriesRow>[3] = {};
      if (body.metadata !== undefined) inPlace.metadata = json(mergeMetadata(row.metadata, body.metadata));
      if (body.horizon_days !== undefined) inPlace.horizon_days = body.horizon_days;
      if (Object.keys(inPlace).length > 0) row = await updateSeriesRow(trx, scope, id, { ...inPlace, updated_at: now });

      let freed = false;
      if (reshapes) {
        const rrule = body.rrule?.trim() ?? row.rrule;
        const startTime = body.start_time ?? row.start_time;
        assertRuleOccurs({ rule: parseRule(rrule), startDate: row.start_date, startMinutes: parseStartTime(startTime), timezone: row.timezone });
        const from = change.cancelsFrom(row);
        freed = await cancelOccurrences(trx, scope, locks, row, from, 'series_updated', now);
        await deleteSkippedFrom(trx, scope, id, from);
        row = await updateSeriesRow(trx, scope, id, {
          rrule,
          start_time: startTime,
          ...(template ? { template: json(template.row) } : {}),
          ...(body.conflict_policy !== undefined ? { conflict_policy: body.conflict_policy } : {}),
          updated_at: now,
        });
        if (template) await setSeriesResources(trx, scope, id, seriesResources(template.row));
        // What was generated before is generated again, from `from`; the horizon follows.
        const until = row.generated_until?.getTime() ?? now.getTime();
        await generateOccurrences(trx, scope, row, { from: from.getTime(), to: until }, now, {
          failOnConflict: body.on_conflict === 'fail',
          lineage: await lineageOf(trx, scope, row),
        });
      }
      row = await advanceSeries(trx, scope, row, now, { lineage: await lineageOf(trx, scope, row) });
      const after = serializeSeries(row);
      const changed = changedAttributes(before, after);
      if (changed) await recordEvent(trx, scope, 'series.updated', after, changed, now);
      if (freed) await recheckBookings(trx, scope, locks, now, { onlyConflicted: true });
      return after;
    });
  }

  async split(scope: AccountScope, id: string, body: SplitSeriesBody) {
    const now = this.clock.now();
    const at = instant(body.at, 'at');
    if (at <= now.getTime()) throw invalid('at', 'Invalid at: a series is split at a future instant.');
    if (body.rrule !== undefined) parseRule(body.rrule);
    if (body.start_time !== undefined) parseStartTime(body.start_time);
    const timezone = body.timezone !== undefined ? parseTimezone(body.timezone) : undefined;
    const template = body.template !== undefined ? parseTemplate(body.template) : null;

    const change: SeriesChange = { what: 'split', mustBeActive: true, cancelsFrom: () => new Date(at), newResources: template?.resources.map((r) => r.id) ?? [] };
    return changeSeries(this.db, scope, id, change, async (trx, locked, locks) => {
      let old = locked;
      if (template) await assertTemplateReferences(trx, scope, template);
      if (old.ends_before !== null && at >= old.ends_before.getTime()) {
        throw invalid('at', `Invalid at: the series already ends before ${old.ends_before.toISOString()}.`);
      }
      const child = {
        rrule: body.rrule?.trim() ?? old.rrule,
        start_time: body.start_time ?? old.start_time,
        timezone: timezone ?? old.timezone,
      };
      assertRuleOccurs({ rule: parseRule(child.rrule), startDate: old.start_date, startMinutes: parseStartTime(child.start_time), timezone: child.timezone });

      const before = serializeSeries(old);
      const atDate = new Date(at);
      const freed = await cancelOccurrences(trx, scope, locks, old, atDate, 'series_split', now);
      await deleteSkippedFrom(trx, scope, id, atDate);
      const childId = newId(ID_PREFIX.series, now.getTime());
      old = await updateSeriesRow(trx, scope, id, { ends_before: atDate, split_into: childId, updated_at: now });
      old = await advanceSeries(trx, scope, old, now, { noGeneration: true });
      const afterOld = serializeSeries(old);
      await recordEvent(trx, scope, 'series.split', afterOld, changedAttributes(before, afterOld), now);

      const templateRow = template?.row ?? old.template;
      const inserted = await insertSeriesRow(trx, {
        account_id: scope.accountId,
        id: childId,
        livemode: scope.livemode,
        status: 'active',
        rrule: child.rrule,
        // DTSTART stays: an unchanged rule keeps its cadence and its COUNT across the split.
        start_date: old.start_date,
        start_time: child.start_time,
        timezone: child.timezone,
        template: json(templateRow),
        horizon_days: old.horizon_days,
        conflict_policy: body.conflict_policy ?? old.conflict_policy,
        generated_until: null,
        ends_before: null,
        split_from: old.id,
        split_into: null,
        begins_at: atDate,
        due_at: null,
        metadata: json(body.metadata !== undefined ? mergeMetadata(old.metadata, body.metadata) : old.metadata),
        created_at: now,
        updated_at: now,
      });
      await setSeriesResources(trx, scope, childId, seriesResources(templateRow));
      const created = await advanceSeries(trx, scope, inserted, now, { lineage: await lineageOf(trx, scope, inserted) });
      const series = serializeSeries(created);
      await recordEvent(trx, scope, 'series.created', series, null, now);
      if (freed) await recheckBookings(trx, scope, locks, now, { onlyConflicted: true });
      return series;
    });
  }

  async cancel(scope: AccountScope, id: string, body: { from?: string } = {}) {
    const now = this.clock.now();
    const fromMs = body.from !== undefined ? instant(body.from, 'from') : null;
    const whole = fromMs === null || fromMs <= now.getTime();
    const cutoffOf = (row: SeriesRow) => new Date(whole ? now.getTime() : Math.min(fromMs!, row.ends_before?.getTime() ?? Infinity));
    const change: SeriesChange = { what: 'cancel', mustBeActive: true, cancelsFrom: cutoffOf, newResources: [] };
    return changeSeries(this.db, scope, id, change, async (trx, locked, locks) => {
      let row = locked;
      const before = serializeSeries(row);
      const cutoff = cutoffOf(row);
      const freed = await cancelOccurrences(trx, scope, locks, row, cutoff, 'series_cancelled', now);
      await deleteSkippedFrom(trx, scope, id, cutoff);
      if (whole) {
        row = await updateSeriesRow(trx, scope, id, { status: 'cancelled', due_at: null, updated_at: now });
      } else {
        row = await updateSeriesRow(trx, scope, id, { ends_before: cutoff, updated_at: now });
        row = await advanceSeries(trx, scope, row, now, { noGeneration: true });
      }
      const after = serializeSeries(row);
      await recordEvent(trx, scope, whole ? 'series.cancelled' : 'series.updated', after, changedAttributes(before, after), now);
      if (freed) await recheckBookings(trx, scope, locks, now, { onlyConflicted: true });
      return after;
    });
  }
}
