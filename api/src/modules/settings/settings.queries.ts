import type { Db } from '../../database/connection.js';

const COMPANY_COLUMNS = [
  'name',
  'contact_email',
  'phone',
  'timezone',
  'bill_to_street',
  'bill_to_city',
  'bill_to_state',
  'bill_to_postal_code',
] as const;

const AUTOMATION_COLUMNS = [
  'auto_sync_daily',
  'email_notifications_new_orders',
  'auto_approve_enabled',
  'auto_approve_under_amount',
  'max_order_total',
  'stat_auto_approve_under',
] as const;

// Each settings table holds one row, id 1 (created by the migrations).

export function selectCompanySettings(db: Db) {
  return db('company_settings')
    .where({ id: 1 })
    .first(...COMPANY_COLUMNS);
}

export async function updateCompanySettings(db: Db, changes: Record<string, unknown>): Promise<void> {
  await db('company_settings').where({ id: 1 }).update(changes);
}

export function selectAutomationSettings(db: Db) {
  return db('automation_settings')
    .where({ id: 1 })
    .first(...AUTOMATION_COLUMNS);
}

export async function updateAutomationSettings(db: Db, changes: Record<string, unknown>): Promise<void> {
  await db('automation_settings').where({ id: 1 }).update(changes);
}

export function selectPunchoutSettings(db: Db) {
  return db('punchout_settings').where({ id: 1 }).first();
}

export async function hasStoredPunchoutSecret(db: Db): Promise<boolean> {
  const stored = await db('punchout_settings').where({ id: 1 }).first('shared_secret_encrypted');
  return Boolean(stored?.shared_secret_encrypted);
}

export async function hasStoredInboundSecret(db: Db): Promise<boolean> {
  const stored = await db('punchout_settings').where({ id: 1 }).first('inbound_shared_secret_encrypted');
  return Boolean(stored?.inbound_shared_secret_encrypted);
}

export async function upsertPunchoutSettings(db: Db, row: Record<string, unknown>): Promise<void> {
  await db('punchout_settings')
    .insert({ id: 1, ...row })
    .onConflict('id')
    .merge(row);
}
