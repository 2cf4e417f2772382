#!/usr/bin/env node
// Runs the compiled service: dist/, made by `npm run build` (which `npm install` runs).
// When dist/ is missing or older than src/ (a developer editing), it is rebuilt first, so the
// command always runs what src/ holds; a failed build stops here with tsc's errors.
// Without TypeScript (installed with --omit=dev) an existing dist/ runs as it is.
// See docs/development.md.
import fs from 'node:fs';
import module from 'node:module';
import { build, canBuild, staleReason } from '../scripts/build.mjs';

// Node 22.1+ keeps the compiled form of the modules on disk between starts (not on Node 20).
module.enableCompileCache?.();

const stale = staleReason();
if (stale) {
  const hasDist = fs.existsSync(new URL('../dist/cli.js', import.meta.url));
  if (canBuild()) {
    console.error(`scheduling: ${stale}; compiling src/ to dist/ first …`);
    if (!build()) process.exit(1);
  } else if (!hasDist) {
    console.error('scheduling: dist/ is missing and TypeScript is not installed: run `npm install` (it builds dist/).');
    process.exit(1);
  }
}
await import('../dist/cli.js');
