/** User data on objects: string keys to string values (docs/api-conventions.md). */
export type Metadata = Record<string, string>;
import { invalid } from './errors.js';

/** On create, empty values are simply not stored. */
export function metadataForCreate(input: Record<string, string> | undefined): Metadata {
  // Object.fromEntries defines own properties, so a key such as "__proto__" is kept as data.
  return Object.fromEntries(Object.entries(input ?? {}).filter(([, v]) => v !== ''));
}

/** On update, keys are merged; an empty string removes the key. */
export function mergeMetadata(current: Metadata, changes: Record<string, string> | undefined): Metadata {
  if (!changes) return current;
  const merged = new Map(Object.entries(current));
  for (const [k, v] of Object.entries(changes)) {
    if (v === '') merged.delete(k);
    else merged.set(k, v);
  }
  if (merged.size > METADATA_MAX_KEYS) {
    throw invalid('metadata', `Metadata can hold at most ${METADATA_MAX_KEYS} keys; this update would leave ${merged.size}.`);
  }
  return Object.fromEntries(merged);
}

export const METADATA_MAX_KEYS = 50;
