/**
 * Memory of a benchmark's server after a full collection: what it holds, without the garbage
 * it has not collected yet. Resident memory after a run mixes the two, and V8 gives pages back
 * to the system only when it decides to, so the same live data can read 10–20 % apart between
 * runs (docs/performance.md, "Scale").
 *
 * It opens the server's inspector the way `kill -USR1` does (Node listens on 127.0.0.1:9229),
 * asks V8 for a collection that also returns free memory (`HeapProfiler.collectGarbage`, a
 * low-memory notification), and reads the heap in use and the process's resident memory. Only
 * for processes the benchmark started; null when the inspector cannot be reached.
 */
import { WebSocket } from 'undici';

const INSPECTOR = 'http://127.0.0.1:9229';

export interface CollectedMemory {
  /** Resident memory after the collection, MB. */
  rssMb: number | null;
  /** V8's heap in use after the collection, MB. */
  heapUsedMb: number;
}

async function debuggerUrl(): Promise<string | null> {
  for (let i = 0; i < 50; i++) {
    try {
      const targets = (await (await fetch(`${INSPECTOR}/json/list`)).json()) as { webSocketDebuggerUrl?: string }[];
      const url = targets.find((t) => t.webSocketDebuggerUrl)?.webSocketDebuggerUrl;
      if (url) return url;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

/** Sends inspector commands one after another over one connection; their results in order. */
async function inspect(url: string, methods: string[]): Promise<unknown[]> {
  const socket = new WebSocket(url);
  const results: unknown[] = [];
  await new Promise<void>((resolve, reject) => {
    const send = () => socket.send(JSON.stringify({ id: results.length + 1, method: methods[results.length] }));
    socket.addEventListener('open', send);
    socket.addEventListener('error', () => reject(new Error('the inspector connection failed')));
    socket.addEventListener('message', (message) => {
      const reply = JSON.parse(String(message.data)) as { id?: number; result?: unknown; error?: { message: string } };
      if (reply.id !== results.length + 1) return;
      if (reply.error) return reject(new Error(`${methods[results.length]}: ${reply.error.message}`));
      results.push(reply.result);
      if (results.length === methods.length) resolve();
      else send();
    });
  });
  socket.close();
  return results;
}

/** Collects the server's garbage and measures what is left (`rssMb` reads /proc). */
export async function memoryAfterCollection(pid: number, rssMb: () => number | null): Promise<CollectedMemory | null> {
  try {
    process.kill(pid, 'SIGUSR1');
    const url = await debuggerUrl();
    if (!url) return null;
    const [, usage] = (await inspect(url, ['HeapProfiler.collectGarbage', 'Runtime.getHeapUsage'])) as [unknown, { usedSize: number }];
    // The collector hands freed pages back on a background thread: a moment for it.
    await new Promise((r) => setTimeout(r, 1000));
    return { rssMb: rssMb(), heapUsedMb: usage.usedSize / 2 ** 20 };
  } catch {
    return null;
  }
}
