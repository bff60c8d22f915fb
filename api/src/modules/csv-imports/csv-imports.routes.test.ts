import { randomBytes } from 'node:crypto';

import { afterAll, describe, expect, it } from '@jest/globals';

import { createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { openSharedTestDb, uniqueEmail } from '../../test-support/test-context.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

/** A name no other test uses. */
const unique = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex').toUpperCase()}`;

function importFile(
  agent: Awaited<ReturnType<typeof signedInAgent>>['agent'],
  kind: string,
  csv: string,
  apply = false,
) {
  return agent
    .post(`/api/admin/${kind}/import`)
    .query(apply ? { dry_run: 'false' } : {})
    .set('Content-Type', 'text/csv')
    .send(csv);
}

describe('CSV imports of departments, budgets and users', () => {
  it('a dry run of departments answers each row and writes nothing; applying writes them all, audited', async () => {
    const { agent } = await signedInAgent(app, db, ['admin']);
    const icu = unique('Intensive Care');
    const er = unique('Emergency');
    const csv = `name,site\n${icu},St Mary Hospital\n${er},\n`;
    const auditBefore = await db('audit_events')
      .where({ action: 'csv_import.departments' })
      .count<{ count: string }[]>('* as count');

    const dryRun = await importFile(agent, 'departments', csv).expect(200);
    expect(dryRun.body).toMatchObject({ dry_run: true, ok: true, created: 2, updated: 0, errors: 0 });
    expect(dryRun.body.rows).toEqual([
      expect.objectContaining({
        line: 2,
        key: icu,
        outcome: 'created',
        message: expect.stringContaining('(St Mary Hospital)'),
      }),
      expect.objectContaining({ line: 3, key: er, outcome: 'created' }),
    ]);
    expect(await db('departments').whereIn('name', [icu, er]).count<{ count: string }[]>('* as count')).toEqual([
      { count: 0 },
    ]);

    const applied = await importFile(agent, 'departments', csv, true).expect(200);
    expect(applied.body).toMatchObject({ dry_run: false, ok: true, created: 2 });
    const saved = await db('departments').whereIn('name', [icu, er]).orderBy('name').select('name', 'site', 'active');
    expect(saved).toEqual(
      [
        { name: icu, site: 'St Mary Hospital', active: true },
        { name: er, site: null, active: true },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    const auditAfter = await db('audit_events')
      .where({ action: 'csv_import.departments' })
      .count<{ count: string }[]>('* as count');
    expect(Number(auditAfter[0]!.count)).toBe(Number(auditBefore[0]!.count) + 1);

    // The same file again changes nothing; a new site is an update.
    const again = await importFile(agent, 'departments', csv, true).expect(200);
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    const moved = await importFile(agent, 'departments', `name,site\n${er},North Clinic\n`).expect(200);
    expect(moved.body.rows[0]).toMatchObject({
      outcome: 'updated',
      message: expect.stringContaining('site — → North Clinic'),
    });
  });

  it('rows in error: the dry run lists each by line; applying answers 400 and writes none of the file', async () => {
    const { agent } = await signedInAgent(app, db, ['admin']);
    const good = unique('Cardiology');
    const csv = `name,code,active\n${good},,yes\n,,\n${unique('Oncology')},not a code!,yes\nPharmacy,,maybe\n`;
    const dryRun = await importFile(agent, 'departments', csv).expect(200);
    expect(dryRun.body).toMatchObject({ ok: false, created: 1, errors: 3 });
    expect(dryRun.body.rows.map((row: { line: number; outcome: string }) => [row.line, row.outcome])).toEqual([
      [2, 'created'],
      [3, 'error'],
      [4, 'error'],
      [5, 'error'],
    ]);
    expect(dryRun.body.rows[1].message).toMatch(/name is required/);
    expect(dryRun.body.rows[2].message).toMatch(/code must be 1–20 letters/);
    expect(dryRun.body.rows[3].message).toBe('active must be yes or no, not "maybe"');

    const refused = await importFile(agent, 'departments', csv, true).expect(400);
    expect(refused.body).toMatchObject({
      code: 'CSV_INVALID',
      message: 'Some rows have errors; nothing was imported.',
      errors: { 'line 3': expect.any(String), 'line 4': expect.any(String), 'line 5': expect.any(String) },
    });
    expect(await db('departments').where({ name: good }).first()).toBeUndefined();
  });

  it('refuses a new code beside an existing department’s name, so no two departments share a name', async () => {
    const { agent } = await signedInAgent(app, db, ['admin']);
    const name = unique('Neonatal');
    await importFile(agent, 'departments', `name,code\n${name},\n`, true).expect(200);
    const existing = await db('departments').where({ name }).first('code');
    const dryRun = await importFile(agent, 'departments', `name,code\n${name},OTHER-${existing.code}\n`).expect(200);
    expect(dryRun.body.rows[0]).toMatchObject({
      outcome: 'error',
      message: `A department named "${name}" already exists with code ${existing.code}: give that code to change it`,
    });
    expect(await db('departments').where({ name }).select('code')).toEqual([{ code: existing.code }]);
  });

  it('a malformed file is refused with the line that is wrong, and nothing is written', async () => {
    const { agent } = await signedInAgent(app, db, ['admin']);
    const name = unique('Radiology');
    const unreadable = await importFile(agent, 'departments', `name,site\n"${name},Main\n`, true).expect(400);
    expect(unreadable.body).toMatchObject({ code: 'CSV_INVALID', errors: { 'line 2': expect.any(String) } });
    const short = await importFile(agent, 'departments', `name,site\n${name},Main\nOther\n`).expect(400);
    expect(short.body.errors).toEqual({ 'line 3': 'has 1 columns, the header has 2' });
    const header = await importFile(agent, 'budgets', `department,amount\n${name},100\n`).expect(400);
    expect(header.body.errors['line 1']).toMatch(/^the header lacks period, mode/);
    const empty = await importFile(agent, 'users', '').expect(400);
    expect(empty.body).toMatchObject({ code: 'CSV_INVALID', errors: { file: 'is empty or not text/csv' } });
    expect(await db('departments').where({ name }).first()).toBeUndefined();
  });

  it('imports budgets for existing departments: created, then changed from the current period', async () => {
    const { agent } = await signedInAgent(app, db, ['admin']);
    const name = unique('Surgery');
    await importFile(agent, 'departments', `name\n${name}\n`, true).expect(200);
    const csv = `department,period,amount,mode\n${name},month,5000,stop\nNo Such Ward,month,10,warn\n`;
    const dryRun = await importFile(agent, 'budgets', csv).expect(200);
    expect(dryRun.body.rows[0]).toMatchObject({
      outcome: 'created',
      message: expect.stringContaining('5000.00 per month, stop'),
    });
    expect(dryRun.body.rows[1]).toMatchObject({
      outcome: 'error',
      message: 'No department has the code or name "No Such Ward": import the departments first',
    });
    await importFile(agent, 'budgets', csv, true).expect(400);
    const department = await db('departments').where({ name }).first('id');
    expect(await db('budgets').where({ department_id: department.id }).first()).toBeUndefined();

    await importFile(agent, 'budgets', `department,period,amount,mode\n${name},month,5000,stop\n`, true).expect(200);
    const changed = await importFile(
      agent,
      'budgets',
      `department,period,amount,mode\n${name},quarter,12000.50,warn\n`,
      true,
    ).expect(200);
    expect(changed.body.rows[0]).toMatchObject({ outcome: 'updated' });
    expect(changed.body.rows[0].message).toMatch(/period month → quarter, amount 5000.00 → 12000.50, mode stop → warn/);
    expect(
      await db('budgets')
        .where({ department_id: department.id })
        .first('period', 'policy', db.raw('amount::text as amount')),
    ).toEqual({
      period: 'quarter',
      policy: 'warn',
      amount: '12000.50',
    });
    const bad = await importFile(agent, 'budgets', `department,period,amount,mode\n${name},week,-3,maybe\n`).expect(
      200,
    );
    expect(bad.body.rows[0]).toMatchObject({ outcome: 'error', message: expect.stringMatching(/^period /) });
  });

  it('imports users without passwords: each new account gets an invitation mail with a set-password link', async () => {
    const { agent } = await signedInAgent(app, db, ['admin']);
    const ward = unique('Ward');
    await importFile(agent, 'departments', `name\n${ward}\n`, true).expect(200);
    const nurse = uniqueEmail('import-nurse');
    const doctor = uniqueEmail('import-doctor');
    const csv = [
      'email,first_name,last_name,role,department,approved',
      `${nurse},Nora,Nurse,nurse,${ward},yes`,
      `${doctor},Dan,Doctor,doctor;provider,,no`,
    ].join('\n');
    const dryRun = await importFile(agent, 'users', csv).expect(200);
    expect(dryRun.body).toMatchObject({ ok: true, created: 2 });
    expect(await db('users').whereIn('email', [nurse, doctor]).first()).toBeUndefined();
    expect(await db('email_outbox').where({ to_address: nurse }).first()).toBeUndefined();

    await importFile(agent, 'users', csv, true).expect(200);
    const saved = await db('users as u')
      .join('profiles as p', 'p.user_id', 'u.id')
      .where('u.email', nurse)
      .first('u.id', 'p.department', 'p.onboarding_approved');
    expect(saved).toMatchObject({ department: ward, onboarding_approved: true });
    expect(await db('password_credentials').where({ user_id: saved.id }).first()).toBeUndefined();
    expect(
      await db('user_roles')
        .whereIn('user_id', db('users').where({ email: doctor }).select('id'))
        .pluck('role'),
    ).toEqual(expect.arrayContaining(['doctor', 'provider']));
    const mail = await db('email_outbox').where({ to_address: nurse }).first('subject', 'text_body');
    expect(mail.subject).toBe('You are invited to Supply Hub');
    const token = /reset-password#token=([\w-]+)/.exec(mail.text_body)?.[1];
    expect(token).toBeDefined();

    // The link sets the first password, and the account signs in with it.
    await agent
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'Copper-lantern-meadow-77' })
      .expect(200);
    expect(await db('password_credentials').where({ user_id: saved.id }).first()).toBeDefined();

    const again = await importFile(agent, 'users', csv).expect(200);
    expect(again.body).toMatchObject({ created: 0, unchanged: 2 });
    const wrong = await importFile(
      agent,
      'users',
      `email,first_name,last_name,role\nnot-an-email,A,B,nurse\n${uniqueEmail('x')},A,B,wizard\n`,
    ).expect(200);
    expect(wrong.body.rows.map((row: { outcome: string }) => row.outcome)).toEqual(['error', 'error']);
    expect(wrong.body.rows[1].message).toMatch(/^roles\.0 /);
  });

  it('POST /api/admin/users creates one account with an invitation', async () => {
    const { agent } = await signedInAgent(app, db, ['admin']);
    const email = uniqueEmail('invited');
    const created = await agent
      .post('/api/admin/users')
      .send({ email, first_name: 'Ina', last_name: 'Vited', roles: ['finance'], approved: true })
      .expect(201);
    expect(created.body).toMatchObject({ email, roles: ['finance'], onboarding_approved: true, first_name: 'Ina' });
    expect(await db('email_outbox').where({ to_address: email, template: 'user-invitation' }).first()).toBeDefined();
    const audit = await db('audit_events').where({ action: 'user.invite', target_id: created.body.id }).first();
    expect(audit).toBeDefined();
    const twice = await agent
      .post('/api/admin/users')
      .send({ email, first_name: 'I', last_name: 'V', roles: ['finance'] });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'USER_EXISTS' });
    const bad = await agent.post('/api/admin/users').send({ email: 'nope', first_name: '', roles: [] }).expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('only admins import or invite: finance and doctors get 403 and nothing is written', async () => {
    for (const role of ['finance', 'doctor'] as const) {
      const { agent } = await signedInAgent(app, db, [role]);
      const name = unique('Forbidden');
      for (const kind of ['departments', 'budgets', 'users']) {
        await importFile(agent, kind, `name\n${name}\n`, true).expect(403);
      }
      await agent
        .post('/api/admin/users')
        .send({ email: uniqueEmail('no'), first_name: 'N', last_name: 'O', roles: ['user'] })
        .expect(403);
      expect(await db('departments').where({ name }).first()).toBeUndefined();
    }
  });
});
