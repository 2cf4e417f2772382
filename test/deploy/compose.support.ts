/** compose.yaml as Compose reads it (YAML merge keys resolved), for the deployment tests. */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ComposeService {
  image?: string;
  build?: string | { context: string };
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test: string[] };
  restart?: string;
  stop_grace_period?: string;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  [extension: `x-${string}`]: unknown;
}

export const composeText = fs.readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8');
export const compose = parse(composeText, { merge: true }) as ComposeFile;

/** The services that run our image, by role: `serve --no-workers`, `worker`, `migrate`. */
export function servicesRunning(command: string[]): string[] {
  return Object.entries(compose.services)
    .filter(([, s]) => JSON.stringify(s.command) === JSON.stringify(command))
    .map(([name]) => name);
}
