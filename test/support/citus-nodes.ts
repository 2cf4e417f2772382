/**
 * The nodes of the Citus cluster that DATABASE_URL points at, for the tests that stop, start
 * and add them (test/cluster, run with vitest.cluster.config.ts: docs/scaling.md).
 *
 * Stopping a node is not something a test may do to any cluster it happens to reach, so the
 * operator lists the nodes it may control:
 * - CITUS_PORTS: the coordinator's port and the workers' ports ("9700 9701 9702"); every
 *   worker of the cluster must be in it, or the tests are skipped.
 * - CITUS_CLUSTER_SCRIPT and CITUS_SPARE_PORT (optional): a script whose `add PORT DB` starts
 *   one more worker on PORT and registers it in DB (the project's cluster script has this
 *   command); without them, the test that adds a worker is skipped.
 * Each node's data folder and the server's programs are asked of the node itself
 * (`data_directory`, `pg_config`); pg_ctl runs as the owner of the data folder.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { clusterWorkers, databaseUrl, withClient } from './server-databases.js';

const run = promisify(execFile);

export interface WorkerNode {
  host: string;
  port: number;
}

export interface CitusCluster {
  /** DATABASE_URL: a database with the extension on the coordinator. */
  base: string;
  workers: WorkerNode[];
  /** Stops the node's server (pg_ctl -m fast): its open connections are cut. */
  stop(node: WorkerNode): Promise<void>;
  /** Starts it again and waits until it accepts connections. */
  start(node: WorkerNode): Promise<void>;
  /** One more worker on CITUS_SPARE_PORT, registered in database `name`; null without the script. */
  addWorker: ((name: string) => Promise<WorkerNode>) | null;
}

interface NodeFiles {
  dataDir: string;
  pgCtl: string;
  uid: number;
  gid: number;
}

/** The cluster the tests may control, or null (the tests are skipped) with the reason. */
export async function citusCluster(): Promise<{ cluster: CitusCluster | null; reason: string }> {
  const base = process.env.DATABASE_URL;
  const listed = (process.env.CITUS_PORTS ?? '').split(/\s+/).filter(Boolean).map(Number);
  if (!base) return { cluster: null, reason: 'DATABASE_URL is not set' };
  if (listed.length === 0) return { cluster: null, reason: 'CITUS_PORTS is not set' };
  const workers = await clusterWorkers(base).catch(() => null);
  if (!workers || workers.length < 2) return { cluster: null, reason: 'DATABASE_URL is not a Citus coordinator with two workers' };
  const unlisted = workers.filter((w) => !listed.includes(w.port));
  if (unlisted.length) return { cluster: null, reason: `workers not in CITUS_PORTS: ${unlisted.map((w) => w.port).join(', ')}` };
  const files = new Map<number, NodeFiles>();
  for (const w of workers) {
    const found = await nodeFiles(base, w).catch(() => null);
    if (!found) return { cluster: null, reason: `cannot control the node on port ${w.port} from here` };
    files.set(w.port, found);
  }
  const pgCtl = (node: WorkerNode, args: string[]) => {
    const f = files.get(node.port)!;
    // HOME is the data folder: the server, as a client of the other nodes, reads certificates
    // under $HOME/.postgresql, and ours (root's, say) is not readable by the node's user.
    const env = { ...process.env, HOME: f.dataDir };
    return run(f.pgCtl, ['-D', f.dataDir, ...args], { uid: f.uid, gid: f.gid, cwd: f.dataDir, env, timeout: 120_000 });
  };
  const script = process.env.CITUS_CLUSTER_SCRIPT;
  const spare = Number(process.env.CITUS_SPARE_PORT);
  const cluster: CitusCluster = {
    base,
    workers,
    stop: async (node) => void (await pgCtl(node, ['-m', 'fast', '-w', 'stop'])),
    start: async (node) => void (await pgCtl(node, ['-l', path.join(files.get(node.port)!.dataDir, 'log'), '-w', 'start'])),
    addWorker:
      script && spare
        ? async (name) => {
            await run(script, ['add', String(spare), name], { timeout: 180_000 });
            const node = { host: workers[0]!.host, port: spare };
            files.set(spare, await nodeFiles(base, node));
            return node;
          }
        : null,
  };
  return { cluster, reason: '' };
}

/** Where a node keeps its data and programs, and who owns them (pg_ctl must run as that user). */
async function nodeFiles(base: string, node: WorkerNode): Promise<NodeFiles> {
  return withClient(nodeUrl(base, node, 'postgres'), async (c) => {
    const dataDir = (await c.query<{ d: string }>('select current_setting($1) as d', ['data_directory'])).rows[0]!.d;
    const bin = (await c.query<{ setting: string }>(`select setting from pg_config where name = 'BINDIR'`)).rows[0]!.setting;
    const stat = fs.statSync(dataDir);
    const me = process.getuid?.() ?? -1;
    if (me !== 0 && me !== stat.uid) throw new Error(`the data folder of port ${node.port} belongs to another user`);
    return { dataDir, pgCtl: path.join(bin, 'pg_ctl'), uid: stat.uid, gid: stat.gid };
  });
}

/** The URL of database `name` on one node. */
export function nodeUrl(base: string, node: WorkerNode, name: string): string {
  const url = new URL(databaseUrl(base, name));
  url.hostname = node.host;
  url.port = String(node.port);
  return url.toString();
}

/** The worker that holds the shard of `value` in `table` (distributed by that value). */
export async function shardNode(c: pg.Client, table: string, value: string): Promise<number> {
  const found = await c.query<{ nodeport: number }>(
    `select nodeport from citus_shards where shardid = get_shard_id_for_distribution_column($1::regclass, $2::text)`,
    [table, value],
  );
  return found.rows[0]!.nodeport;
}

/** How many shards of distributed tables each node holds, by port (reference tables are on every node). */
export async function shardsPerNode(c: pg.Client): Promise<Map<number, number>> {
  const rows = await c.query<{ nodeport: number; n: string }>(`select nodeport, count(*) as n from citus_shards where citus_table_type = 'distributed' group by nodeport order by nodeport`);
  return new Map(rows.rows.map((r) => [r.nodeport, Number(r.n)]));
}
