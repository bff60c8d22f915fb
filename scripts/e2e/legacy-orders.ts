import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

/** Written by test-server.mjs: the database of this run's e2e server (one per port). */
const notePath = () => path.join(os.tmpdir(), `supply-hub-e2e-${process.env.E2E_PORT ?? '3100'}.json`);

/**
 * Takes a requester's shipping address away behind the portal's back. An order is refused without
 * one, so a pending order whose requester has none exists only from before that rule; the back
 * office's screens for it (approval blocked, Add Address) are tested on orders made this way.
 */
export async function removeShippingAddress(userId: string): Promise<void> {
  const { databaseUrl } = JSON.parse(readFileSync(notePath(), 'utf8')) as { databaseUrl: string };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('DELETE FROM shipping_addresses WHERE user_id = $1', [userId]);
  } finally {
    await client.end();
  }
}
