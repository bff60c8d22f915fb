import os from 'node:os';

import { ZodError } from 'zod';

import { ConfigError, loadConfig } from '../config.js';
import type { ServiceContext } from '../context.js';
import { EmbeddedDatabaseError } from '../database/embedded-postgres.js';
import { DatabaseUnavailableError, openDatabase, type OpenDatabase } from '../database/open-database.js';
import { AppError } from '../http/app-error.js';
import { createLogger } from '../logger.js';
import { CatalogCsvError } from '../modules/catalog/catalog-csv.rules.js';
import { configWithServerPublicUrl } from '../modules/mail/public-url.service.js';

/** Wrong or missing input the command line gave (not a bug): one line on stderr, exit 1. */
export class CliInputError extends Error {}

export interface CliOutput {
  isJson: boolean;
  /** Machine output with --json, else the human text. */
  result(value: unknown, human: () => string): void;
}

export function createOutput(isJson: boolean): CliOutput {
  return {
    isJson,
    result(value, human) {
      process.stdout.write(isJson ? `${JSON.stringify(value, null, 2)}\n` : `${human()}\n`);
    },
  };
}

/**
 * Opens the same database the server uses — the embedded one under DATA_DIR (borrowing it when the
 * server already runs it) or DATABASE_URL — runs the command and always closes it again.
 */
export async function withServiceContext<T>(
  work: (ctx: ServiceContext, database: OpenDatabase) => Promise<T>,
  options: { migrate?: boolean } = {},
): Promise<T> {
  const config = loadConfig(process.env, { isCli: true });
  // Logs go to stderr, errors only unless LOG_LEVEL says otherwise: stdout stays clean for --json
  // and --stdout, and a failure reads as the one line reportCliError prints.
  const log = createLogger(process.env.LOG_LEVEL ? config.logLevel : 'error', process.stderr);
  const database = await openDatabase(config, log, { owner: 'cli', migrate: options.migrate ?? true });
  const ctx: ServiceContext = {
    db: database.db,
    // Mails a command writes link where the server does (or are refused).
    config: await configWithServerPublicUrl(config, database.db, process.env.PUBLIC_URL),
    log,
    now: () => new Date(),
    actor: { kind: 'cli', label: `cli:${os.userInfo().username}` },
  };
  try {
    return await work(ctx, database);
  } finally {
    await database.close();
  }
}

/** One line on stderr saying what went wrong, and a non-zero exit code. */
export function reportCliError(error: unknown): never {
  let message: string;
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    message = `${issue?.path.join('.') || 'input'} ${issue?.message ?? 'is invalid'}`;
  } else if (
    error instanceof AppError ||
    error instanceof CliInputError ||
    error instanceof ConfigError ||
    error instanceof CatalogCsvError ||
    error instanceof EmbeddedDatabaseError ||
    error instanceof DatabaseUnavailableError
  ) {
    message = error.message;
  } else {
    message = `unexpected error: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
  process.stderr.write(`supply-hub: ${message}\n`);
  process.exit(1);
}
