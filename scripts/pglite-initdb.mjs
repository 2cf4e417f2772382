/**
 * Writes a dump of a new, empty PGlite cluster (what PGlite's initdb makes; no migrations) to
 * dist/pglite-initdb.tar, with the PGlite version it was made by in dist/pglite-initdb.json.
 * A first start on an empty data folder loads it (src/db/connect.ts) instead of running initdb,
 * which costs several seconds of CPU. Run by scripts/build.mjs when the dump is missing or was
 * made by another PGlite version.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const [tarFile, metaFile, version] = process.argv.slice(2);
const pglite = new PGlite();
await pglite.waitReady;
const dump = await pglite.dumpDataDir('none');
await pglite.close();
fs.mkdirSync(path.dirname(tarFile), { recursive: true });
fs.writeFileSync(tarFile, Buffer.from(await dump.arrayBuffer()));
fs.writeFileSync(metaFile, `${JSON.stringify({ pglite: version })}\n`);
