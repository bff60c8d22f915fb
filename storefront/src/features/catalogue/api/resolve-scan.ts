import type { ScanResult } from '@supply-hub/api/contracts';

import { apiClient } from '../../../lib/api-client';

/**
 * GET /api/scan: the product and pack a scan names (400 unreadable, 404 unknown GTIN — with their
 * messages). Like the catalogue's other fetchers, without a response schema: zod stays out of the
 * catalogue's chunks.
 */
export function resolveScan(code: string): Promise<ScanResult> {
  return apiClient.get<ScanResult>(`/api/scan?code=${encodeURIComponent(code)}`);
}
