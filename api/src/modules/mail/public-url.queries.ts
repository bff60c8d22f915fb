import type { Db } from '../../database/connection.js';

// The URL the server serves at, kept for CLI commands run on the same database (public-url.ts).
const SERVER_PUBLIC_URL_KEY = 'server_public_url';

/** The server's own URL, kept for CLI commands run on the same database. */
export async function recordServerPublicUrl(db: Db, publicUrl: string, now: Date): Promise<void> {
  await db('app_kv')
    .insert({ key: SERVER_PUBLIC_URL_KEY, value: JSON.stringify(publicUrl), updated_at: now })
    .onConflict('key')
    .merge(['value', 'updated_at']);
}

export async function readServerPublicUrl(db: Db): Promise<string | undefined> {
  const row = await db('app_kv').where({ key: SERVER_PUBLIC_URL_KEY }).first<{ value: unknown } | undefined>('value');
  return typeof row?.value === 'string' ? row.value : undefined;
}
