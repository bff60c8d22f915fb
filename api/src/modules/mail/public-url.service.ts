import type { AppConfig } from '../../config.js';
import type { Db } from '../../database/connection.js';
import { cliPublicUrl, markPublicUrlGuessed } from './public-url.rules.js';
import * as queries from './public-url.queries.js';

/** The server records the URL it serves at, for CLI commands run on the same database. */
export function recordServerPublicUrl(db: Db, publicUrl: string, now: Date): Promise<void> {
  return queries.recordServerPublicUrl(db, publicUrl, now);
}

/**
 * A CLI process's configuration: its mails link where the server does — PUBLIC_URL when given, else
 * the URL the server recorded; with neither, a mail linking to the guessed default is refused.
 */
export async function configWithServerPublicUrl(
  config: AppConfig,
  db: Db,
  configuredPublicUrl: string | undefined,
): Promise<AppConfig> {
  const recorded = await queries.readServerPublicUrl(db).catch(() => undefined);
  const publicUrl = cliPublicUrl(configuredPublicUrl ? config.publicUrl : undefined, recorded);
  if (publicUrl) return { ...config, publicUrl };
  markPublicUrlGuessed(config);
  return config;
}
