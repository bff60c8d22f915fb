import type { Db } from '../../database/connection.js';

export interface SupplierTextSettingsRow {
  medical_record_pattern: string | null;
  extra_patterns: string[];
  updated_at: Date;
}

/** The one row (id 1), absent until the first save. */
export function selectSupplierTextSettings(db: Db): Promise<SupplierTextSettingsRow | undefined> {
  return db('supplier_text_settings').where({ id: 1 }).first('medical_record_pattern', 'extra_patterns', 'updated_at');
}

export async function upsertSupplierTextSettings(
  db: Db,
  row: { medical_record_pattern: string | null; extra_patterns: string[]; updated_at: Date },
): Promise<void> {
  const values = { ...row, extra_patterns: JSON.stringify(row.extra_patterns) };
  await db('supplier_text_settings')
    .insert({ id: 1, ...values })
    .onConflict('id')
    .merge(values);
}
