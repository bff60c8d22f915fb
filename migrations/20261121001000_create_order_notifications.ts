import type { Knex } from 'knex';

/** Tells the requester's open pages when one of their orders changes status (any instance, any writer). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION notify_order_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('supply_hub_events',
        json_build_object('type', 'order.updated', 'user_id', NEW.user_id, 'order_id', NEW.id, 'status', NEW.status)::text);
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER orders_updated AFTER INSERT OR UPDATE OF status ON orders
    FOR EACH ROW EXECUTE FUNCTION notify_order_updated()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS orders_updated ON orders');
  await knex.raw('DROP FUNCTION IF EXISTS notify_order_updated()');
}
