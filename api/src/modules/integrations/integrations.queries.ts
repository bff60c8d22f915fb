import type { Db } from '../../database/connection.js';

export interface PunchoutSettingsRow {
  punchout_url: string | null;
  test_punchout_url: string | null;
  identity: string | null;
  shared_secret_encrypted: string | null;
  test_mode: boolean;
}

export function selectPunchoutSettingsRow(db: Db): Promise<PunchoutSettingsRow | undefined> {
  return db('punchout_settings')
    .where({ id: 1 })
    .first('punchout_url', 'test_punchout_url', 'identity', 'shared_secret_encrypted', 'test_mode');
}

// The self-test logs its run beside the orders' submissions, in the supplier module's integration log.
export { insertAbLog } from '../supplier/supplier.queries.js';
