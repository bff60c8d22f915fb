import { Command, CommanderError } from 'commander';

import { registerCatalogCommands } from './commands/catalog.commands.js';
import { registerDbCommands } from './commands/db.commands.js';
import { registerJobCommands } from './commands/jobs.commands.js';
import { registerReportCommands } from './commands/reports.commands.js';
import { registerRouteCommands } from './commands/routes.commands.js';
import { registerSecretsCommands } from './commands/secrets.commands.js';
import { registerSettingsCommands } from './commands/settings.commands.js';
import { registerSsoCommands } from './commands/sso.commands.js';
import { registerUserCommands } from './commands/users.commands.js';
import { reportCliError } from './cli-runtime.js';

/** The operators' CLI: `npm run cli -- <command>`; every command calls the services the API uses. */
export function buildProgram(): Command {
  const program = new Command('supply-hub')
    .description('Supply Hub operators’ CLI. Uses DATABASE_URL, or the embedded database under DATA_DIR.')
    .showSuggestionAfterError()
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  registerDbCommands(program);
  registerCatalogCommands(program);
  registerUserCommands(program);
  registerJobCommands(program);
  registerSsoCommands(program);
  registerRouteCommands(program);
  registerSettingsCommands(program);
  registerReportCommands(program);
  registerSecretsCommands(program);
  return program;
}

buildProgram()
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    if (error instanceof CommanderError) {
      // commander has already printed its one-line message (or the help text)
      process.exit(error.exitCode === 0 ? 0 : 2);
    }
    reportCliError(error);
  });
