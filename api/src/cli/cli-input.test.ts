import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it, jest } from '@jest/globals';
import type { Command } from 'commander';

import { REPO_ROOT } from '../config.js';
import { JOBS } from '../jobs/registry.js';
import { verifyPassword } from '../modules/users/password-hashing.js';
import { runCli, useCliDatabase } from '../test-support/cli-database.js';
import { childEnv, type CommandResult } from '../test-support/processes.js';
import { uniqueEmail } from '../test-support/test-context.js';
import { buildProgram } from './program.js';

/** Runs the CLI on a pseudo-terminal (util-linux `script`), as an operator at a terminal would; `answer` is typed at the first prompt. */
function cliOnTerminal(args: string[], env: Record<string, string>, answer?: { after: string; text: string }) {
  const command = [process.execPath, '--import', 'tsx', path.join(REPO_ROOT, 'api', 'src', 'cli', 'main.ts'), ...args]
    .map((word) => `'${word}'`)
    .join(' ');
  return new Promise<CommandResult>((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: REPO_ROOT, env: childEnv(env) });
    let stdout = '';
    let hasAnswered = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // Typed only once the prompt shows, as a person would (the terminal is then in no-echo mode).
      if (answer && !hasAnswered && stdout.includes(answer.after)) {
        hasAnswered = true;
        child.stdin.write(`${answer.text}\r`);
      }
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr: '' }));
  });
}

jest.setTimeout(240_000);

