import type { PunchOutOrderLine } from '../supplier/cxml/cxml-punchout.js';
import { formatCents, toCents } from '../orders/order-pricing.rules.js';

/** What the sandbox's PunchOut shop sells: a few items that are not in the portal's catalogue. */
export const SANDBOX_SHOP_ITEMS = [
  {
    partId: 'SBX-GLV-100',
    description: 'Nitrile exam gloves, medium, box of 100',
    price: '8.49',
    unit: 'BX',
    unspsc: '42132203',
  },
  { partId: 'SBX-SHARPS-2G', description: 'Sharps container, 2 gallon', price: '6.95', unit: 'EA', unspsc: '42142531' },
  {
    partId: 'SBX-GAUZE-4X4',
    description: 'Sterile gauze pads 4 x 4 in, pack of 25',
    price: '5.20',
    unit: 'PK',
    unspsc: '42311505',
  },
  {
    partId: 'SBX-PROBE-200',
    description: 'Thermometer probe covers, box of 200',
    price: '11.75',
    unit: 'BX',
    unspsc: '42182005',
  },
] as const;
export type SandboxShopItem = (typeof SANDBOX_SHOP_ITEMS)[number];

export interface SandboxShopCartLine {
  partId: string;
  quantity: number;
}

const MAX_QUANTITY = 999;

/** Adds to a line (or starts one); an unknown part or a quantity outside 1–999 changes nothing. */
export function addToShopCart(
  cart: readonly SandboxShopCartLine[],
  partId: string,
  quantity: number,
): SandboxShopCartLine[] {
  if (!SANDBOX_SHOP_ITEMS.some((item) => item.partId === partId)) return [...cart];
  if (!Number.isInteger(quantity) || quantity < 1) return [...cart];
  const existing = cart.find((line) => line.partId === partId);
  if (!existing) return [...cart, { partId, quantity: Math.min(quantity, MAX_QUANTITY) }];
  return cart.map((line) =>
    line.partId === partId ? { partId, quantity: Math.min(line.quantity + quantity, MAX_QUANTITY) } : line,
  );
}

/**
 * What a real PunchOut supplier does with an OrderRequest: a line of its shop is ordered at the
 * price it quoted, found again by the quote reference (SupplierPartAuxiliaryID) it gave. A line
 * without the reference, or at another price, is refused; catalogue lines are not the shop's.
 */
export function quoteProblem(
  items: readonly { supplierPartId: string | null; supplierPartAuxiliaryId: string | null; unitPrice: string | null }[],
): string | null {
  for (const [index, line] of items.entries()) {
    const item = SANDBOX_SHOP_ITEMS.find((candidate) => candidate.partId === line.supplierPartId);
    if (!item) continue;
    if (!line.supplierPartAuxiliaryId?.endsWith(`:${item.partId}`)) {
      return `ItemOut ${index + 1}: ${item.partId} was not quoted by the sandbox shop (no SupplierPartAuxiliaryID).`;
    }
    if (line.unitPrice === null || toCents(line.unitPrice) !== toCents(item.price)) {
      return `ItemOut ${index + 1}: the price of ${item.partId} does not match the shop's quote ($${item.price}).`;
    }
  }
  return null;
}

/**
 * The cart as PunchOutOrderMessage lines and their Total. The SupplierPartAuxiliaryID is the shop's
 * quote reference: the sandbox finds its price again by it when the OrderRequest arrives.
 */
export function shopCartMessageLines(
  cart: readonly SandboxShopCartLine[],
  quoteReference: string,
): { items: PunchOutOrderLine[]; total: string } {
  const items = cart.flatMap((line): PunchOutOrderLine[] => {
    const item = SANDBOX_SHOP_ITEMS.find((candidate) => candidate.partId === line.partId);
    if (!item) return [];
    return [
      {
        quantity: line.quantity,
        supplierPartId: item.partId,
        supplierPartAuxiliaryId: `${quoteReference}:${item.partId}`,
        unitPrice: item.price,
        description: item.description,
        unitOfMeasure: item.unit,
        unspsc: item.unspsc,
        manufacturerName: 'Sandbox Medical Supply',
      },
    ];
  });
  const totalCents = items.reduce((sum, item) => sum + toCents(item.unitPrice) * item.quantity, 0);
  return { items, total: formatCents(totalCents) };
}
