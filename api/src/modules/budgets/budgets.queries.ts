import type { Db } from '../../database/connection.js';

import type { BudgetPeriod, BudgetPolicy } from '../../contracts/budgets.js';
import { BUDGET_SORTS } from '../../contracts/budgets.js';

/**
 * What an order still costs a budget: its total (approver-rejected lines already left it, issue 18
 * §4) less what the supplier rejected on a sent order (migrations/…_create_order_line_rejections).
 */
const orderCost = (alias: string) =>
  `(${alias}.total_amount - CASE WHEN ${alias}.status = 'submitted' THEN order_supplier_rejected_amount(${alias}.id) ELSE 0 END)`;

/** The statuses whose totals a period has committed (issue 18 §2); 'submitted' is also spent. */
export const COMMITTED_STATUSES = ['pending', 'approved', 'submitted', 'failed'] as const;

export interface BudgetRow {
  id: string;
  department_id: string;
  department_code: string;
  department_name: string;
  period: BudgetPeriod;
  amount: string;
  policy: BudgetPolicy;
  alert_threshold: number;
  created_at: Date;
  updated_at: Date;
}

/** A department's budget with the company time zone its periods follow. */
export type DepartmentBudget = BudgetRow & { timezone: string };

const BUDGET_COLUMNS = `b.id, b.department_id, d.code AS department_code, d.name AS department_name, b.period,
  b.amount::text AS amount, b.policy, b.alert_threshold, b.created_at, b.updated_at`;

/**
 * The department's budget, its row locked until the transaction ends: every stop-policy check and
 * the order insert after it run one at a time per department, so concurrent submissions cannot
 * both spend the same last dollars.
 */
export async function lockDepartmentBudget(db: Db, departmentId: string): Promise<DepartmentBudget | undefined> {
  const { rows } = await db.raw<{ rows: DepartmentBudget[] }>(
    `SELECT ${BUDGET_COLUMNS}, report_company_timezone() AS timezone
     FROM budgets b JOIN departments d ON d.id = b.department_id
     WHERE b.department_id = ? FOR UPDATE OF b`,
    [departmentId],
  );
  return rows[0];
}

/** The budget of the user's department, if it has one (no lock: for reading). */
export async function selectBudgetOfUser(db: Db, userId: string): Promise<DepartmentBudget | undefined> {
  const { rows } = await db.raw<{ rows: DepartmentBudget[] }>(
    `SELECT ${BUDGET_COLUMNS}, report_company_timezone() AS timezone
     FROM profiles p JOIN budgets b ON b.department_id = p.department_id
     JOIN departments d ON d.id = b.department_id
     WHERE p.user_id = ?`,
    [userId],
  );
  return rows[0];
}

/** Committed and spent totals of a department's orders created in [start, end); QA orders never count. */
export async function sumPeriodOrders(
  db: Db,
  departmentId: string,
  window: { start: Date; end: Date },
): Promise<{ committed: string; spent: string }> {
  const { rows } = await db.raw<{ rows: { committed: string; spent: string }[] }>(
    `SELECT COALESCE(sum(${orderCost('o')}) FILTER (WHERE o.status = ANY(?)), 0)::text AS committed,
            COALESCE(sum(${orderCost('o')}) FILTER (WHERE o.status = 'submitted'), 0)::text AS spent
     FROM orders o
     WHERE o.department_id = ? AND o.created_at >= ? AND o.created_at < ? AND NOT o.is_qa`,
    [[...COMMITTED_STATUSES], departmentId, window.start, window.end],
  );
  return rows[0] ?? { committed: '0', spent: '0' };
}

export interface BudgetPageRow extends BudgetRow {
  committed: string;
  spent: string;
}

export type PeriodWindows = Record<BudgetPeriod, { start: Date; end: Date }>;

export interface BudgetFilter {
  department_id?: string;
  period?: BudgetPeriod;
  policy?: BudgetPolicy;
  id?: string | string[];
}

