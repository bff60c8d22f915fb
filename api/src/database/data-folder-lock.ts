import { openSync, readFileSync, renameSync, rmSync, writeFileSync, closeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { z } from 'zod';

/**
 * A data folder has one owner. DATA_DIR/owner.lock holds the owner's pid: a second server refuses
 * the folder while that pid lives, a lock whose pid is gone (kill -9, power loss) is taken over,
 * and an owner that is shutting down says so in the lock, so a restart waits for it instead.
 */

const LOCK_FILE = 'owner.lock';
const STOPPING_WAIT_MS = 30_000;

const lockSchema = z.object({
  pid: z.number().int().positive(),
  role: z.enum(['server', 'cli']),
  state: z.enum(['running', 'stopping']),
  host: z.string(),
  since: z.string(),
  port: z.number().int().optional(),
});
export type LockRecord = z.infer<typeof lockSchema>;

export interface DataFolderLock {
  /** Tells a starting server to wait for this one rather than refuse. */
  markStopping(): void;
  release(): void;
}

export type LockOutcome = { kind: 'owned'; lock: DataFolderLock } | { kind: 'held'; holder: LockRecord };

export class DataFolderInUseError extends Error {}

/**
 * Takes the folder's lock, waiting for an owner that is stopping. When a live owner is running, the
 * outcome says who holds it: the server refuses to start, the CLI borrows the owner's database.
 */
export async function acquireDataFolderLock(
  dataDir: string,
  me: { role: 'server' | 'cli'; port?: number },
): Promise<LockOutcome> {
  const file = path.join(dataDir, LOCK_FILE);
  const record: LockRecord = {
    pid: process.pid,
    role: me.role,
    state: 'running',
    host: os.hostname(),
    since: new Date().toISOString(),
    ...(me.port === undefined ? {} : { port: me.port }),
  };
  const deadline = Date.now() + STOPPING_WAIT_MS;
  for (;;) {
    if (tryCreate(file, record)) return { kind: 'owned', lock: ownedLock(file, record) };
    const holder = readLock(file);
    if (holder && isLive(holder)) {
      if (holder.state === 'running') return { kind: 'held', holder };
      if (Date.now() > deadline) {
        throw new DataFolderInUseError(
          `The data folder ${dataDir} is still held by a Supply Hub ${holder.role} (pid ${holder.pid}) that began stopping over ${STOPPING_WAIT_MS / 1000} s ago — stop it or set DATA_DIR to another folder`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    takeOverStale(file, holder);
  }
}

export function describeHolder(holder: LockRecord): string {
  const where = holder.port === undefined ? '' : `, port ${holder.port}`;
  return `a Supply Hub ${holder.role} (pid ${holder.pid}${where}, on ${holder.host} since ${holder.since})`;
}

function tryCreate(file: string, record: LockRecord): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeFileSync(fd, JSON.stringify(record));
  } finally {
    closeSync(fd);
  }
  return true;
}

function readLock(file: string): LockRecord | undefined {
  try {
    const parsed = lockSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // gone meanwhile, or half-written by a process that died: stale either way
  }
}

/**
 * Our own pid in a lock is a previous life of this container's pid 1, not us; a pid that now
 * belongs to something other than Node (reused after a crash) is no owner either.
 */
function isLive(holder: LockRecord): boolean {
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${holder.pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true; // no /proc to ask: trust the pid
  }
}

/**
 * Moves the stale lock aside atomically, so of two starters that judged it stale only one removes
 * it; if what was moved turns out to be a live lock just written by the other, it goes back.
 */
function takeOverStale(file: string, judged: LockRecord | undefined): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readLock(aside);
  if (moved && isLive(moved) && moved.pid !== judged?.pid) {
    renameSync(aside, file);
    return;
  }
  rmSync(aside, { force: true });
}

function ownedLock(file: string, record: LockRecord): DataFolderLock {
  let isReleased = false;
  const release = () => {
    if (isReleased) return;
    isReleased = true;
    process.removeListener('exit', release);
    // Only our own lock is removed: never one a later owner took over.
    if (readLock(file)?.pid === record.pid) rmSync(file, { force: true });
  };
  // Whatever way the process ends short of kill -9, the lock goes with it.
  process.once('exit', release);
  return {
    markStopping() {
      if (!isReleased) writeFileSync(file, JSON.stringify({ ...record, state: 'stopping' }));
    },
    release,
  };
}
