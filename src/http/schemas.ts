/** Schemas shared by every route: ids, metadata, list parameters, the list envelope. */
import { Type, type TSchema, type TProperties } from 'typebox';

export const Id = (description = 'Object id') => Type.String({ minLength: 1, maxLength: 255, description });
export const DateTime = (description?: string) => Type.String({ format: 'date-time', description });
export const DateOnly = (description?: string) => Type.String({ format: 'date', description });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Up to 50 keys of at most 40 characters, values at most 500 characters. On update "" deletes a key. */
export const MetadataInput = Type.Record(Type.String(), Type.String({ maxLength: 500 }), {
  maxProperties: 50,
  propertyNames: { minLength: 1, maxLength: 40 },
  description: 'Up to 50 keys (1–40 characters) with string values (at most 500 characters). On update, an empty string removes the key.',
});
export const Metadata = Type.Record(Type.String(), Type.String());

export const ListQueryProperties = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Page size, 1 to 100 (default 20).' })),
  starting_after: Type.Optional(Id('Cursor: return the page after this object id.')),
  ending_before: Type.Optional(Id('Cursor: return the page before this object id.')),
};

/** `metadata[key]=value` filters, repeatable with different keys. */
const metadataFilter = { '^metadata\\[[^\\]]{1,40}\\]$': Type.String({ maxLength: 500 }) };

export function ListQuery<P extends TProperties>(properties: P, options: { metadata?: boolean } = { metadata: true }) {
  return Type.Object(
    { ...ListQueryProperties, ...properties },
    options.metadata === false
      ? { additionalProperties: false }
      : { additionalProperties: false, patternProperties: metadataFilter },
  );
}

export function ListOf<T extends TSchema>(item: T) {
  return Type.Object({ object: Type.Literal('list'), data: Type.Array(item), has_more: Type.Boolean() });
}

export const Deleted = Type.Object({ id: Type.String(), object: Type.String(), deleted: Type.Literal(true) });

export const IdParams = Type.Object({ id: Id() }, { additionalProperties: false });

export const EmptyBody = Type.Optional(Type.Object({}, { additionalProperties: false }));

/** Extracts `metadata[key]` filters from a parsed query. */
export function metadataFilters(query: Record<string, unknown>): Record<string, string> {
  const pairs: [string, string][] = [];
  for (const [k, v] of Object.entries(query)) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m) pairs.push([m[1], String(v)]);
  }
  return Object.fromEntries(pairs);
}

/** A segment's held time, as bookings and availability slots show it. */
export const SegmentTimeFields = {
  resource: Type.String(),
  location: Nullable(Type.String()),
  start: Type.String({ format: 'date-time' }),
  end: Type.String({ format: 'date-time' }),
  quantity: Type.Integer(),
};
