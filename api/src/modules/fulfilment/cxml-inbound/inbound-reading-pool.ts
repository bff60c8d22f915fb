import { availableParallelism } from 'node:os';

import type { Piscina } from 'piscina';

import { workerStart } from '../../../workers/worker-file.js';
import type { InboundReading } from './inbound-reading.js';

/** Documents waiting for a reader beyond those being read; more are answered "busy" at once. */
export const MAX_WAITING_DOCUMENTS = 16;

/** The reader could not take the document now: the supplier sends it again later. */
export class InboundReadersBusy extends Error {
  constructor() {
    super('The portal is busy reading other documents');
    this.name = 'InboundReadersBusy';
  }
}

let pool: Promise<Piscina<string, InboundReading>> | undefined;

/**
 * Reads a document in a worker thread, so parsing and DTD validation (up to a second for a large
 * body) never block sign-in and ordering on the server's thread. One pool per process, its idle
 * threads unreferenced (they never keep a process alive); at most one thread less than the cores,
 * and a bounded queue.
 */
export async function readInboundInWorker(raw: string): Promise<InboundReading> {
  // A pool that failed to start is forgotten, so the next document tries again.
  const readers = await (pool ??= createPool().catch((error: unknown) => {
    pool = undefined;
    throw error;
  }));
  // Checked here rather than by catching piscina's own refusal, whose message is not an API.
  if (readers.queueSize >= MAX_WAITING_DOCUMENTS) throw new InboundReadersBusy();
  return readers.run(raw);
}

// piscina is loaded with the first document, like its threads: a portal no supplier writes to never holds it.
async function createPool(): Promise<Piscina<string, InboundReading>> {
  const { Piscina } = await import('piscina');
  return new Piscina<string, InboundReading>({
    ...workerStart(import.meta.url, 'inbound-reading.worker'),
    minThreads: 1,
    maxThreads: Math.max(1, Math.min(4, availableParallelism() - 1)),
    maxQueue: MAX_WAITING_DOCUMENTS,
    // A worker's heap is capped well above a 1 MB document's parse, so a hostile one cannot take the server's memory.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
}

/** Ends the reader threads (server shutdown, the end of a test run). */
export async function closeInboundReaders(): Promise<void> {
  const closing = pool;
  pool = undefined;
  // A pool that never started (its import failed) has nothing to end.
  await (await closing?.catch(() => undefined))?.destroy();
}
