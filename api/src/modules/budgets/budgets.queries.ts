import type { Db } from '../../database/connection.js';

import type { BudgetPeriod, BudgetPolicy } from '../../contracts/budgets.js';
import { BUDGET_SORTS } from '../../contracts/budgets.js';

/**
 * What an order still costs its budget is THE definition order_budget_cost() in SQL, kept on each
 * order as orders.budget_committed and summed per department and hour by triggers
 * (migrations/…_create_budget_committed_hours); department_committed_between() reads a period's total.
 */
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

/**
 * What a submitted order has spent: the value of what was received (received quantity, at most
 * the line's, times the line's unit price) once it has a receipt, else what it still costs.
 */
const ORDER_SPENT = `COALESCE((
    SELECT sum(LEAST(received.quantity, oi.quantity) * oi.unit_price)
    FROM (SELECT rl.line_number, sum(rl.quantity) AS quantity
          FROM order_receipts r JOIN order_receipt_lines rl ON rl.receipt_id = r.id
          WHERE r.order_id = o.id GROUP BY rl.line_number) AS received
    JOIN order_items oi ON oi.order_id = o.id AND oi.line_number = received.line_number
  ), o.budget_committed)`;

/**
 * THE PERIOD SUMS, the one definition the submission check, GET /api/me/budget, the
 * budgets list and the Budget vs actual report share: committed = what the period's orders cost
 * (order_budget_cost: pending, approved, submitted and failed orders, less what approver or supplier
 * rejected), from the running totals; spent = submitted orders, at their received value where goods
 * were received. QA orders never count.
 */
function periodSums(department: string, start: string, end: string): string {
  return `SELECT department_committed_between(${department}, ${start}, ${end})::text AS committed,
            (SELECT COALESCE(sum(${ORDER_SPENT}), 0)
             FROM orders o
             WHERE o.department_id = ${department} AND o.created_at >= ${start} AND o.created_at < ${end}
               AND o.status = 'submitted' AND NOT o.is_qa)::text AS spent`;
}

/** Committed and spent totals of a department's orders created in [start, end). */
export async function sumPeriodOrders(
  db: Db,
  departmentId: string,
  window: { start: Date; end: Date },
): Promise<{ committed: string; spent: string }> {
  const { rows } = await db.raw<{ rows: { committed: string; spent: string }[] }>(
    periodSums('CAST(:departmentId AS uuid)', 'CAST(:start AS timestamptz)', 'CAST(:end AS timestamptz)'),
    { departmentId, start: window.start, end: window.end },
  );
  return rows[0] ?? { committed: '0', spent: '0' };
}

/**
 * The submission check's read inside the department lock: the period's committed total of the
 * department's orders other than `orderId`, the order being checked (already written in the same
 * transaction, and not in the hour rows until it commits). Reads the running totals: its cost does
 * not grow with the period's orders.
 */
// Right while `orderId` is the only order its transaction wrote (a submission writes one): another
// order written earlier in the same transaction would be missing from the hour rows until the commit.
export async function sumCommittedOtherThan(
  db: Db,
  departmentId: string,
  window: { start: Date; end: Date },
  orderId: string,
): Promise<string> {
  const { rows } = await db.raw<{ rows: { committed: string }[] }>(
    `SELECT department_committed_between(CAST(:departmentId AS uuid), CAST(:start AS timestamptz),
              CAST(:end AS timestamptz), CAST(:orderId AS uuid))::text AS committed`,
    { departmentId, start: window.start, end: window.end, orderId },
  );
  return rows[0]?.committed ?? '0';
}

/**
 * The user's monthly limit with the company time zone, the profile row locked until
 * the transaction ends: one user's concurrent submissions are checked one at a time.
 */
export async function lockUserMonthlyLimit(
  db: Db,
  userId: string,
): Promise<{ monthly_limit: string | null; timezone: string } | undefined> {
  const { rows } = await db.raw<{ rows: { monthly_limit: string | null; timezone: string }[] }>(
    `SELECT monthly_limit::text AS monthly_limit, report_company_timezone() AS timezone
     FROM profiles WHERE user_id = ? FOR UPDATE`,
    [userId],
  );
  return rows[0];
}

/** What a user has committed in [start, end): what the user's orders cost, as budgets count it. */
export async function sumUserPeriodOrders(
  db: Db,
  userId: string,
  window: { start: Date; end: Date },
  exceptOrderId: string | null = null,
): Promise<string> {
  const { rows } = await db.raw<{ rows: { committed: string }[] }>(
    `SELECT COALESCE(sum(budget_committed), 0)::text AS committed
     FROM orders
     WHERE user_id = ? AND created_at >= ? AND created_at < ? AND id IS DISTINCT FROM CAST(? AS uuid)`,
    [userId, window.start, window.end, exceptOrderId],
  );
  return rows[0]?.committed ?? '0';
}

/** The bounds of the window of a budget kind (`periodColumn`), from the :monthStart … :yearEnd bindings. */
function windowOf(periodColumn: string): string {
  return `SELECT CASE ${periodColumn} WHEN 'month' THEN CAST(:monthStart AS timestamptz)
                            WHEN 'quarter' THEN CAST(:quarterStart AS timestamptz)
                            ELSE CAST(:yearStart AS timestamptz) END AS start_at,
              CASE ${periodColumn} WHEN 'month' THEN CAST(:monthEnd AS timestamptz)
                            WHEN 'quarter' THEN CAST(:quarterEnd AS timestamptz)
                            ELSE CAST(:yearEnd AS timestamptz) END AS end_at`;
}

