// Par-level benchmark: POST /api/locations/:id/counts for a 500-item stock list — the count recorded
// (500 count lines) and its top-up computed and answered — measured from the client on the same
// machine, so the figure is the server's time plus one local round trip. The built server in demo
// mode, signed in as the demo doctor, with a location of the doctor's department whose stock list
// holds 500 products (the demo catalogue topped up to 500). A signed-in GET of the caller's
// locations, interleaved, is printed as the floor of the same moment.
// Options: --samples N (default 200), --smoke (a toy size: proves the bench runs, judges nothing), --json.
import { randomUUID } from 'node:crypto';

import { withDemoDoctor } from './demo-doctor.mjs';
import { assertSmokeFigures, formatTable, median, numberOption, percentile } from './report.mjs';
import { TARGETS } from './targets.mjs';

const ITEMS = 500;

/** A location of the department with ITEMS stock lines; products added to the catalogue as needed. */
async function seedLocation(db, departmentId) {
  const { rows: existing } = await db.query('SELECT id, asin FROM products ORDER BY asin LIMIT $1', [ITEMS]);
  for (let index = existing.length; index < ITEMS; index += 1) {
    const asin = `BPAR${String(index).padStart(6, '0')}`;
    const {
      rows: [row],
    } = await db.query(
      `INSERT INTO products (asin, title, price, category) VALUES ($1, $2, '9.99', 'Wound Care') RETURNING id, asin`,
      [asin, `Par bench item ${index}`],
    );
    existing.push(row);
  }
  const {
    rows: [location],
  } = await db.query(`INSERT INTO locations (name, department_id) VALUES ($1, $2) RETURNING id`, [
    `Bench par cart ${randomUUID().slice(0, 8)}`,
    departmentId,
  ]);
  const values = existing.map((product, position) => [
    location.id,
    product.id,
    position,
    20 + (position % 40),
    position % 3 === 0 ? null : position % 15,
    1 + (position % 12),
  ]);
  await db.query(
    `INSERT INTO location_stock_lines (location_id, product_id, position, par, reorder_point, pack_size)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::int[], $5::int[], $6::int[])`,
    [0, 1, 2, 3, 4, 5].map((column) => values.map((row) => row[column])),
  );
  return { id: location.id, asins: existing.map((product) => product.asin) };
}

/** The floor on the same machine at the same moment: a signed-in GET of the caller's locations. */
async function floorOnce(baseUrl, cookie) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/locations`, { headers: { cookie } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET /api/locations answered ${response.status}`);
  return performance.now() - started;
}

async function countOnce(baseUrl, cookie, location, seed) {
  const counts = location.asins.map((asin, index) => ({ asin, on_hand: (index * 7 + seed) % 60 }));
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/locations/${location.id}/counts`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ counts }),
  });
  const body = await response.json();
  const elapsed = performance.now() - started;
  if (response.status !== 201) throw new Error(`a count answered ${response.status} ${JSON.stringify(body)}`);
  return { elapsed, lines: body.lines.length };
}

export async function run(args) {
  const asJson = args.includes('--json');
  const isSmoke = args.includes('--smoke');
  const samples = numberOption(args, '--samples', isSmoke ? 10 : 200);
  const warmUps = isSmoke ? 2 : 20;
  const targetMs = TARGETS.par.countP95Ms;
  return withDemoDoctor('par', async ({ baseUrl, cookie, db, departmentId }) => {
    const location = await seedLocation(db, departmentId);
    for (let index = 0; index < warmUps; index += 1) await countOnce(baseUrl, cookie, location, index);
    // Interleaved with the floor, so both see the same load on a shared machine.
    const latencies = [];
    const floor = [];
    let lines = 0;
    for (let index = 0; index < samples; index += 1) {
      const result = await countOnce(baseUrl, cookie, location, index);
      latencies.push(result.elapsed);
      lines = result.lines;
      floor.push(await floorOnce(baseUrl, cookie));
    }
    const {
      rows: [recorded],
    } = await db.query(
      `SELECT count(*)::int AS counts, (SELECT count(*)::int FROM location_count_lines l JOIN location_counts c ON c.id = l.count_id WHERE c.location_id = $1) AS count_lines
       FROM location_counts WHERE location_id = $1`,
      [location.id],
    );
    const figures = {
      items: ITEMS,
      top_up_lines: lines,
      counts_recorded: recorded.counts,
      count_lines_recorded: recorded.count_lines,
      median_ms: median(latencies),
      p95_ms: percentile(latencies, 95),
      max_ms: Math.max(...latencies),
      floor_median_ms: median(floor),
      floor_p95_ms: percentile(floor, 95),
    };
    const rows = [
      { name: 'stock-list items counted per request', value: String(ITEMS) },
      { name: 'top-up lines answered (last count)', value: String(lines) },
      { name: 'counts recorded / count lines', value: `${recorded.counts} / ${recorded.count_lines}` },
      { name: 'POST counts median (ms)', value: figures.median_ms.toFixed(2) },
      {
        name: 'POST counts p95 (ms)',
        value: figures.p95_ms.toFixed(2),
        target: `≤ ${targetMs}`,
        pass: figures.p95_ms <= targetMs,
      },
      { name: 'POST counts max (ms)', value: figures.max_ms.toFixed(2) },
      { name: 'floor: GET /api/locations median (ms)', value: figures.floor_median_ms.toFixed(2) },
      { name: 'floor: GET /api/locations p95 (ms)', value: figures.floor_p95_ms.toFixed(2) },
    ];
    if (asJson) process.stdout.write(`${JSON.stringify({ figures, rows, samples, isSmoke }, null, 2)}\n`);
    else process.stdout.write(`${formatTable(rows, { isSmoke })}\n`);
    if (isSmoke) {
      assertSmokeFigures('par', {
        counts: { 'counts recorded': recorded.counts, 'count lines recorded': recorded.count_lines },
        figures,
      });
      return 0;
    }
    return rows.every((row) => row.pass !== false) ? 0 : 1;
  });
}
