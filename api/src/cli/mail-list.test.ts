import { beforeAll, describe, expect, it, jest } from '@jest/globals';

import { runCli, useCliDatabase } from '../test-support/cli-database.js';

// Each CLI run is a process of its own (~10 s on a loaded 2-core machine).
jest.setTimeout(120_000);

describe('npm run cli -- mail:list', () => {
  const database = useCliDatabase();
  const link = 'https://portal.example/confirm-sign-up#token=Rk9PQkFSQkFaLXRva2VuLWZvci10aGUtY2xpLXRlc3Q';

  beforeAll(async () => {
    const mail = { subject: 'Finish creating your account', template: 'sign-up-confirm' };
    await database.db('email_outbox').insert([
      { ...mail, to_address: 'waiting@example.test', text_body: `Open ${link} to finish.`, status: 'logged' },
      { ...mail, to_address: 'other@example.test', text_body: 'Open https://portal.example/x.', status: 'failed' },
      { ...mail, to_address: 'waiting@example.test', text_body: 'https://portal.example/sent', status: 'sent' },
    ]);
  });

  it('shows an operator the undelivered mails with their links, one address with --to, and audits the reading', async () => {
    const one = await runCli(['mail:list', '--to', 'Waiting@Example.test', '--json'], database.env);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toEqual([
      expect.objectContaining({ to: 'waiting@example.test', subject: 'Finish creating your account', links: [link] }),
    ]);

    const all = await runCli(['mail:list'], database.env);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('2 mail(s) wait undelivered');
    expect(all.stdout).toContain(link);
    expect(all.stdout).toContain('other@example.test');
    expect(all.stdout).not.toContain('https://portal.example/sent');
    expect(all.stdout).toContain('Sign-up and password-reset mails are not delivered');

    const audit = await database.db('audit_events').where({ action: 'mail.list' }).orderBy('occurred_at');
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actor_label: expect.stringMatching(/^cli:/), target_type: 'email_outbox' });
    expect(audit[0]?.details).toEqual({ to: 'waiting@example.test', mails: 1 });
  });

  it('refuses an address that is not one with one line, writing no audit row', async () => {
    const before = await database.db('audit_events').where({ action: 'mail.list' }).count<{ count: string }[]>('*');
    const refused = await runCli(['mail:list', '--to', 'nobody'], database.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe("supply-hub: --to must be an e-mail address, not 'nobody'");
    const after = await database.db('audit_events').where({ action: 'mail.list' }).count<{ count: string }[]>('*');
    expect(after).toEqual(before);
  });
});
