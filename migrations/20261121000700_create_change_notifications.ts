import type { Knex } from 'knex';

/**
 * Change notifications for the event stream, raised by the database itself so that every writer
 * (API, CLI, jobs, any instance) is heard: one per statement on products, one per changed profile.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION notify_product_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('supply_hub_events', '{"type":"product.changed"}');
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed()`);
  await knex.raw(`
    CREATE FUNCTION notify_profile_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('supply_hub_events', json_build_object('type', 'profile.updated', 'user_id', NEW.user_id)::text);
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER profiles_updated AFTER UPDATE ON profiles
    FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION notify_profile_updated()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS profiles_updated ON profiles');
  await knex.raw('DROP FUNCTION IF EXISTS notify_profile_updated()');
  await knex.raw('DROP TRIGGER IF EXISTS products_changed ON products');
  await knex.raw('DROP FUNCTION IF EXISTS notify_product_changed()');
}
