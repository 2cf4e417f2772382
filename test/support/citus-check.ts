/**
 * The Citus routing check over a statement log (docs/scaling.md): every statement of ours
 * that cannot be routed to one shard must be listed, with its file, in docs/scaling.md.
 *
 *   SQL_STATEMENT_LOG=statements.jsonl DATABASE_URL=postgres://… npm test
 *   node --import tsx test/support/citus-check.ts statements.jsonl
 *
 * .ci/run does this over the whole suite on PostgreSQL. Exit code 1 lists what is missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { connect } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { documentedFanouts, fanouts, loadParser, readCatalogue, readStatementLog, undocumented } from './citus-routing.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const file = process.argv[2];
if (!file) {
  console.error('usage: node --import tsx test/support/citus-check.ts <statement log>');
  process.exit(2);
}
delete process.env.SQL_STATEMENT_LOG;
const db = await connect({ databaseUrl: null, dataDir: null });
await migrate(db.kysely);
const catalogue = await readCatalogue(db.kysely);
await db.close();
await loadParser();

const statements = await readStatementLog(file);
const found = fanouts(statements, catalogue);
const documented = documentedFanouts(fs.readFileSync(path.join(ROOT, 'docs/scaling.md'), 'utf8'));
const missing = undocumented(found, documented);
const tables = new Set(statements.flatMap((s) => [...catalogue.distribution.keys()].filter((t) => new RegExp(`\\b${t}\\b`).test(s.sql))));
console.log(`Citus routing check: ${statements.length} distinct statements, ${tables.size} of ${catalogue.distribution.size} distributed tables touched, ${new Set(found.map((f) => `${f.file} ${f.table}`)).size} fan-outs, all listed in docs/scaling.md: ${missing.length === 0 ? 'yes' : 'no'}`);
for (const f of missing) console.log(`NOT LISTED: ${f.file}  ${f.table}  (${f.reason})\n  ${f.sql.replace(/\s+/g, ' ').slice(0, 300)}`);
if (process.argv.includes('--all')) for (const f of found) console.log(`${f.file}  ${f.table}  (${f.reason})\n  ${f.sql.replace(/\s+/g, ' ').slice(0, 300)}`);
process.exit(missing.length ? 1 : 0);
