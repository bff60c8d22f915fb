/**
 * What an order costs once some of its lines are rejected — the sum of the lines kept,
 * in cents so no float rounding creeps in. The server's decision and the back office's preview use it.
 */
export function totalOfLinesKept(
  lines: readonly { id: string; total_price: string }[],
  rejectedIds: ReadonlySet<string>,
): string {
  const cents = lines
    .filter((line) => !rejectedIds.has(line.id))
    .reduce((sum, line) => {
      const [whole = '0', fraction = ''] = line.total_price.split('.');
      return sum + Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
    }, 0);
  return (cents / 100).toFixed(2);
}

/**
 * The total an order card shows: the sum of its line snapshots less the lines an approver rejected
 * (the total the server keeps as total_amount once lines are rejected), falling back to total_amount
 * for an order without lines.
 */
export function orderTotalAfterRejections(order: {
  total_amount: string;
  lines: readonly { id: string; total_price: string; rejection: unknown }[];
}): string {
  if (order.lines.length === 0) return order.total_amount;
  const rejected = new Set(order.lines.filter((line) => line.rejection !== null).map((line) => line.id));
  return totalOfLinesKept(order.lines, rejected);
}
