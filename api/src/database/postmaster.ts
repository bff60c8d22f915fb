import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A refusal or failure of the embedded database, told in one line. */
export class EmbeddedDatabaseError extends Error {}

const WATCH_INTERVAL_MS = 500;

/** Polls the postmaster's pid (it may not be our child) and tells once when it is gone. */
export function watchPostmaster(pid: number) {
  let timer: NodeJS.Timeout | undefined;
  return {
    onExit(listener: (pid: number) => void) {
      if (timer || pid <= 0) return;
      timer = setInterval(() => {
        if (isProcessAlive(pid)) return;
        clearInterval(timer);
        listener(pid);
      }, WATCH_INTERVAL_MS);
      timer.unref();
    },
    cancel() {
      clearInterval(timer);
    },
  };
}

interface PostmasterInfo {
  pid: number;
  port: number;
  /** Line 8: 'starting', 'ready', 'standby' or 'stopping' (PostgreSQL 10 and later). */
  status: string;
}

/** postmaster.pid: line 1 the PID, line 4 the port, line 8 the status. Left in place: PostgreSQL judges it. */
export function readPostmasterPid(pgDir: string): PostmasterInfo | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return undefined;
  return { pid, port: Number.isInteger(port) ? port : 0, status: (lines[7] ?? '').trim() };
}

const SETTLE_TIMEOUT_MS = 30_000;

/**
 * The live postmaster of the folder once it has settled: a ready one is returned, one that is
 * stopping is waited for until it is gone (then undefined), one still starting until it is ready.
 */
export async function settlePostmaster(pgDir: string): Promise<PostmasterInfo | undefined> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    const found = readPostmasterPid(pgDir);
    if (!found) return undefined;
    if (found.status === 'ready' && found.port > 0) return found;
    if (Date.now() > deadline) {
      throw new EmbeddedDatabaseError(
        `The embedded PostgreSQL in ${pgDir} (pid ${found.pid}) has been '${found.status || 'unknown'}' for ${SETTLE_TIMEOUT_MS / 1000} s — stop it or set DATA_DIR to another folder`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function stopPostmaster(pid: number, pgDir: string): Promise<void> {
  if (!isProcessAlive(pid)) return;
  process.kill(pid, 'SIGINT'); // PostgreSQL's "fast" shutdown
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && (isProcessAlive(pid) || existsSync(path.join(pgDir, 'postmaster.pid')))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
