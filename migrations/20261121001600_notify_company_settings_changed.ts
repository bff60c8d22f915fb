import type { Knex } from 'knex';

/**
 * A change of the company settings is announced on the events channel, by the database itself so
 * every writer is heard (any instance, the CLI): each instance forgets its copy of the report
 * timezone at once instead of using the old one until its copy expires.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION notify_company_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('supply_hub_events', '{"type":"company_settings.changed"}');
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER company_settings_changed AFTER UPDATE ON company_settings
    FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION notify_company_settings_changed()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS company_settings_changed ON company_settings');
  await knex.raw('DROP FUNCTION IF EXISTS notify_company_settings_changed()');
}
