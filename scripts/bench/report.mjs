// Plain-text table and number formatting shared by the benchmarks.

import os from 'node:os';

export function formatSeconds(ms) {
  return `${(ms / 1000).toFixed(2)} s`;
}

export function formatMb(mb) {
  return `${mb.toFixed(1)} MB`;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** What a smoke run shows where a target would be judged: its figures come from a toy size on a busy machine. */
export const NOT_JUDGED = 'smoke (not judged)';

/**
 * Rows are { name, value, target, pass }; a row without `pass` is informational (target "info").
 * Returns the table as a string with a header and aligned columns; `isSmoke` judges nothing.
 */
export function formatTable(rows, { isSmoke = false } = {}) {
  const result = (row) => {
    if (row.pass === undefined) return '';
    if (isSmoke) return NOT_JUDGED;
    return row.pass ? 'PASS' : 'FAIL';
  };
  const cells = rows.map((row) => [row.name, row.value, row.target ?? 'info', result(row)]);
  const header = ['Metric', 'Value', 'Target', 'Result'];
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column].length)));
  const line = (cell) =>
    cell
      .map((text, column) => text.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(header), rule, ...cells.map(line)].join('\n');
}

/** The p-th percentile (nearest rank) of a list of numbers. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The rows that have a target, as the JSON results carry them. */
export function checksOf(rows) {
  return rows
    .filter((row) => row.pass !== undefined)
    .map(({ name, value, target, pass }) => ({ name, value, target, pass }));
}

/** The machine a benchmark ran on; `extra` adds what that benchmark depends on. */
export function machineOf(extra = {}) {
  return {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    ...extra,
  };
}

/** A numeric command-line option (`--samples 200`), or the fallback when it is not given. */
export function numberOption(args, name, fallback) {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] !== undefined ? Number(args[index + 1]) : fallback;
}

/**
 * A smoke run's own check, instead of the targets: the benchmark ran and measured something. Every
 * count must be above zero and every figure a finite number; throws naming those that are not.
 */
export function assertSmokeFigures(benchmark, { counts = {}, figures = {} }) {
  const wrong = [
    ...Object.entries(counts)
      .filter(([, value]) => !(Number.isFinite(value) && value > 0))
      .map(([name, value]) => `${name} = ${value} (expected a count above 0)`),
    ...Object.entries(figures)
      .filter(([, value]) => !Number.isFinite(value))
      .map(([name, value]) => `${name} = ${value} (expected a finite number)`),
  ];
  if (wrong.length > 0) throw new Error(`${benchmark} smoke run measured nothing usable: ${wrong.join('; ')}`);
}
