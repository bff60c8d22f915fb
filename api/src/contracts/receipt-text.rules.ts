/** A line's units that remain to be received but no ship notice has shipped yet. */
export interface NotShippedUnits {
  title: string;
  quantity: number;
  /** Of those units, how many the supplier backordered. */
  backordered: number;
}

/**
 * The question "Received in full" asks before recording units no ship notice has shipped, naming
 * them: receiving them says they arrived, which the ward has to check first.
 */
export function notShippedQuestion(entries: readonly NotShippedUnits[]): string {
  if (entries.length === 0) return '';
  if (entries.length === 1) {
    const [entry] = entries as [NotShippedUnits];
    const verb = entry.quantity === 1 ? 'was' : 'were';
    const reason = entry.backordered > 0 ? ' (backordered)' : '';
    return `${entry.quantity} × ${entry.title} ${verb} not shipped yet${reason}. Receive them too?`;
  }
  const names = entries.map(
    (entry) => `${entry.quantity} × ${entry.title}${entry.backordered > 0 ? ' (backordered)' : ''}`,
  );
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)} were not shipped yet. Receive them too?`;
}

/** What a backorder line says once the order moved on: still expected, or received since. */
export function backorderText(
  entry: { quantity: number; outstanding: number },
  title: string,
  expected: string | null,
): string {
  const when = expected ? `, expected ${expected}` : '';
  if (entry.outstanding <= 0) return `${entry.quantity} × ${title} backordered, since received`;
  if (entry.outstanding < entry.quantity) {
    return `${entry.quantity} × ${title} backordered: ${entry.quantity - entry.outstanding} since received, ${entry.outstanding} still backordered${when}`;
  }
  return `${entry.quantity} × ${title} backordered${when}`;
}

/** What a "Received" row of the order's timeline says: the quantities and titles received. */
export function receivedEventText(
  lines: readonly { line_number: number; quantity: number }[],
  titleOf: (lineNumber: number) => string,
): string {
  if (lines.length === 0) return 'Received';
  return `Received ${lines.map((line) => `${line.quantity} × ${titleOf(line.line_number)}`).join(', ')}`;
}
