import type { Knex } from 'knex';

/** HIPAA audit controls: audit rows can be added, never changed or removed. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_events rows cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
    END $$`);
  await knex.raw(`
    CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION refuse_audit_change()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS audit_events_append_only ON audit_events');
  await knex.raw('DROP FUNCTION IF EXISTS refuse_audit_change()');
}
