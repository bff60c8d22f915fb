import { readFileSync } from 'node:fs';
import path from 'node:path';

import { Command } from 'commander';

import { REPO_ROOT } from '../config.js';

import { registerBudgetCommands } from './commands/budgets.commands.js';
import { registerCatalogCommands } from './commands/catalog.commands.js';
import { registerCxmlCommands } from './commands/cxml.commands.js';
import { registerDbCommands } from './commands/db.commands.js';
import { registerFulfilmentCommands } from './commands/fulfilment.commands.js';
import { registerImportCommands } from './commands/imports.commands.js';
import { registerJobCommands } from './commands/jobs.commands.js';
import { registerKeptTotalsCommands } from './commands/kept-totals.commands.js';
import { registerMailCommands } from './commands/mail.commands.js';
import { registerReportCommands } from './commands/reports.commands.js';
import { registerRouteCommands } from './commands/routes.commands.js';
import { registerSecretsCommands } from './commands/secrets.commands.js';
import { registerSettingsCommands } from './commands/settings.commands.js';
import { registerSsoCommands } from './commands/sso.commands.js';
import { registerUserCommands } from './commands/users.commands.js';

/** The operators' CLI: `npm run cli -- <command>`; every command calls the services the API uses. */
export function buildProgram(): Command {
  const program = new Command('supply-hub')
    .description('Supply Hub operators’ CLI. Uses DATABASE_URL, or the embedded database under DATA_DIR.')
    .showSuggestionAfterError()
    .showHelpAfterError('(run with --help for usage)')
    .version(cliVersion(), '-V, --version', 'print the version')
    .exitOverride();
  registerDbCommands(program);
  registerCatalogCommands(program);
  registerUserCommands(program);
  registerJobCommands(program);
  registerSsoCommands(program);
  registerRouteCommands(program);
  registerSettingsCommands(program);
  registerReportCommands(program);
  registerBudgetCommands(program);
  registerFulfilmentCommands(program);
  registerKeptTotalsCommands(program);
  registerImportCommands(program);
  registerSecretsCommands(program);
  registerCxmlCommands(program);
  registerMailCommands(program);
  return program;
}

/** The release, as /api/health reports it: the api package's version. */
export function cliVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'api', 'package.json'), 'utf8')) as {
    version?: string;
  };
  return manifest.version ?? '0.0.0';
}
