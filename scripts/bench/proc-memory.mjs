// Memory and process-tree readings from /proc (Linux only). A process can vanish between listing
// and reading, so every read tolerates a missing file.
import { readdirSync, readFileSync } from 'node:fs';

function readProcFile(pid, file) {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

function readKbField(text, field) {
  const match = text?.match(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm'));
  return match ? Number(match[1]) : undefined;
}

/** Resident set size in kB (VmRSS), or undefined when the process is gone. */
export function readRssKb(pid) {
  return readKbField(readProcFile(pid, 'status'), 'VmRSS');
}

/** Proportional set size in kB: shared pages split between the processes sharing them. */
export function readPssKb(pid) {
  return readKbField(readProcFile(pid, 'smaps_rollup'), 'Pss');
}

export function kbToMb(kb) {
  return kb / 1024;
}

function listProcesses() {
  const processes = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcFile(entry, 'stat');
    const cmdline = readProcFile(entry, 'cmdline');
    if (stat === undefined || cmdline === undefined) continue;
    // Field 4 of stat is the parent PID; the command name before it may contain spaces and parentheses.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    processes.push({ pid: Number(entry), ppid, cmdline: cmdline.split('\0').join(' ').trim() });
  }
  return processes;
}

/**
 * Processes whose command line contains `needle`, plus all their descendants. PostgreSQL backends
 * rename themselves ("postgres: checkpointer"), so only the postmaster shows the data directory.
 */
export function findProcessTree(needle) {
  const processes = listProcesses();
  const found = new Map(processes.filter((proc) => proc.cmdline.includes(needle)).map((proc) => [proc.pid, proc]));
  let grew = found.size > 0;
  while (grew) {
    grew = false;
    for (const proc of processes) {
      if (!found.has(proc.pid) && found.has(proc.ppid)) {
        found.set(proc.pid, proc);
        grew = true;
      }
    }
  }
  return [...found.values()];
}

/** Summed RSS and PSS (kB) of a set of processes; processes that exited meanwhile are skipped. */
export function measureProcesses(processes) {
  let rssKb = 0;
  let pssKb = 0;
  let count = 0;
  for (const { pid } of processes) {
    const rss = readRssKb(pid);
    if (rss === undefined) continue;
    rssKb += rss;
    pssKb += readPssKb(pid) ?? rss;
    count += 1;
  }
  return { rssKb, pssKb, count };
}
