import type { Knex } from 'knex';

/**
 * A sign-up waits here until its e-mail link is opened; only then is the account created. So the
 * sign-up answer is the same for a new and a known e-mail (the known one gets a mail saying it
 * already has an account), and unconfirmed sign-ups leave no accounts behind.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sign_up_requests', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.text('email').notNullable().index();
    table.text('first_name').notNullable();
    table.text('last_name').notNullable();
    table.text('password_hash').notNullable();
    table.text('token_hash').notNullable().unique();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('used_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sign_up_requests');
}
