import {
  displayDepartment,
  displayStatus,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
} from '@supply-hub/api/contracts';

export type OrderTab = 'all' | OrderStatus;

/** provider-portal §2 Orders tabs, in their order. */
export const ORDER_TABS: readonly { value: OrderTab; label: string }[] = [
  { value: 'all', label: 'All Orders' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'submitted', label: 'Submitted' },
  { value: 'failed', label: 'Failed' },
  { value: 'rejected', label: 'Rejected' },
];

export const ALL_DEPARTMENTS = 'all';

export function parseOrderTab(value: string | null): OrderTab {
  return (ORDER_STATUSES as readonly string[]).includes(value ?? '') ? (value as OrderStatus) : 'all';
}

export function departmentsOf(orders: readonly Order[]): string[] {
  return [...new Set(orders.map((order) => displayDepartment(order.delivery_location)))].sort((a, b) =>
    a.localeCompare(b),
  );
}

function matchesDepartment(order: Order, department: string): boolean {
  return department === ALL_DEPARTMENTS || displayDepartment(order.delivery_location) === department;
}

/** Orders per tab, within the chosen department (the counts on the tabs). */
export function countByTab(orders: readonly Order[], department: string): Record<OrderTab, number> {
  const counts: Record<OrderTab, number> = { all: 0, pending: 0, approved: 0, submitted: 0, failed: 0, rejected: 0 };
  for (const order of orders) {
    if (!matchesDepartment(order, department)) continue;
    counts.all += 1;
    counts[displayStatus(order.status)] += 1;
  }
  return counts;
}

export function filterOrders<T extends Order>(orders: readonly T[], tab: OrderTab, department: string): T[] {
  return orders.filter(
    (order) => matchesDepartment(order, department) && (tab === 'all' || displayStatus(order.status) === tab),
  );
}
