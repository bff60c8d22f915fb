import type { Db } from '../../database/connection.js';
import type { SandboxShopCartLine } from './sandbox-punchout.rules.js';

export interface SandboxShopSessionRow {
  token: string;
  buyer_cookie: string;
  return_url: string;
  user_email: string | null;
  cart: SandboxShopCartLine[];
  created_at: Date;
}

export async function insertShopSession(db: Db, row: Omit<SandboxShopSessionRow, 'cart'>): Promise<void> {
  await db('sandbox_punchout_sessions').insert({ ...row, cart: JSON.stringify([]) });
}

export function selectShopSession(
  db: Db,
  token: string,
  options: { forUpdate?: boolean } = {},
): Promise<SandboxShopSessionRow | undefined> {
  const query = db('sandbox_punchout_sessions').where({ token }).first();
  return options.forUpdate ? query.forUpdate() : query;
}

export async function updateShopCart(db: Db, token: string, cart: readonly SandboxShopCartLine[]): Promise<void> {
  await db('sandbox_punchout_sessions')
    .where({ token })
    .update({ cart: JSON.stringify(cart) });
}
