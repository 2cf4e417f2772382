/** Row types of recurring series (005-series.sql, docs/series.md). */
import type { Metadata } from '../../lib/metadata.js';
import type { Json, NullableTimestamp, Timestamp } from './columns.js';

export type SeriesStatus = 'active' | 'ended' | 'cancelled';

/** A series template as stored (the API's output shape; docs/series.md). */
export interface SeriesTemplateRow {
  segments: {
    resource: string | null;
    resources: string[] | null;
    offset_minutes: number | null;
    duration_minutes: number;
    quantity: number | null;
    location: string | null;
    buffer_before_minutes: number | null;
    buffer_after_minutes: number | null;
    /** Absent in templates stored before candidate order existed: listed. */
    candidate_order?: 'listed' | 'balanced' | 'weighted';
    /** Migration-free (a template's JSON): absent before 2027-02-15, read as week. */
    fairness_period?: 'day' | 'week' | 'month';
  }[];
  seats: number | null;
  metadata: Metadata | null;
}

export interface SeriesTable {
  account_id: string;
  id: string;
  livemode: boolean;
  status: SeriesStatus;
  rrule: string;
  start_date: string;
  start_time: string;
  timezone: string;
  template: Json<SeriesTemplateRow>;
  horizon_days: number;
  conflict_policy: 'reject' | 'capacity_only' | 'allow';
  generated_until: NullableTimestamp;
  ends_before: NullableTimestamp;
  split_from: string | null;
  split_into: string | null;
  /** A split's new series: occurrences begin here (its rule keeps the parent's DTSTART). */
  begins_at: NullableTimestamp;
  /** When the horizon worker must look at the series next (generate, or end it). */
  due_at: NullableTimestamp;
  metadata: Json<Metadata>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SeriesResourcesTable {
  account_id: string;
  series_id: string;
  resource_id: string;
}

export interface SeriesSkippedOccurrencesTable {
  account_id: string;
  series_id: string;
  occurrence_key: string;
  start_at: Timestamp;
  end_at: Timestamp;
  conflicts: Json<unknown[]>;
  created_at: Timestamp;
}
