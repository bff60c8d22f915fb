import type { Knex } from 'knex';

/**
 * report_rollups_orders_updated moved a QA order that is approved or submitted between rollup keys
 * (a new day or ship-to state) when the same UPDATE also moved a counted order: the QA rewrite of the
 * spend rule (…_mark_qa_orders) skipped its two `status IN (…) AND NOT (…)` predicates, so the QA
 * order was taken off a key it was never on and put on another. Both now require `NOT is_qa` too.
 */
const UNREWRITTEN = /WHERE (\w+)\.status IN \('approved', 'submitted'\) AND NOT \(/g;
const REWRITTEN = /WHERE \((\w+)\.status IN \('approved', 'submitted'\) AND NOT \1\.is_qa\) AND NOT \(/g;

async function rewrite(knex: Knex, from: RegExp, to: (alias: string) => string): Promise<void> {
  const { rows } = await knex.raw<{ rows: { definition: string }[] }>(
    `SELECT pg_get_functiondef('report_rollups_orders_updated()'::regprocedure) AS definition`,
  );
  const definition = rows[0]!.definition;
  const rewritten = definition.replace(from, (_match, alias: string) => to(alias));
  if (rewritten === definition) throw new Error('report_rollups_orders_updated has no predicate to change');
  await knex.raw(rewritten);
}

export async function up(knex: Knex): Promise<void> {
  await rewrite(
    knex,
    UNREWRITTEN,
    (alias) => `WHERE (${alias}.status IN ('approved', 'submitted') AND NOT ${alias}.is_qa) AND NOT (`,
  );
  // Rollups a multi-order UPDATE may have put off already.
  await knex.raw('SELECT report_rollups_rebuild()');
}

export async function down(knex: Knex): Promise<void> {
  await rewrite(knex, REWRITTEN, (alias) => `WHERE ${alias}.status IN ('approved', 'submitted') AND NOT (`);
}
