/**
 * The answer floor: what an answer's bytes cost over HTTP by themselves. A bare `node:http`
 * server (bench/answer-server.mjs, a process of its own like `serve`) answers with the very
 * values the service answered, stringified at every request, and the benchmark's own client
 * reads and parses them. The difference between a large answer and `/healthz`'s is the part
 * of a search's or a calendar's latency that only a smaller answer would remove
 * (docs/performance.md, "Where the floor is").
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { client } from './http-client.js';

const SCRIPT = path.join(import.meta.dirname, 'answer-server.mjs');

export interface AnswerFloor<K extends string> {
  /** The answer of `kind` from the bare server, read and parsed by the benchmark's client. */
  ask(kind: K): Promise<unknown>;
  /** Each answer's size as the service sends it (bytes of its JSON). */
  bytes: Record<K, number>;
  close(): Promise<void>;
}

/** Starts the bare server with `answers` by kind, and a client of one connection to it. */
export async function openAnswerFloor<K extends string>(answers: Record<K, unknown>): Promise<AnswerFloor<K>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sched-answers-'));
  const file = path.join(dir, 'answers.json');
  const kinds = Object.keys(answers) as K[];
  fs.writeFileSync(file, JSON.stringify(Object.fromEntries(kinds.map((k) => [`/${k}`, answers[k]]))));
  const child = spawn(process.execPath, [SCRIPT, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.on('exit', (code) => reject(new Error(`the answer server exited (${code})`)));
  });
  const bare = client(`http://127.0.0.1:${port}`, 'none', () => null, 1);
  return {
    ask: (kind) => bare.call('GET', `/${kind}`),
    bytes: Object.fromEntries(kinds.map((k) => [k, Buffer.byteLength(JSON.stringify(answers[k]))])) as Record<K, number>,
    close: async () => {
      await bare.close();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
