/**
 * Issue 18 §4: what an order costs once some of its lines are rejected — the sum of the lines kept,
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
