import type { Knex } from 'knex';

const CATEGORY_VALUES = [
  'General Medical',
  'Surgical Supplies',
  'Personal Protection',
  'Diagnostic Equipment',
  'Injection Supplies',
  'Wound Care',
  'IV & Infusion',
  'Catheters & Tubes',
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('products', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.text('asin').notNullable().unique();
    table.text('sku').unique();
    table.text('title').notNullable();
    table.text('description');
    table.text('manufacturer');
    table.text('vendor');
    table.text('category');
    table.text('image_url');
    table.text('product_url');
    table.text('amazon_url');
    table.decimal('amazon_price', 12, 2);
    table.decimal('price', 12, 2);
    table.boolean('in_stock').notNullable().defaultTo(false);
    table.jsonb('specs').notNullable().defaultTo('{}');
    table.text('unspsc');
    table.boolean('active').notNullable().defaultTo(true);
    table.timestamps(true, true);
    table.check(`asin ~ '^[A-Za-z0-9-]{1,40}$'`, [], 'products_asin_check');
    table.check(`btrim(title) <> ''`, [], 'products_title_check');
    table.check('price IS NULL OR price >= 0', [], 'products_price_check');
    table.check('amazon_price IS NULL OR amazon_price >= 0', [], 'products_amazon_price_check');
    table.check(`jsonb_typeof(specs) = 'object'`, [], 'products_specs_check');
    table.check(`unspsc IS NULL OR unspsc ~ '^[0-9]{8}$'`, [], 'products_unspsc_check');
    table.check(
      `category IS NULL OR category IN (${CATEGORY_VALUES.map((c) => `'${c}'`).join(', ')})`,
      [],
      'products_category_check',
    );
  });
  // The catalogue lists active products by title; the audit counts them.
  await knex.raw('CREATE INDEX products_active_title_index ON products (title) WHERE active');

  await knex.schema.createTable('catalog_reconciliations', (table) => {
    table.bigIncrements('id');
    table.text('source').notNullable();
    table.text('actor').notNullable();
    table.integer('csv_count').notNullable();
    table.integer('upserted_count').notNullable();
    table.integer('reactivated_count').notNullable();
    table.integer('deactivated_count').notNullable();
    table.integer('order_protected_count').notNullable();
    table.integer('corrected_count').notNullable().defaultTo(0);
    table.timestamp('ran_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check(`source IN ('bootstrap', 'reseed')`, [], 'catalog_reconciliations_source_check');
  });
  await knex.raw('CREATE INDEX catalog_reconciliations_ran_at_index ON catalog_reconciliations (ran_at DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('catalog_reconciliations');
  await knex.schema.dropTableIfExists('products');
}
