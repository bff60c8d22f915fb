import { scanResultSchema, type Product, type ScanResult } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';
import { getProduct } from '../api/get-product';

/** GET /api/scan: the product and pack a scan names (400 unreadable, 404 unknown GTIN — with their messages). */
export function resolveScan(code: string): Promise<ScanResult> {
  return apiClient.get(`/api/scan?code=${encodeURIComponent(code)}`, { schema: scanResultSchema });
}

/**
 * A scan in the catalogue's search adds one pack of what it names to the cart: a box of 10
 * adds 10. Loaded only when a scan happens, so the catalogue's first load does not carry it.
 */
export async function addScanToCart(
  code: string,
  addItem: (product: Product, quantity: number) => Promise<unknown>,
): Promise<{ title: string; quantity: number }> {
  const scan = await resolveScan(code);
  const product = await getProduct(scan.asin);
  await addItem(product, scan.units);
  return { title: product.title, quantity: scan.units };
}
