import { spawn } from 'node:child_process';
const [dataDir, outdir] = process.argv.slice(2);
const port = 20000 + Math.floor(Math.random() * 10000);
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'development' }; delete env.DATABASE_URL;
const t0 = performance.now();
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${outdir}`, 'bin/scheduling.js', 'serve'], { env, stdio: 'ignore' });
for (;;) { try { if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 10)); }
console.log('ready ms', Math.round(performance.now() - t0));
child.kill('SIGTERM'); await new Promise((r) => child.on('exit', r));
