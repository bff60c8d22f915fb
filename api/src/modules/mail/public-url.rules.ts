import type { AppConfig } from '../../config.js';
import { AppError } from '../../http/app-error.js';

/**
 * Mail links must point where people reach the portal. The server records the public URL it serves
 * at; a CLI process (which has no request to learn it from) uses PUBLIC_URL when given, else the
 * server's (public-url.service), and without either refuses to write a mail that links to a guessed address.
 */
const guessedUrls = new WeakSet<AppConfig>();

export const PUBLIC_URL_UNKNOWN_MESSAGE =
  'This mail would link to a guessed address: set PUBLIC_URL to the address people open the portal at ' +
  '(or start the server once, which records it), then run the command again.';

/** The URL a CLI process links to: PUBLIC_URL, else the server's recorded one; null when neither is known. */
export function cliPublicUrl(configured: string | undefined, recorded: string | undefined): string | null {
  return configured ?? recorded ?? null;
}

/** Marks a configuration whose publicUrl is a default nobody set: mails linking to it are refused. */
export function markPublicUrlGuessed(config: AppConfig): void {
  guessedUrls.add(config);
}

/** Refuses (409 PUBLIC_URL_UNKNOWN) a mail text that links to a guessed public URL. */
export function assertMailLinksKnown(config: AppConfig, text: string): void {
  if (guessedUrls.has(config) && text.includes(config.publicUrl)) {
    throw AppError.conflict('PUBLIC_URL_UNKNOWN', PUBLIC_URL_UNKNOWN_MESSAGE);
  }
}
