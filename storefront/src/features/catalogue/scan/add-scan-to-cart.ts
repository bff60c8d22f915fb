import type { Product } from '@supply-hub/api/contracts';

import type { ShowToast } from '../../../components/ToastProvider';
import { apiClient, isApiError } from '../../../lib/api-client';
import { resolveScan } from '../api/resolve-scan';

/**
 * A scan in the catalogue's search adds one pack of what it names to the cart (a box of 10 adds
 * 10), and says so; a wrong check digit or an unknown barcode says why and adds nothing. Loaded
 * only when a scan happens, so the catalogue's first load does not carry it.
 */
export async function addScanToCart(
  code: string,
  addItem: (product: Product, quantity: number) => Promise<unknown>,
  showToast: ShowToast,
): Promise<void> {
  try {
    const scan = await resolveScan(code);
    const product = await apiClient.get<Product>(`/api/products/${encodeURIComponent(scan.asin)}`);
    await addItem(product, scan.units);
    showToast({ title: `Scanned ${product.title}: added ${scan.units} item(s) to cart.` });
  } catch (error) {
    const message = isApiError(error) ? error.message : 'The scan could not be added to your cart. Please try again.';
    showToast({ title: message, severity: 'error' });
  }
}
