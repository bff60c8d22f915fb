import type { Knex } from 'knex';

/**
 * QA runner orders (admin-portal §2.12) are marked, attributed to the admin who ran the test, and
 * never counted in reports. The report rollups' spend rule lives in the trigger and rebuild
 * functions of 20261121001300/1400 as `<alias>.status IN ('approved', 'submitted')`; this migration
 * rewrites that predicate in each of them to also require `NOT <alias>.is_qa` (every alias there is
 * an orders row or a transition table of orders, so the column is always at hand), then rebuilds.
 */
const FUNCTIONS = [
  'report_rollups_orders_inserted()',
  'report_rollups_orders_updated()',
  'report_rollups_order_deleting()',
  'report_rollups_lines_inserted()',
  'report_rollups_lines_updated()',
  'report_rollups_lines_deleted()',
  'report_rollups_rebuild()',
  'report_rollups_shift_timezone(text, text)',
];
const COUNTED = /\b(\w+)\.status IN \('approved', 'submitted'\)(?! AND NOT)/g;
const COUNTED_NOT_QA = /\((\w+)\.status IN \('approved', 'submitted'\) AND NOT \w+\.is_qa\)/g;

async function rewriteFunctions(knex: Knex, rewrite: (definition: string) => string): Promise<void> {
  for (const signature of FUNCTIONS) {
    const { rows } = await knex.raw<{ rows: { definition: string }[] }>(
      `SELECT pg_get_functiondef(?::regprocedure) AS definition`,
      [signature],
    );
    const definition = rows[0]?.definition;
    if (!definition) throw new Error(`report rollup function ${signature} not found`);
    const rewritten = rewrite(definition);
    if (rewritten === definition) throw new Error(`report rollup function ${signature} has no spend rule to change`);
    await knex.raw(rewritten);
  }
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (table) => {
    table.boolean('is_qa').notNullable().defaultTo(false);
    table.uuid('qa_run_by').references('users.id').onDelete('SET NULL');
  });
  await rewriteFunctions(knex, (definition) =>
    definition.replace(
      COUNTED,
      (_match, alias: string) => `(${alias}.status IN ('approved', 'submitted') AND NOT ${alias}.is_qa)`,
    ),
  );
  await knex.raw('SELECT report_rollups_rebuild()');
}

export async function down(knex: Knex): Promise<void> {
  await rewriteFunctions(knex, (definition) =>
    definition.replace(COUNTED_NOT_QA, (_match, alias: string) => `${alias}.status IN ('approved', 'submitted')`),
  );
  await knex.schema.alterTable('orders', (table) => {
    table.dropColumn('qa_run_by');
    table.dropColumn('is_qa');
  });
  await knex.raw('SELECT report_rollups_rebuild()');
}
