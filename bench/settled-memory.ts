/**
 * A process's memory once its garbage is collected. Read at the same point of a run, RSS alone moves
 * by tens of percent with how far V8 had let garbage pile up before its next collection; after full
 * collections it shows what the process keeps, which is what a leak would grow.
 */
export interface SettledMemory {
  rss: number;
  heapUsed: number;
}

const UNMAP_WAIT_MS = 1_000;

/** Full collections need `node --expose-gc`; without it this says so rather than read an unsettled heap. */
export async function settledMemory(): Promise<SettledMemory> {
  if (typeof globalThis.gc !== 'function') throw new Error('settledMemory needs node --expose-gc');
  // Two collections with a turn of the event loop between: weak callbacks and finalizers run after the
  // first, and what they release is collected by the second.
  globalThis.gc();
  await new Promise((resolve) => setImmediate(resolve));
  globalThis.gc();
  // V8 hands freed pages back to the system from a background task, within a few hundred ms (measured:
  // the gateway read 258 MiB right after the collections and 179 MiB 250 ms later, then no change for 30 s).
  await new Promise((resolve) => setTimeout(resolve, UNMAP_WAIT_MS));
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}
