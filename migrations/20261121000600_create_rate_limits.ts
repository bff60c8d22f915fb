import type { Knex } from 'knex';

/** The table rate-limiter-flexible's PostgreSQL store expects: limits hold across instances. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (table) => {
    table.string('key', 255).primary();
    table.integer('points').notNullable().defaultTo(0);
    table.bigInteger('expire');
  });
  await knex.raw('CREATE INDEX rate_limits_expire_index ON rate_limits (expire)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limits');
}
