import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-database.ts');

export default function globalTeardown() {
  const database = JSON.parse(process.env.SUPPLY_HUB_TEST_DATABASE ?? 'null');
  if (!database) return;
  const args = [database.adminUrl, database.name, ...(database.embeddedDataDir ? [database.embeddedDataDir] : [])];
  execFileSync(process.execPath, ['--import', 'tsx', script, 'drop', ...args], { stdio: 'inherit' });
}
