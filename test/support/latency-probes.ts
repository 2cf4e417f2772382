/**
 * Runs every probe every few milliseconds, side by side, while `work` runs; returns each
 * probe's latencies (ms) and how long the work took. The hostile-load tests time another
 * tenant's requests with it while a heavy request runs. `loops` runs each probe in that many
 * loops at once, all adding to its samples: more samples in a window of the same length.
 */
export async function latenciesDuring(work: () => Promise<unknown>, probes: Record<string, () => Promise<void>>, { loops = 1 } = {}) {
  let done = false;
  const started = performance.now();
  const running = work().finally(() => (done = true));
  const workMs = running.then(() => performance.now() - started);
  const samples: Record<string, number[]> = {};
  await Promise.all(
    Object.entries(probes).flatMap(([name, probe]) => {
      const mine: number[] = (samples[name] = []);
      return Array.from({ length: loops }, async () => {
        while (!done) {
          const t0 = performance.now();
          await probe();
          mine.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, 5));
        }
      });
    }),
  );
  await running;
  return { samples, workMs: await workMs };
}

export const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))];
