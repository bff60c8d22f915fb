import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { createIsolatedDatabase } from '../../test-support/test-context.js';
import * as createDepartments from '../../../../migrations/20261127000200_create_departments.js';
import * as fillDepartments from '../../../../migrations/20261127000210_fill_departments.js';
import * as createBudgets from '../../../../migrations/20261127000250_create_budgets.js';
import { MIGRATIONS } from '../../../../migrations/index.js';

type IsolatedDatabase = Awaited<ReturnType<typeof createIsolatedDatabase>>;

/** The free-text departments in use before departments were a managed list become that list, nothing lost. */
describe('the departments migrations', () => {
  let database: IsolatedDatabase;
  beforeAll(async () => {
    database = await createIsolatedDatabase();
    // Back to the schema before departments, with the data of that time: every later migration
    // undone, newest first (later tables refer to departments).
    const first = MIGRATIONS.findIndex((migration) => migration.name === '20261127000200_create_departments');
    for (const migration of MIGRATIONS.slice(first).reverse()) await migration.down?.(database.db);
  });
  afterAll(() => database.drop());

  it('turn every department text of profiles and orders into a department, and refer to it', async () => {
    const db = database.db;
    const texts = ['ICU', ' ICU ', 'Pharmacy', 'Intensive Care (ICU) — Level 2 North', null, ''];
    const users = await db('users')
      .insert(texts.map((_text, index) => ({ email: `dept-migration-${index}@test.supplyhub.test` })))
      .returning<{ id: string; email: string }[]>(['id', 'email']);
    await db('profiles').insert(users.map((user, index) => ({ user_id: user.id, department: texts[index] })));
    const orderTexts = ['ICU', 'Pharmacy', 'Default', 'Closed Ward', ' Pharmacy'];
    await db('orders').insert(
      orderTexts.map((text) => ({ user_id: users[0]!.id, user_email: users[0]!.email, delivery_location: text })),
    );

    await createDepartments.up(db);
    await fillDepartments.up(db);
    await createBudgets.up(db);

    const departments = await db('departments').orderBy('name').select('code', 'name', 'active');
    expect(departments).toEqual([
      { code: 'CLOSED-WARD', name: 'Closed Ward', active: true },
      { code: 'ICU', name: 'ICU', active: true },
      { code: 'INTENSIVE-CARE-ICU-L', name: 'Intensive Care (ICU) — Level 2 North', active: true },
      { code: 'PHARMACY', name: 'Pharmacy', active: true },
    ]);
    const profiles = await db('profiles')
      .leftJoin('departments', 'departments.id', 'profiles.department_id')
      .whereIn(
        'profiles.user_id',
        users.map((user) => user.id),
      )
      .orderBy('users.email')
      .join('users', 'users.id', 'profiles.user_id')
      .select('profiles.department', 'departments.name');
    expect(profiles).toEqual([
      { department: 'ICU', name: 'ICU' },
      { department: 'ICU', name: 'ICU' },
      { department: 'Pharmacy', name: 'Pharmacy' },
      { department: 'Intensive Care (ICU) — Level 2 North', name: 'Intensive Care (ICU) — Level 2 North' },
      { department: null, name: null },
      { department: '', name: null },
    ]);
    const orders = await db('orders')
      .leftJoin('departments', 'departments.id', 'orders.department_id')
      .where('orders.user_id', users[0]!.id)
      .orderBy('orders.display_seq')
      .select('orders.delivery_location', 'departments.name');
    // The text recorded at submission stays as it was; 'Default' (no department) refers to none.
    expect(orders).toEqual([
      { delivery_location: 'ICU', name: 'ICU' },
      { delivery_location: 'Pharmacy', name: 'Pharmacy' },
      { delivery_location: 'Default', name: null },
      { delivery_location: 'Closed Ward', name: 'Closed Ward' },
      { delivery_location: ' Pharmacy', name: 'Pharmacy' },
    ]);
  });

  it('make codes unique when two names share one', async () => {
    const db = database.db;
    const [user] = await db('users').insert({ email: 'dept-migration-codes@test.supplyhub.test' }).returning('id');
    await db('orders').insert([
      { user_id: user.id, user_email: 'x@y.z', delivery_location: 'Pharmacy!' },
      { user_id: user.id, user_email: 'x@y.z', delivery_location: 'pharmacy' },
    ]);
    await fillDepartments.up(db);
    const rows = await db('departments').where('code', 'like', 'PHARMACY%').orderBy('code').select('code', 'name');
    expect(rows).toEqual([
      { code: 'PHARMACY', name: 'Pharmacy' },
      { code: 'PHARMACY-2', name: 'Pharmacy!' },
      { code: 'PHARMACY-3', name: 'pharmacy' },
    ]);
  });
});
