// Creates the run's throwaway database; workers inherit DATABASE_URL from this process.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-database.ts');

export default function globalSetup() {
  const output = execFileSync(process.execPath, ['--import', 'tsx', script, 'prepare'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const database = JSON.parse(output);
  process.env.DATABASE_URL = database.url;
  process.env.SUPPLY_HUB_TEST_DATABASE = JSON.stringify(database);
}
