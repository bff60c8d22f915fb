import { afterAll, beforeAll } from '@jest/globals';

import type { Db } from '../database/connection.js';
import { runTs, type CommandResult } from './processes.js';
import { createIsolatedDatabase } from './test-context.js';

export interface CliDatabase {
  db: Db;
  url: string;
  /** What a CLI process needs to work on this database (and `extraEnv`). */
  env: Record<string, string>;
}

/**
 * A migrated database of the describe block's own for CLI tests, made before its tests and dropped
 * after them (registers its own beforeAll/afterAll). Its fields are set once the tests run.
 */
export function useCliDatabase(extraEnv: Record<string, string> = {}): CliDatabase {
  const state = {} as CliDatabase & { drop(): Promise<void> };
  beforeAll(async () => {
    const database = await createIsolatedDatabase();
    Object.assign(state, database, { env: { DATABASE_URL: database.url, NODE_ENV: 'test', ...extraEnv } });
  });
  afterAll(() => state.drop());
  return state;
}

/** Runs the operators' CLI (npm run cli) to completion; `input` is its standard input. */
export function runCli(args: string[], env: Record<string, string>, input?: string): Promise<CommandResult> {
  return runTs('cli/main.ts', args, env, { input });
}
