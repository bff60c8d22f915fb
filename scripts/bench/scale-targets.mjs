// Targets of the scale benchmark (p95 in ms over HTTP unless said otherwise).
export const TARGETS = {
  ownOrdersMs: 30,
  adminListMs: 100,
  report30Ms: 20,
  report365Ms: 50,
  budgetAddedMs: 5,
  inboundMs: 50,
  recallMs: 100,
  csvGrowthMb: 50,
};

/** A Seq Scan on a table holding at least this many rows fails the benchmark. */
export const LARGE_TABLE_ROWS = 100_000;
