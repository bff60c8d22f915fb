import path from 'node:path';

import { describe, expect, it, jest } from '@jest/globals';

import { REPO_ROOT } from '../config.js';
import { runCli, useCliDatabase } from '../test-support/cli-database.js';
import { writeTempFile } from '../test-support/test-context.js';

const example = (name: string) => path.join(REPO_ROOT, 'docs', 'examples', name);

// Each CLI process takes ~10 s on a loaded 2-core machine.
jest.setTimeout(300_000);

describe('departments:import, budgets:import and users:import (docs/install.md’s example files)', () => {
  const database = useCliDatabase({ PUBLIC_URL: 'https://supplies.hospital.example' });

  it('dry-runs by default, then applies with --apply, in the order install.md gives', async () => {
    const dryRun = await runCli(['departments:import', example('departments.csv')], database.env);
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toContain('line 2 created   EMERG: EMERG Emergency (St Mary Hospital)');
    expect(dryRun.stdout).toContain('Dry run: nothing was written.');
    expect(await database.db('departments').where({ code: 'EMERG' }).first()).toBeUndefined();

    const departments = await runCli(
      ['departments:import', example('departments.csv'), '--apply', '--json'],
      database.env,
    );
    expect(departments.code).toBe(0);
    expect(JSON.parse(departments.stdout)).toMatchObject({ dry_run: false, ok: true, created: 4 });

    const budgets = await runCli(['budgets:import', example('budgets.csv'), '--apply', '--json'], database.env);
    expect(JSON.parse(budgets.stdout)).toMatchObject({ ok: true, created: 4 });
    expect(await database.db('budgets').count<{ count: number }[]>('* as count')).toEqual([{ count: 4 }]);

    const users = await runCli(['users:import', example('users.csv'), '--apply'], database.env);
    expect(users.code).toBe(0);
    expect(users.stdout).toContain('4 created, 0 updated, 0 unchanged, 0 with errors.');
    const mails = await database.db('email_outbox').where({ template: 'user-invitation' }).pluck('text_body');
    expect(mails).toHaveLength(4);
    expect(mails[0]).toContain('https://supplies.hospital.example/reset-password#token=');
    const audit = await database.db('audit_events').where('action', 'like', 'csv_import.%').pluck('action');
    expect(audit.sort()).toEqual(['csv_import.budgets', 'csv_import.departments', 'csv_import.users']);
  });

  it('a file with errors lists them by line, exits 1 and writes nothing', async () => {
    const file = writeTempFile(
      'bad-budgets.csv',
      'department,period,amount,mode\nICU,fortnight,10,stop\nNOWHERE,month,1,warn\n',
    );
    const dryRun = await runCli(['budgets:import', file], database.env);
    expect(dryRun.code).toBe(1);
    expect(dryRun.stdout).toMatch(/line 2 error +ICU: period /);
    expect(dryRun.stdout).toContain('line 3 error     NOWHERE: No department has the code or name "NOWHERE"');
    const applied = await runCli(['budgets:import', file, '--apply'], database.env);
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain('supply-hub: Some rows have errors; nothing was imported.');
    expect(applied.stderr).toContain('  line 3: No department has the code or name "NOWHERE"');
    const icu = await database
      .db('budgets as b')
      .join('departments as d', 'd.id', 'b.department_id')
      .where('d.code', 'ICU')
      .first('b.period');
    expect(icu).toEqual({ period: 'month' });

    const missing = await runCli(['users:import', '/nonexistent/users.csv'], database.env);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('supply-hub: cannot read /nonexistent/users.csv: no such file');
  });
});