function windowBindings(windows: PeriodWindows) {
  return {
    monthStart: windows.month.start,
    monthEnd: windows.month.end,
    quarterStart: windows.quarter.start,
    quarterEnd: windows.quarter.end,
    yearStart: windows.year.start,
    yearEnd: windows.year.end,
  };
}

/** What GET /api/me/budget adds about the user: department, limits, the company time zone. */
export async function selectUserLimits(db: Db, userId: string) {
  const { rows } = await db.raw<{
    rows: {
      department_name: string | null;
      order_limit: string | null;
      monthly_limit: string | null;
      timezone: string;
    }[];
  }>(
    `SELECT d.name AS department_name, p.order_limit::text AS order_limit, p.monthly_limit::text AS monthly_limit,
            report_company_timezone() AS timezone
     FROM (SELECT CAST(? AS uuid) AS user_id) AS me
     LEFT JOIN profiles p ON p.user_id = me.user_id
     LEFT JOIN departments d ON d.id = p.department_id`,
    [userId],
  );
  return rows[0] ?? { department_name: null, order_limit: null, monthly_limit: null, timezone: 'UTC' };
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
    ...windowBindings(windows),
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
     CROSS JOIN LATERAL (${windowOf('b.period')}) AS win
     CROSS JOIN LATERAL (${periodSums('b.department_id', 'win.start_at', 'win.end_at')}) AS sums
     WHERE ${where.join(' AND ')}
     ORDER BY ${sortColumn} ${options.sort.order === 'desc' ? 'DESC' : 'ASC'}, b.id
     OFFSET :offset LIMIT :limit`,
    bindings,
  );
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export interface BudgetVsActualRow {
  department_id: string;
  department_code: string;
  department_name: string;
  /** The budget's period kind; 'month' for a department without a budget. */
  period: BudgetPeriod;
  amount: string | null;
  policy: BudgetPolicy | null;
  committed: string;
  spent: string;
}

/**
 * Every active department and every department with a budget, with the committed and spent totals
 * of the window of its budget's kind (a department without a budget: the month's).
 */
export async function selectBudgetVsActual(db: Db, windows: PeriodWindows): Promise<BudgetVsActualRow[]> {
  const { rows } = await db.raw<{ rows: BudgetVsActualRow[] }>(
    `SELECT d.id AS department_id, d.code AS department_code, d.name AS department_name,
            COALESCE(b.period, 'month') AS period, b.amount::text AS amount, b.policy, sums.committed, sums.spent
     ${reportedDepartments(`CROSS JOIN LATERAL (${periodSums('d.id', 'win.start_at', 'win.end_at')}) AS sums`)}
     ORDER BY d.name, d.id`,
    windowBindings(windows),
  );
  return rows;
}

/** The departments Budget vs actual lists, each with the window of its budget's kind (`win`), and `joins`. */
function reportedDepartments(joins = ''): string {
  return `FROM departments d LEFT JOIN budgets b ON b.department_id = d.id
     CROSS JOIN LATERAL (${windowOf("COALESCE(b.period, 'month')")}) AS win
     ${joins}
     WHERE d.active OR b.id IS NOT NULL`;
}

export type DepartmentCommittedRow = Pick<
  BudgetVsActualRow,
  'department_id' | 'department_code' | 'department_name' | 'period' | 'committed'
>;

/**
 * Budget vs actual's rows and committed totals without the spent ones: the dashboard's spend by
 * department, from the running totals only (a few hundred hour rows a department, whatever the volume).
 */
export async function selectDepartmentsCommitted(db: Db, windows: PeriodWindows): Promise<DepartmentCommittedRow[]> {
  const { rows } = await db.raw<{ rows: DepartmentCommittedRow[] }>(
    `SELECT d.id AS department_id, d.code AS department_code, d.name AS department_name,
            COALESCE(b.period, 'month') AS period,
            department_committed_between(d.id, win.start_at, win.end_at)::text AS committed
     ${reportedDepartments()}
     ORDER BY d.name, d.id`,
    windowBindings(windows),
  );
  return rows;
}

/** budget_committed_rebuild() (migrations/…_create_budget_committed_hours): what it corrected and kept. */
/**
 * Inside a transaction. Orders are locked first, as every writer locks its orders before its
 * commit writes the hour rows: the function itself takes the hour rows first, and a writer
 * committing meanwhile would deadlock with it. Readers go on; writers wait for the rebuild.
 */
export async function rebuildCommittedTotals(db: Db): Promise<{ orders_corrected: number; hour_rows: number }> {
  await db.raw('LOCK TABLE orders IN SHARE ROW EXCLUSIVE MODE');
  const { rows } = await db.raw<{ rows: { orders_corrected: number; hour_rows: number }[] }>(
    'SELECT orders_corrected, hour_rows FROM budget_committed_rebuild()',
  );
  const row = rows[0];
  if (!row) throw new Error('budget_committed_rebuild() returned nothing');
  return row;
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
 * Records the period's threshold alert unless already sent, and queues its mail to the department's
 * budget owners and finance (every active finance account), one mail per address, in the same transaction; answers how many mails were queued (0: sent before).
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
     FROM recorded CROSS JOIN users
     WHERE users.status = 'active'
       AND (EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = users.id AND r.role = 'finance')
            OR EXISTS (SELECT 1 FROM department_budget_owners o JOIN budgets b ON b.department_id = o.department_id
                       WHERE b.id = recorded.budget_id AND o.user_id = users.id))
     RETURNING id`,
    { ...alert, now },
  );
  return rows.length;
}
