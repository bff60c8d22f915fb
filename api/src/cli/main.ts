import { CommanderError } from 'commander';

import { reportCliError } from './cli-runtime.js';
import { buildProgram } from './program.js';

buildProgram()
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    if (error instanceof CommanderError) {
      // commander has already printed its one-line message (or the help text)
      process.exit(error.exitCode === 0 ? 0 : 2);
    }
    reportCliError(error);
  });
