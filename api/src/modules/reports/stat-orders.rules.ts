import type { StatOrdersReport, StatOrdersRow } from '../../contracts/stat-orders.js';

/** Each department's STAT orders and their total, most first (then by name). */
export function statOrdersByDepartment(rows: readonly StatOrdersRow[]): StatOrdersReport['by_department'] {
  const byDepartment = new Map<string, { orders: number; cents: number }>();
  for (const row of rows) {
    const sum = byDepartment.get(row.department) ?? { orders: 0, cents: 0 };
    sum.orders += row.orders;
    sum.cents += Math.round(Number(row.total_amount) * 100);
    byDepartment.set(row.department, sum);
  }
  return [...byDepartment]
    .map(([department, sum]) => ({ department, orders: sum.orders, total_amount: (sum.cents / 100).toFixed(2) }))
    .sort((a, b) => b.orders - a.orders || a.department.localeCompare(b.department));
}

/** Today's date (YYYY-MM-DD) in `timeZone`. */
export function todayIn(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
