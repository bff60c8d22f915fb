import type { Db } from '../../database/connection.js';

export interface SignUpRequest {
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
}

export async function insertSignUpRequest(
  db: Db,
  request: SignUpRequest & { token_hash: string; expires_at: Date },
  now: Date,
): Promise<void> {
  await db('sign_up_requests').insert({ ...request, created_at: now });
}

/** Spends an unused, unexpired sign-up link (once: a second claim finds nothing). */
export async function claimSignUpRequest(db: Db, tokenHash: string, now: Date): Promise<SignUpRequest | undefined> {
  const [request] = await db('sign_up_requests')
    .where({ token_hash: tokenHash })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .update({ used_at: now })
    .returning<SignUpRequest[]>(['email', 'first_name', 'last_name', 'password_hash']);
  return request;
}
