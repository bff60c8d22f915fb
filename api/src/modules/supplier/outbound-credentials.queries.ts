import type { Db } from '../../database/connection.js';

/** What the portal signs its outbound cXML with: the supplier's URLs and the portal's credentials. */
export interface OutboundCredentialsRow {
  punchout_url: string | null;
  test_punchout_url: string | null;
  identity: string | null;
  shared_secret_encrypted: string | null;
  test_mode: boolean;
  /** The supplier's identity saved in the settings; null: the SUPPLIER_IDENTITY default. */
  supplier_identity: string | null;
}

export function selectOutboundCredentials(db: Db): Promise<OutboundCredentialsRow | undefined> {
  return db('punchout_settings')
    .where({ id: 1 })
    .first(
      'punchout_url',
      'test_punchout_url',
      'identity',
      'shared_secret_encrypted',
      'test_mode',
      'supplier_identity',
    );
}
