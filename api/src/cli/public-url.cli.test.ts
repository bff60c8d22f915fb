import { describe, expect, it, jest } from '@jest/globals';

import { recordServerPublicUrl } from '../modules/mail/public-url.service.js';
import { runCli, useCliDatabase } from '../test-support/cli-database.js';
import { writeTempFile } from '../test-support/test-context.js';

// Each CLI process takes ~10 s on a loaded 2-core machine.
jest.setTimeout(300_000);

/** One new account, so users:import writes one invitation mail with links. */
const usersFile = (email: string) =>
  writeTempFile(`${email}.csv`, `email,first_name,last_name,role,department,approved\n${email},Rae,Lind,doctor,,yes\n`);

describe('mails written by CLI commands link where the server is', () => {
  const database = useCliDatabase();

  it('without PUBLIC_URL and before the server recorded its URL, refuses to write the mail and changes nothing', async () => {
    const refused = await runCli(['users:import', usersFile('first@hospital.example'), '--apply'], database.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr + refused.stdout).toContain('This mail would link to a guessed address: set PUBLIC_URL');
    expect(await database.db('users').where({ email: 'first@hospital.example' }).first()).toBeUndefined();
    expect(await database.db('email_outbox').where({ to_address: 'first@hospital.example' })).toEqual([]);
  });

  it('links to the URL the server recorded, and PUBLIC_URL wins when given', async () => {
    await recordServerPublicUrl(database.db, 'https://supplies.hospital.example', new Date());
    const recorded = await runCli(['users:import', usersFile('second@hospital.example'), '--apply'], database.env);
    expect(recorded.code).toBe(0);
    const [mail] = await database
      .db('email_outbox')
      .where({ to_address: 'second@hospital.example' })
      .pluck('text_body');
    expect(mail).toContain('https://supplies.hospital.example/reset-password#token=');
    expect(mail).not.toContain('127.0.0.1');

    const configured = await runCli(['users:import', usersFile('third@hospital.example'), '--apply'], {
      ...database.env,
      PUBLIC_URL: 'https://portal.example.org',
    });
    expect(configured.code).toBe(0);
    const [other] = await database
      .db('email_outbox')
      .where({ to_address: 'third@hospital.example' })
      .pluck('text_body');
    expect(other).toContain('https://portal.example.org/reset-password#token=');
  });
});
