/**
 * CPU-heavy work in slices (docs/limits.md): a long computation gives the event loop back
 * every few milliseconds, so that health checks, other tenants' requests and the workers'
 * database calls are served while it runs. Between slices, `setImmediate` lets pending I/O
 * callbacks run first.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long one slice may hold the event loop. */
export const SLICE_MS = 4;

/** Yields to the event loop once the current slice has run SLICE_MS; call it often. */
export class Slicer {
  private sliceStart = performance.now();
  async tick(): Promise<void> {
    if (this.due()) await this.pass();
  }
  /** True once the current slice has run SLICE_MS: then `await pass()`. Checked without a promise. */
  due(): boolean {
    return performance.now() - this.sliceStart >= SLICE_MS;
  }
  /** Gives the event loop a turn and starts a new slice. */
  async pass(): Promise<void> {
    await nextTurn();
    this.sliceStart = performance.now();
  }
}

/** Drives a generator that yields at safe points, in slices; returns what it returns. */
export async function runInSlices<T>(steps: Generator<void, T, void>, slicer = new Slicer()): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    // No await between slices: a search yields at every grid start it plans, and an
    // await of a finished promise still costs a trip through the microtask queue.
    if (slicer.due()) await slicer.pass();
  }
}
