import type { Knex } from 'knex';

/** The sandbox supplier also invoices what it shipped: a third kind of follow-up document. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE sandbox_supplier_documents DROP CONSTRAINT sandbox_supplier_documents_kind_check');
  await knex.raw(
    `ALTER TABLE sandbox_supplier_documents ADD CONSTRAINT sandbox_supplier_documents_kind_check
       CHECK (kind IN ('confirmation', 'ship_notice', 'invoice'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('sandbox_supplier_documents').where({ kind: 'invoice' }).delete();
  await knex.raw('ALTER TABLE sandbox_supplier_documents DROP CONSTRAINT sandbox_supplier_documents_kind_check');
  await knex.raw(
    `ALTER TABLE sandbox_supplier_documents ADD CONSTRAINT sandbox_supplier_documents_kind_check
       CHECK (kind IN ('confirmation', 'ship_notice'))`,
  );
}
