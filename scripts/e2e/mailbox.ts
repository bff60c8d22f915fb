import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { expect, type APIRequestContext } from '@playwright/test';
import pg from 'pg';

/** Written by test-server.mjs: the database of this run's e2e server (one per port). */
const notePath = () => path.join(os.tmpdir(), `supply-hub-e2e-${process.env.E2E_PORT ?? '3100'}.json`);

/**
 * The mail a person would receive: the latest mail of a kind to an address, read from the e2e
 * server's outbox (it keeps mail there without SMTP). Sign-up now goes through such a mail.
 */
export async function latestMail(to: string, template: string): Promise<string> {
  const { databaseUrl } = JSON.parse(readFileSync(notePath(), 'utf8')) as {
    databaseUrl: string;
  };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ text_body: string }>(
      'SELECT text_body FROM email_outbox WHERE to_address = $1 AND template = $2 ORDER BY created_at DESC LIMIT 1',
      [to.toLowerCase(), template],
    );
    if (!rows[0]) throw new Error(`no ${template} mail to ${to}`);
    return rows[0].text_body;
  } finally {
    await client.end();
  }
}

/** The path of the link in the latest sign-up mail to this address: `/confirm-sign-up#token=…`. */
export async function signUpLinkPath(email: string): Promise<string> {
  const body = await latestMail(email, 'sign-up-confirm');
  const link = /https?:\/\/[^\s/]+(\/confirm-sign-up#token=[A-Za-z0-9_-]{43})/.exec(body)?.[1];
  if (!link) throw new Error(`no sign-up link in the mail to ${email}`);
  return link;
}

/** Signs up through the mailed link with an API context, which ends up signed in; returns the user. */
export async function signUpThroughMail(
  api: APIRequestContext,
  data: { first_name: string; last_name: string; email: string; password: string },
): Promise<{ id: string; email: string }> {
  const request = await api.post('/api/auth/signup', { data });
  expect(request.status()).toBe(202);
  const token = (await signUpLinkPath(data.email)).split('#token=')[1];
  const confirmed = await api.post('/api/auth/signup/confirm', { data: { token } });
  expect(confirmed.status()).toBe(201);
  return ((await confirmed.json()) as { user: { id: string; email: string } }).user;
}

/**
 * Every mail to an address (newest first), as a person's inbox holds them: template and text. With
 * `since`, only the mails written from then on: the specs share one database, so a test that reads
 * a shared account's inbox reads only what arrived during itself, not what earlier specs caused.
 */
export async function mailsTo(to: string, since?: Date): Promise<{ template: string; text: string }[]> {
  const { databaseUrl } = JSON.parse(readFileSync(notePath(), 'utf8')) as { databaseUrl: string };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ template: string; text_body: string }>(
      `SELECT template, text_body FROM email_outbox
       WHERE to_address = $1 AND ($2::timestamptz IS NULL OR created_at >= $2::timestamptz)
       ORDER BY created_at DESC`,
      [to.toLowerCase(), since?.toISOString() ?? null],
    );
    return rows.map((row) => ({ template: row.template, text: row.text_body }));
  } finally {
    await client.end();
  }
}
