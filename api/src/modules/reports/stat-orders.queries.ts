import type { Db } from '../../database/connection.js';

export interface StatOrdersRowRead {
  department: string;
  reason: string;
  orders: number;
  total_amount: string;
  last_ordered_at: Date;
}

/**
 * The STAT orders placed in [from, to] (whole days in `timezone`), by department and reason. A
 * reason counts with others that differ only in case and spaces and shows as first written. Every
 * STAT order counts whatever became of it (how often a ward ran out), but never a QA runner's.
 */
export async function selectStatOrdersByDepartmentAndReason(
  db: Db,
  range: { from: string; to: string; timezone: string },
): Promise<StatOrdersRowRead[]> {
  const { rows } = await db.raw<{ rows: StatOrdersRowRead[] }>(
    `SELECT department,
            (array_agg(urgent_reason ORDER BY created_at, id))[1] AS reason,
            count(*)::int AS orders,
            sum(total_amount)::numeric(14, 2)::text AS total_amount,
            max(created_at) AS last_ordered_at
       FROM (
         SELECT o.id, o.created_at, o.total_amount, o.urgent_reason,
                coalesce(d.name, nullif(nullif(o.delivery_location, 'Default'), ''), 'Medical') AS department,
                lower(regexp_replace(btrim(o.urgent_reason), '\\s+', ' ', 'g')) AS reason_key
           FROM orders o
           LEFT JOIN departments d ON d.id = o.department_id
          WHERE o.is_urgent AND NOT o.is_qa
            AND o.created_at >= (CAST(:from AS date)::timestamp AT TIME ZONE :timezone)
            AND o.created_at < ((CAST(:to AS date) + 1)::timestamp AT TIME ZONE :timezone)
       ) AS stat
      GROUP BY department, reason_key
      ORDER BY department, count(*) DESC, reason_key`,
    range,
  );
  return rows;
}