describe('the CLI keeps secrets off the command line', () => {
  // The production-mode order URL below must be one the portal may reach, or saving it is refused.
  const database = useCliDatabase({ SUPPLIER_ALLOWED_HOSTS: 'supplier.example:443' });

  const newUser = (email: string) => [
    'users:create',
    '--email',
    email,
    '--first-name',
    'Stdin',
    '--last-name',
    'Nurse',
    '--role',
    'nurse',
    '--json',
  ];
  const passwordHashOf = async (email: string) => {
    const row = await database
      .db('password_credentials')
      .join('users', 'users.id', 'password_credentials.user_id')
      .where('users.email', email)
      .first<{ password_hash: string }>('password_hash');
    return row?.password_hash ?? '';
  };

  it('users:create --password-stdin reads the password from standard input, without a warning', async () => {
    const email = uniqueEmail('stdin');
    const result = await runCli([...newUser(email), '--password-stdin'], database.env, 'Quiet-Harbour-71\n');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({ email, roles: ['nurse'] });
    expect(await verifyPassword(await passwordHashOf(email), 'Quiet-Harbour-71')).toBe(true);
  });

  it('the old --password flag still works, with a warning on stderr that names --password-stdin', async () => {
    const email = uniqueEmail('legacy');
    const result = await runCli([...newUser(email), '--password', 'Quiet-Harbour-72'], database.env);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^supply-hub: warning: --password .*shell history.*--password-stdin/);
    expect(result.stdout + result.stderr).not.toContain('Quiet-Harbour-72');
    expect(await verifyPassword(await passwordHashOf(email), 'Quiet-Harbour-72')).toBe(true);
  });

  it('without either flag and no terminal, says how to give the password and creates nothing', async () => {
    const email = uniqueEmail('none');
    const result = await runCli(newUser(email), database.env);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'supply-hub: the initial password is required: pipe it with --password-stdin, or run in a terminal to be asked for it',
    );
    const empty = await runCli([...newUser(email), '--password-stdin'], database.env, '');
    expect(empty.stderr.trim()).toBe(
      'supply-hub: --password-stdin: standard input has no line for the initial password',
    );
    expect(await database.db('users').where({ email }).first()).toBeUndefined();
  });

  it('asks for the password at a terminal without echoing it', async () => {
    const email = uniqueEmail('prompt');
    const result = await cliOnTerminal(newUser(email), database.env, {
      after: 'The initial password: ',
      text: 'Quiet-Harbour-73',
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('The initial password: ');
    expect(result.stdout).not.toContain('Quiet-Harbour-73');
    expect(await verifyPassword(await passwordHashOf(email), 'Quiet-Harbour-73')).toBe(true);
  });

  it('settings:punchout --inbound-identity ID --inbound-secret-stdin sets the supplier’s inbound credentials alone', async () => {
    const result = await runCli(
      ['settings:punchout', '--inbound-identity', 'ACME-MEDICAL', '--inbound-secret-stdin', '--json'],
      database.env,
      'acme-inbound-secret-2026\n',
    );
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(JSON.parse(result.stdout)).toMatchObject({
      inbound_identity: 'ACME-MEDICAL',
      inbound_shared_secret_masked: '••••••••',
    });
    expect(result.stdout).not.toContain('acme-inbound-secret');
    const stored = await database.db('punchout_settings').first('inbound_shared_secret_encrypted');
    expect(stored.inbound_shared_secret_encrypted).toMatch(/^v1\./);
    expect(stored.inbound_shared_secret_encrypted).not.toContain('acme-inbound-secret');
    const tooShort = await runCli(
      ['settings:punchout', '--inbound-identity', 'ACME', '--inbound-secret-stdin'],
      database.env,
      'short\n',
    );
    expect([tooShort.code, tooShort.stderr.trim()]).toEqual([
      1,
      'supply-hub: inbound_shared_secret The inbound shared secret must be at least 16 characters',
    ]);
    const nothing = await runCli(['settings:punchout'], database.env);
    expect(nothing.stderr.trim()).toBe(
      'supply-hub: settings:punchout: give --url and --identity, or --inbound-identity (or both)',
    );
  });

  it('settings:punchout --secret-stdin stores the shared secret from standard input and never prints it', async () => {
    const args = ['settings:punchout', '--url', 'https://supplier.example/cxml', '--identity', 'HOSP-2', '--json'];
    const result = await runCli([...args, '--secret-stdin'], database.env, 'stdin-secret-654\n');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({ identity: 'HOSP-2', shared_secret_masked: '••••••••' });
    expect(result.stdout).not.toContain('stdin-secret-654');
    const stored = await database.db('punchout_settings').first();
    expect(JSON.stringify(stored)).not.toContain('stdin-secret-654');

    const legacy = await runCli([...args, '--secret', 'legacy-secret-655'], database.env);
    expect(legacy.code).toBe(0);
    expect(legacy.stderr).toMatch(/^supply-hub: warning: --secret .*--secret-stdin/);
    const both = await runCli([...args, '--secret', 'x', '--secret-stdin'], database.env, 'y\n');
    expect(both.code).toBe(1);
    expect(both.stderr.trim()).toBe(
      'supply-hub: give the shared secret either with --secret-stdin or --secret, not both',
    );
  });

  it('shows progress bars for reseed and export on a terminal, and none when stderr is a pipe', async () => {
    expect((await runCli(['catalog:bootstrap', '--json'], database.env)).code).toBe(0);
    await database.db('products').whereIn('id', database.db('products').select('id').limit(3)).update({ price: 1.23 });
    const reseed = await cliOnTerminal(['catalog:reseed'], database.env);
    expect(reseed.stdout).toMatch(/Correcting products \[.*\] 3\/3/);
    expect(reseed.stdout).toContain('Corrections: 3');
    const exported = await cliOnTerminal(
      ['catalog:export', '--out', path.join(mkdtempSync(path.join(os.tmpdir(), 'supply-hub-export-')), 'export.csv')],
      database.env,
    );
    expect(exported.stdout).toMatch(/Exporting products \[.*\] 154\/154/);

    const piped = await runCli(['catalog:export', '--stdout'], database.env);
    expect(piped.stderr).toBe('');
    expect(piped.stdout.trim().split('\n')).toHaveLength(155);
  });
});

describe('the CLI describes itself', () => {
  it('--version prints the release', async () => {
    const result = await runCli(['--version'], {});
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('jobs:run --help lists exactly the jobs of the registry, each with its schedule and description', async () => {
    const result = await runCli(['jobs:run', '--help'], {});
    expect(result.code).toBe(0);
    const listed = result.stdout
      .slice(result.stdout.indexOf('Jobs:\n'))
      .split('\n')
      .slice(1)
      .filter((line) => line.trim() !== '');
    expect(listed.map((line) => line.trim().split(/\s+/)[0])).toEqual(JOBS.map((job) => job.name));
    for (const job of JOBS) expect(result.stdout).toContain(job.description);
  });

  it('every command offers --json', () => {
    const commands: readonly Command[] = buildProgram().commands;
    const withoutJson = commands
      .filter((command) => !command.options.some((option) => option.long === '--json'))
      .map((command) => command.name());
    expect(commands.length).toBeGreaterThan(15);
    expect(withoutJson).toEqual([]);
  });
});
