#!/usr/bin/env node
/**
 * The build: `tsc -p tsconfig.build.json` compiles src/ into dist/ (dist mirrors src:
 * src/cli.ts → dist/cli.js), then every file of src/ that is not TypeScript (the .sql
 * migrations, loaded relative to their module's import.meta.url) is copied to the same
 * relative place under dist/, and files whose source is gone are removed, so dist/ never
 * runs a migration or module that src/ no longer has.
 *
 *   node scripts/build.mjs            build (incremental: only what changed is re-emitted)
 *   node scripts/build.mjs --if-stale build only when dist/ is missing or older than src/
 *   node scripts/build.mjs --prepare  as `npm install` runs it: without TypeScript (an install
 *                                     with --omit=dev) it only warns, keeping a shipped dist/
 *
 * `npm run build` runs it; so do `npm install`/`npm ci` (the `prepare` script), `npm test`
 * (test/support/global-setup.ts, when stale) and bin/scheduling.js (when stale).
 * No dependency beyond TypeScript itself.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(ROOT, 'src');
const DIST = path.join(ROOT, 'dist');
/** Written last by a successful build: its mtime is the build's time. */
const STAMP = path.join(DIST, '.build-stamp');
const TSBUILDINFO = path.join(DIST, '.tsbuildinfo');
/** A dump of an empty PGlite cluster for first starts (scripts/pglite-initdb.mjs) and its version. */
const INITDB_DUMP = path.join(DIST, 'pglite-initdb.tar');
const INITDB_META = path.join(DIST, 'pglite-initdb.json');
const GENERATED = new Set([STAMP, TSBUILDINFO, INITDB_DUMP, INITDB_META].map((f) => path.basename(f)));
/** Besides src/, what changes the output. */
const INPUTS = ['tsconfig.json', 'tsconfig.build.json', 'scripts/build.mjs'].map((f) => path.join(ROOT, f));

/** Every file and folder under `dir` (folders too: a deleted or renamed file changes its folder's mtime). */
function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    out.push(full);
    if (entry.isDirectory()) walk(full, out);
  }
  return out;
}

/** Why dist/ must be (re)built, or null when it is up to date with src/. */
export function staleReason() {
  let built;
  try {
    built = fs.statSync(STAMP).mtimeMs;
  } catch {
    return 'dist/ has not been built';
  }
  for (const file of [SRC, ...walk(SRC), ...INPUTS]) {
    let mtime;
    try {
      mtime = fs.statSync(file).mtimeMs;
    } catch {
      continue;
    }
    if (mtime > built) return `${path.relative(ROOT, file)} changed after the last build`;
  }
  return null;
}

function typescriptCompiler() {
  try {
    return createRequire(path.join(ROOT, 'package.json')).resolve('typescript/bin/tsc');
  } catch {
    return null;
  }
}

/** Where the compiled or copied file `distFile` comes from in src/ (null: an internal file). */
function sourceOf(distFile) {
  const rel = path.relative(DIST, distFile);
  if (GENERATED.has(rel)) return null;
  const ts = rel.replace(/\.js(\.map)?$/, '.ts').replace(/\.d\.ts(\.map)?$/, '.ts');
  return path.join(SRC, ts);
}

/** Copies src's non-TypeScript files into dist/, and removes dist files whose source is gone. */
function mirrorAssets() {
  for (const file of walk(SRC)) {
    if (fs.statSync(file).isDirectory() || file.endsWith('.ts')) continue;
    const target = path.join(DIST, path.relative(SRC, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
  }
  for (const file of walk(DIST).reverse()) {
    const stat = fs.statSync(file);
    if (stat.isDirectory()) {
      if (fs.readdirSync(file).length === 0) fs.rmdirSync(file);
      continue;
    }
    const source = sourceOf(file);
    if (source && !fs.existsSync(source)) fs.rmSync(file);
  }
}

/** True when the compiler is installed (it is a devDependency: absent after `npm ci --omit=dev`). */
export function canBuild() {
  return typescriptCompiler() !== null;
}

/** The installed PGlite's version (its package.json is not in its exports, so found by path). */
export function installedPgliteVersion() {
  const entry = createRequire(path.join(ROOT, 'package.json')).resolve('@electric-sql/pglite');
  return JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')).version;
}

/** (Re)makes the empty-cluster dump unless one made by the installed PGlite is there. */
function dumpEmptyCluster() {
  const version = installedPgliteVersion();
  try {
    if (JSON.parse(fs.readFileSync(INITDB_META, 'utf8')).pglite === version && fs.existsSync(INITDB_DUMP)) return true;
  } catch {
    /* none yet */
  }
  fs.rmSync(INITDB_META, { force: true });
  const res = spawnSync(process.execPath, [path.join(ROOT, 'scripts/pglite-initdb.mjs'), INITDB_DUMP, INITDB_META, version], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) console.error('build: could not dump an empty PGlite cluster; first starts will run initdb (slower).');
  return true;
}

/** Builds dist/; returns false (after saying why on stderr) when it could not. */
export function build() {
  const tsc = typescriptCompiler();
  if (!tsc) {
    console.error('build: TypeScript is not installed (it is a devDependency): run `npm install`, then `npm run build`.');
    return false;
  }
  // No stamp means no trustworthy previous build: start clean rather than trust tsc's
  // incremental record of outputs that may have been deleted.
  if (!fs.existsSync(STAMP)) fs.rmSync(DIST, { recursive: true, force: true });
  const started = Date.now();
  const res = spawnSync(process.execPath, [tsc, '-p', path.join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) {
    // noEmitOnError: dist/ still holds the previous build, and its stamp stays older than src/.
    console.error('build: tsc failed; dist/ was not updated.');
    return false;
  }
  mirrorAssets();
  dumpEmptyCluster();
  // The stamp carries the build's start time: a source saved while tsc ran counts as newer.
  fs.writeFileSync(STAMP, `${new Date(started).toISOString()}\n`);
  fs.utimesSync(STAMP, started / 1000, started / 1000);
  console.error(`build: src/ compiled to dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

/** Builds when dist/ is missing or older than src/; returns false when a needed build failed. */
export function buildIfStale({ quiet = false } = {}) {
  const reason = staleReason();
  if (!reason) return true;
  if (!quiet) console.error(`build: ${reason}; compiling src/ to dist/ …`);
  return build();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--prepare') && !canBuild()) {
    console.error('build: TypeScript is not installed (--omit=dev?): dist/ was not built; ship a built dist/ with this install.');
    process.exit(0);
  }
  const ok = process.argv.includes('--if-stale') ? buildIfStale() : build();
  process.exit(ok ? 0 : 1);
}
