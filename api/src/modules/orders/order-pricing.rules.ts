/** What the price rule needs of a product; money is text as PostgreSQL returns NUMERIC. */
export interface PricedProduct {
  price: string | null;
  amazon_price: string | null;
}

/** decisions.md: unit price = product price, else amazon_price, else 0 — in cents. */
export function unitPriceCents(product: PricedProduct): number {
  const source = product.price ?? product.amazon_price;
  return source === null ? 0 : toCents(source);
}

export function toCents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

export function formatCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

export interface PricedLine {
  quantity: number;
  unitPriceCents: number;
}

export function lineTotalCents(line: PricedLine): number {
  return line.unitPriceCents * line.quantity;
}

export function orderTotalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}
