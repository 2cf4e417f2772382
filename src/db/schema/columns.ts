/** Column types shared by the row types: how Kysely reads and writes each kind of column. */
import type { ColumnType } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;
/** jsonb columns are written as JSON text (see db/json.ts) and read back parsed. */
export type Json<T> = ColumnType<T, string, string>;
export type NullableJson<T> = ColumnType<T | null, string | null, string | null>;
/** A nullable jsonb column with a default (null): inserts may leave it out. */
export type DefaultedNullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
/** A jsonb column with a database default (migration 015's policies and charges): optional on insert. */
export type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;
