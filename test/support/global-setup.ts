/**
 * Once per `npm test` run, before any test file:
 * 1. builds dist/ when it is missing or older than src/, so the process tests run the same
 *    compiled code as `npm start` (scripts/build.mjs);
 * 2. migrates one template database that every test file clones (test/support/database.ts),
 *    and removes it when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/build.mjs';
import { createTemplate, type DatabaseTemplate } from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!buildIfStale()) throw new Error('The build failed (see the errors above); the process tests need dist/.');
  const { template, drop } = await createTemplate();
  project.provide('databaseTemplate', template);
  return drop;
}
