// usage: node prof.mjs <dataDir|postgres-url> <outdir> [n]
import { spawn } from 'node:child_process';
import { Pool } from 'undici';
import fs from 'node:fs';
const [target, outdir, nArg] = process.argv.slice(2);
const n = Number(nArg ?? 3000);
const port = 20000 + Math.floor(Math.random() * 10000);
const env = { ...process.env, PORT: String(port), RATE_LIMIT_TEST: '100000000', NODE_ENV: 'development' };
if (target.startsWith('postgres')) env.DATABASE_URL = target; else { env.DATA_DIR = target; delete env.DATABASE_URL; }
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${outdir}`, 'bin/scheduling.js', 'serve'], { cwd: '/work/wt/speed', env, stdio: ['ignore', 'pipe', 'inherit'] });
let out = ''; child.stdout.on('data', (d) => { if (out.length < 20000) out += d; });
const url = `http://127.0.0.1:${port}`;
for (;;) { try { if ((await fetch(url + '/healthz')).ok) break; } catch {} await new Promise((r) => setTimeout(r, 20)); }
let key = /sk_test_[A-Za-z0-9]+/.exec(out)?.[0];
const keyFile = outdir + '/key'; if (key) fs.writeFileSync(keyFile, key); else key = fs.readFileSync(keyFile, 'utf8');
const pool = new Pool(url, { connections: 8 });
const call = async (method, path, body, acc) => { const h = { authorization: `Bearer ${key}`, 'content-type': 'application/json' }; if (acc) h['service-account'] = acc; const r = await pool.request({ method, path, headers: h, body: body && JSON.stringify(body) }); const t = await r.body.text(); if (r.statusCode !== 200) throw new Error(t); return JSON.parse(t); };
let acc, res;
if (fs.existsSync(outdir + '/ids')) [acc, res] = fs.readFileSync(outdir + '/ids', 'utf8').split(' ');
else { acc = (await call('POST', '/v1/accounts', { name: 'x' })).id; res = (await call('POST', '/v1/resources', { name: 'r', type: 't' }, acc)).id; fs.writeFileSync(outdir + '/ids', acc + ' ' + res); }
const mode = process.env.MODE ?? 'get';
let next = 0; const t0 = performance.now();
await Promise.all(Array.from({ length: 8 }, async () => { for (let i = next++; i < n; i = next++) await call('GET', `/v1/resources/${res}`, undefined, acc); }));
console.log('rate', Math.round(n / ((performance.now() - t0) / 1000)), '/s');
await pool.close();
child.kill('SIGTERM');
await new Promise((r) => child.on('exit', r));
