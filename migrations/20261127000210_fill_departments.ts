import type { Knex } from 'knex';

const CODE_LENGTH = 20;

/** 'Intensive Care (ICU)' → 'INTENSIVE-CARE-ICU', at most 20 characters; unique with -2, -3 … */
function codeFor(name: string, taken: Set<string>): string {
  const base =
    name
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, CODE_LENGTH)
      .replace(/-+$/, '') || 'DEPT';
  let code = base;
  for (let suffix = 2; taken.has(code); suffix += 1) {
    code = `${base.slice(0, CODE_LENGTH - String(suffix).length - 1)}-${suffix}`;
  }
  taken.add(code);
  return code;
}

/**
 * Every department text in use — on a profile or recorded on an order — becomes a department of the
 * list under its exact (trimmed) spelling, so nothing is lost; profiles and orders then refer to it.
 * 'Default' is what an order of a requester without a department stores: it names no department.
 */
export async function up(knex: Knex): Promise<void> {
  const { rows } = await knex.raw<{ rows: { name: string }[] }>(
    `SELECT DISTINCT name FROM (
       SELECT btrim(department) AS name FROM profiles WHERE department IS NOT NULL
       UNION SELECT btrim(delivery_location) FROM orders
     ) AS used
     WHERE name <> '' AND name <> 'Default' AND name NOT IN (SELECT name FROM departments)
     ORDER BY name`,
  );
  const taken = new Set<string>((await knex('departments').select<{ code: string }[]>('code')).map((row) => row.code));
  if (rows.length > 0) {
    await knex('departments').insert(rows.map((row) => ({ code: codeFor(row.name, taken), name: row.name })));
  }
  await knex.raw(
    `UPDATE profiles SET department_id = d.id, department = d.name
     FROM departments d WHERE profiles.department_id IS NULL AND btrim(profiles.department) = d.name`,
  );
  await knex.raw(
    `UPDATE orders SET department_id = d.id
     FROM departments d WHERE orders.department_id IS NULL AND btrim(orders.delivery_location) = d.name`,
  );
}

/** The texts were never changed beyond trimming: forgetting the references loses nothing. */
export async function down(knex: Knex): Promise<void> {
  await knex('orders').update({ department_id: null });
  await knex('profiles').update({ department_id: null });
  await knex('departments').delete();
}
