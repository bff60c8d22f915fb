import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { seedDemoData } from '../modules/demo/demo.service.js';
import { runNode } from '../test-support/processes.js';
import { createIsolatedDatabase, testContext } from '../test-support/test-context.js';

// The soak itself (npm run soak) needs the built server and runs after the build in `npm test`;
// here its data checks are shown to pass on sound data and to catch each kind of broken data.
const SCRIPT = 'scripts/soak/main.mjs';

interface CheckResult {
  name: string;
  ok: boolean;
  count: number;
}

async function runChecks(url: string, since: number) {
  const run = await runNode(SCRIPT, ['--check', url, '--since', String(since)]);
  const checks = JSON.parse(run.stdout || '[]') as CheckResult[];
  return { code: run.code, stderr: run.stderr, failed: checks.filter((check) => !check.ok).map((check) => check.name) };
}

describe('soak data checks (scripts/soak/checks.mjs)', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let since = 0;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    await seedDemoData(testContext(database.db));
    const row = (await database.db('orders').max('display_seq as max').first()) as { max: string | null };
    since = Number(row.max ?? 0) + 1;
  });
  afterAll(async () => {
    await database.drop();
  });

  it('pass on the demo data, then name each broken rule: an approved order never sent, a line received beyond its order, a budget total off', async () => {
    expect(await runChecks(database.url, since)).toEqual({ code: 0, stderr: '', failed: [] });

    const user = (await database.db('users').where({ email: 'doctor@demo.supplyhub.test' }).first('id', 'email')) as {
      id: string;
      email: string;
    };
    const [order] = (await database.db('orders').insert(
      {
        user_id: user.id,
        user_email: user.email,
        status: 'submitted',
        total_amount: '20.00',
        payload_id: `soak-check-${since}@supplyhub`,
        submission_started_at: new Date(),
        submitted_at: new Date(),
        approved_at: new Date(),
        approval_source: 'system',
      },
      ['id'],
    )) as { id: string }[];
    await database.db('order_items').insert({
      order_id: order!.id,
      line_number: 1,
      asin: 'B000000000',
      title: 'Soak check item',
      quantity: 2,
      unit_price: '10.00',
      total_price: '20.00',
    });
    const [receipt] = (await database
      .db('order_receipts')
      .insert({ order_id: order!.id, received_by_label: 'soak check' }, ['id'])) as { id: string }[];
    await database.db('order_receipt_lines').insert({ receipt_id: receipt!.id, line_number: 1, quantity: 3 });
    // With the triggers off, as a bulk load that bypassed them would leave it.
    await database.db.transaction(async (trx) => {
      await trx.raw('SET LOCAL session_replication_role = replica');
      await trx('orders').where({ id: order!.id }).update({ budget_committed: '999.00' });
    });

    const broken = await runChecks(database.url, since);
    expect(broken.code).toBe(1);
    expect(broken.failed).toEqual([
      'every approved order sent to the supplier exactly once, or failed with its reason',
      'per line: received ≤ ordered − rejected',
      "each order's budget_committed equals order_budget_cost(order)",
      'department budget hours equal budget_committed_rebuild() (rolled back)',
    ]);
  }, 60_000);
});
