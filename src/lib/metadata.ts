import type { Metadata } from '../db/schema.js';
import { invalid } from '../http/errors.js';

/** On create, empty values are simply not stored. */
export function metadataForCreate(input: Record<string, string> | undefined): Metadata {
  const out: Metadata = {};
  for (const [k, v] of Object.entries(input ?? {})) if (v !== '') out[k] = v;
  return out;
}

/** On update, keys are merged; an empty string removes the key. */
export function mergeMetadata(current: Metadata, changes: Record<string, string> | undefined): Metadata {
  if (!changes) return current;
  const out: Metadata = { ...current };
  for (const [k, v] of Object.entries(changes)) {
    if (v === '') delete out[k];
    else out[k] = v;
  }
  if (Object.keys(out).length > METADATA_MAX_KEYS) {
    throw invalid('metadata', `Metadata can hold at most ${METADATA_MAX_KEYS} keys; this update would leave ${Object.keys(out).length}.`);
  }
  return out;
}

export const METADATA_MAX_KEYS = 50;
