import pg from 'pg';

/**
 * Databases on the server of DATABASE_URL: a plain PostgreSQL, or the coordinator of a Citus
 * cluster. Citus does not propagate CREATE DATABASE, so on a cluster a database is made on
 * every node, with the extension in each and the workers registered on the coordinator (what
 * an operator does by hand: docs/scaling.md, "Running on a cluster"). A clone of a template is
 * cloned on every node, shards and metadata included.
 */

export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

interface Node {
  host: string;
  port: number;
}

/** The worker nodes of the cluster `base`'s database belongs to; null on plain PostgreSQL. */
const workersOf = new Map<string, Promise<Node[] | null>>();
export function clusterWorkers(base: string): Promise<Node[] | null> {
  const known = workersOf.get(base);
  if (known) return known;
  const workers = withClient(base, async (c) => {
    const citus = await c.query(`select 1 from pg_extension where extname = 'citus'`);
    if (citus.rowCount === 0) return null;
    const nodes = await c.query<{ nodename: string; nodeport: number }>(
      `select nodename, nodeport from pg_dist_node where groupid <> 0 and noderole = 'primary' and isactive order by nodeport`,
    );
    return nodes.rows.map((n) => ({ host: n.nodename, port: n.nodeport }));
  });
  workersOf.set(base, workers);
  return workers;
}

/** Shards a table in a test database: more than the two workers, so that each holds several. */
const TEST_SHARD_COUNT = 4;

function nodeUrl(base: string, node: Node, name: string): string {
  const url = new URL(databaseUrl(base, name));
  url.hostname = node.host;
  url.port = String(node.port);
  return url.toString();
}

/** Every node's URL for database `name`, the coordinator's first. */
async function allNodes(base: string, name: string): Promise<string[]> {
  const nodes = (await clusterWorkers(base)) ?? [];
  return [databaseUrl(base, name), ...nodes.map((n) => nodeUrl(base, n, name))];
}

function maintenanceUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

/**
 * Creates database `name`, empty or as a copy of `template`. On Citus: on every node; an empty
 * one gets the extension and the workers registered, a copy has them from its template.
 */
export async function createServerDatabase(base: string, name: string, template?: string): Promise<string> {
  const urls = await allNodes(base, name);
  const cluster = (await clusterWorkers(base)) !== null;
  for (const url of urls) {
    await withClient(maintenanceUrl(url), async (c) => {
      if (template && cluster) await releaseTemplate(c, template);
      await createWithRetry(c, name, template);
    });
  }
  if (cluster && !template) {
    for (const url of urls) await withClient(url, (c) => c.query('create extension citus'));
    // A test database holds little: 4 shards a table instead of Citus's 32 keep its relations
    // (and so each clone of the template, and each migration) an eighth as many.
    await withClient(maintenanceUrl(urls[0]!), (c) => c.query(`alter database ${name} set citus.shard_count = ${TEST_SHARD_COUNT}`));
    const coordinator = new URL(base);
    await withClient(urls[0]!, async (c) => {
      await c.query('select citus_set_coordinator_host($1, $2)', [coordinator.hostname, Number(coordinator.port || 5432)]);
      for (const node of (await clusterWorkers(base)) ?? []) await c.query('select citus_add_node($1, $2)', [node.host, node.port]);
    });
  }
  return urls[0]!;
}

/**
 * Drops what earlier runs left on the server of `base` (and, on a cluster, on every node): a
 * run cut short never drops its template and its last files' databases, and on Citus each one
 * keeps a maintenance daemon busy on every node (docs/development.md, "On a Citus cluster").
 * The names carry their creation time (database.ts): a file's database that no client uses
 * after ten minutes, or a template after two hours, belongs to no run still going.
 */
export async function dropLeftoverDatabases(base: string): Promise<string[]> {
  const dropped: string[] = [];
  for (const url of await allNodes(base, 'postgres')) {
    await withClient(maintenanceUrl(url), async (c) => {
      const leftovers = await c.query<{ datname: string }>(`
        select d.datname from pg_database d,
          lateral (select (regexp_match(d.datname, '^sched_([a-z]+)_([0-9]{13})_'))) m(parts)
        where m.parts is not null
          and (to_timestamp(m.parts[2]::bigint / 1000.0) < now() - interval '2 hours'
               or (m.parts[1] <> 'template'
                   and to_timestamp(m.parts[2]::bigint / 1000.0) < now() - interval '10 minutes'
                   and not exists (select 1 from pg_stat_activity a where a.datname = d.datname
                                   and a.backend_type = 'client backend' and a.application_name not like 'citus%')))`);
      for (const { datname } of leftovers.rows) {
        await dropOnNode(c, datname).then(
          () => dropped.push(datname),
          () => undefined, // still busy on this node: the next run tries again
        );
      }
    });
  }
  return dropped;
}

/** Drops database `name` (on every node of a cluster). */
export async function dropServerDatabase(base: string, name: string): Promise<void> {
  for (const url of await allNodes(base, name)) await withClient(maintenanceUrl(url), (c) => dropOnNode(c, name));
}

async function dropOnNode(c: pg.Client, name: string): Promise<void> {
  // A worker may still be finishing a two-phase commit's second phase for the database, and
  // Citus's maintenance daemon comes back to it.
  for (let attempt = 1; ; attempt++) {
    try {
      await c.query(`drop database if exists ${name} with (force)`);
      return;
    } catch (error) {
      if (attempt >= 10 || !/is being accessed by other users/.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/**
 * A Citus node keeps sessions open in every database with the extension (its maintenance
 * daemon, and the coordinator's cached connections to the workers), and CREATE DATABASE …
 * TEMPLATE refuses a template with open sessions: they are ended first (the daemon starts
 * again by itself when next needed).
 */
async function releaseTemplate(c: pg.Client, template: string): Promise<void> {
  await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [template]);
}

async function createWithRetry(c: pg.Client, name: string, template?: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await c.query(`create database ${name}${template ? ` template ${template}` : ''}`);
      return;
    } catch (error) {
      // Another file's clone of the same template, or a session that came back: try again.
      const busy = /is being accessed by other users/.test((error as Error).message);
      if (!template || !busy || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      await releaseTemplate(c, template);
    }
  }
}