/** A page of budgets, each with the committed and spent totals of its kind's current window. */
export async function selectBudgetsPage(
  db: Db,
  windows: PeriodWindows,
  options: {
    filter: BudgetFilter;
    sort: { field: (typeof BUDGET_SORTS)[number]; order: 'asc' | 'desc' };
    offset: number;
    limit: number;
  },
): Promise<{ rows: BudgetPageRow[]; total: number }> {
  const { department_id: departmentId, period, policy, id } = options.filter;
  const where: string[] = ['true'];
  const bindings: Record<string, unknown> = {
    statuses: [...COMMITTED_STATUSES],
    monthStart: windows.month.start,
    monthEnd: windows.month.end,
    quarterStart: windows.quarter.start,
    quarterEnd: windows.quarter.end,
    yearStart: windows.year.start,
    yearEnd: windows.year.end,
    offset: options.offset,
    limit: options.limit,
  };
  if (departmentId) {
    where.push('b.department_id = :departmentId');
    bindings.departmentId = departmentId;
  }
  if (period) {
    where.push('b.period = :period');
    bindings.period = period;
  }
  if (policy) {
    where.push('b.policy = :policy');
    bindings.policy = policy;
  }
  if (id) {
    where.push('b.id = ANY(CAST(:ids AS uuid[]))');
    bindings.ids = Array.isArray(id) ? id : [id];
  }
  const sortColumn = options.sort.field === 'department_name' ? 'd.name' : `b.${options.sort.field}`;
  const { rows } = await db.raw<{ rows: (BudgetPageRow & { total: number })[] }>(
    `SELECT ${BUDGET_COLUMNS}, sums.committed, sums.spent, count(*) OVER ()::int AS total
     FROM budgets b JOIN departments d ON d.id = b.department_id
     CROSS JOIN LATERAL (
       SELECT CASE b.period WHEN 'month' THEN CAST(:monthStart AS timestamptz)
                            WHEN 'quarter' THEN CAST(:quarterStart AS timestamptz)
                            ELSE CAST(:yearStart AS timestamptz) END AS start_at,
              CASE b.period WHEN 'month' THEN CAST(:monthEnd AS timestamptz)
                            WHEN 'quarter' THEN CAST(:quarterEnd AS timestamptz)
                            ELSE CAST(:yearEnd AS timestamptz) END AS end_at
     ) AS win
     CROSS JOIN LATERAL (
       SELECT COALESCE(sum(${orderCost('o')}) FILTER (WHERE o.status = ANY(CAST(:statuses AS text[]))), 0)::text AS committed,
              COALESCE(sum(${orderCost('o')}) FILTER (WHERE o.status = 'submitted'), 0)::text AS spent
       FROM orders o
       WHERE o.department_id = b.department_id AND o.created_at >= win.start_at AND o.created_at < win.end_at
         AND NOT o.is_qa
     ) AS sums
     WHERE ${where.join(' AND ')}
     ORDER BY ${sortColumn} ${options.sort.order === 'desc' ? 'DESC' : 'ASC'}, b.id
     OFFSET :offset LIMIT :limit`,
    bindings,
  );
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export function selectCompanyTimezone(db: Db): Promise<string> {
  return db
    .raw<{ rows: { timezone: string }[] }>('SELECT report_company_timezone() AS timezone')
    .then((result) => result.rows[0]?.timezone ?? 'UTC');
}

export interface BudgetValues {
  period: BudgetPeriod;
  amount: string;
  policy: BudgetPolicy;
  alert_threshold: number;
}

/** Adds a department's budget and its first history row; `undefined` when the department has one. */
export async function insertBudget(
  db: Db,
  departmentId: string,
  values: BudgetValues,
  changedBy: string | null,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db('budgets')
    .insert({ department_id: departmentId, ...values, created_at: now, updated_at: now })
    .onConflict('department_id')
    .ignore()
    .returning<{ id: string }[]>('id');
  if (row) await insertBudgetChange(db, row.id, values, changedBy, now);
  return row?.id;
}

export function selectBudgetForUpdate(db: Db, id: string): Promise<(BudgetValues & { id: string }) | undefined> {
  return db('budgets')
    .where({ id })
    .forUpdate()
    .first('id', 'period', db.raw('amount::text AS amount'), 'policy', 'alert_threshold');
}

export async function updateBudget(
  db: Db,
  id: string,
  values: BudgetValues,
  changedBy: string | null,
  now: Date,
): Promise<void> {
  await db('budgets')
    .where({ id })
    .update({ ...values, updated_at: now });
  await insertBudgetChange(db, id, values, changedBy, now);
}

async function insertBudgetChange(
  db: Db,
  budgetId: string,
  values: BudgetValues,
  changedBy: string | null,
  now: Date,
): Promise<void> {
  await db('budget_changes').insert({ budget_id: budgetId, ...values, changed_by: changedBy, changed_at: now });
}

export function selectBudgetChanges(db: Db, budgetId: string) {
  return db('budget_changes')
    .leftJoin('users', 'users.id', 'budget_changes.changed_by')
    .where({ budget_id: budgetId })
    .orderBy('budget_changes.id')
    .select<
      {
        id: string;
        period: BudgetPeriod;
        amount: string;
        policy: BudgetPolicy;
        alert_threshold: number;
        changed_by: string | null;
        changed_at: Date;
      }[]
    >(
      'budget_changes.id',
      'period',
      db.raw('amount::text AS amount'),
      'policy',
      'alert_threshold',
      'users.email as changed_by',
      'changed_at',
    );
}

/**
 * Records the period's threshold alert unless already sent, and queues its mail to finance (every
 * active finance account) in the same transaction; answers how many mails were queued (0: sent before).
 */
export async function queueBudgetAlert(
  db: Db,
  alert: { budgetId: string; periodStart: Date; subject: string; text: string; status: 'pending' | 'logged' },
  now: Date,
): Promise<number> {
  const { rows } = await db.raw<{ rows: { id: string }[] }>(
    `WITH recorded AS (
       INSERT INTO budget_alerts (budget_id, period_start, sent_at)
       VALUES (CAST(:budgetId AS uuid), CAST(:periodStart AS timestamptz), CAST(:now AS timestamptz))
       ON CONFLICT DO NOTHING RETURNING budget_id
     )
     INSERT INTO email_outbox (to_address, subject, text_body, template, status, created_at)
     SELECT DISTINCT users.email, CAST(:subject AS text), CAST(:text AS text), 'budget-alert', CAST(:status AS text),
            CAST(:now AS timestamptz)
     FROM recorded CROSS JOIN users JOIN user_roles ON user_roles.user_id = users.id
     WHERE user_roles.role = 'finance' AND users.status = 'active'
     RETURNING id`,
    { ...alert, now },
  );
  return rows.length;
}
