import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { runTs } from '../test-support/processes.js';
import { createIsolatedDatabase } from '../test-support/test-context.js';

// A whole migration run and two CLI processes on a loaded 2-core machine.
jest.setTimeout(300_000);

describe('COMPANY_TIMEZONE is only what a new database starts with; the company setting wins', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  beforeAll(async () => {
    database = await createIsolatedDatabase();
    // An empty database, as a new installation's.
    await database.db.raw('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  });
  afterAll(() => database.drop());

  it('a new database takes COMPANY_TIMEZONE; later the setting is what the jobs follow, whatever the variable says', async () => {
    const env = { DATABASE_URL: database.url, NODE_ENV: 'test' };
    const migrated = await runTs('cli/main.ts', ['db:migrate'], { ...env, COMPANY_TIMEZONE: 'America/Chicago' });
    expect(migrated.code).toBe(0);
    expect(await database.db('company_settings').pluck('timezone')).toEqual(['America/Chicago']);

    await database.db('company_settings').update({ timezone: 'Europe/Berlin' });
    const jobs = await runTs('cli/main.ts', ['jobs:list', '--json'], { ...env, COMPANY_TIMEZONE: 'America/Denver' });
    expect(jobs.code).toBe(0);
    const timezones = new Set((JSON.parse(jobs.stdout) as { timezone: string }[]).map((job) => job.timezone));
    expect([...timezones]).toEqual(['Europe/Berlin']);
    expect(await database.db('company_settings').pluck('timezone')).toEqual(['Europe/Berlin']);
  });
});
