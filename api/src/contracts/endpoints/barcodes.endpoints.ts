import { gtinImportQuerySchema, gtinImportResultSchema, scanQuerySchema, scanResultSchema } from '../barcodes.js';
import { endpoint } from './endpoint.js';

export const barcodesEndpoints = {
  scan: endpoint({
    method: 'get',
    path: '/api/scan',
    summary: 'Resolve what a barcode scanner typed to a product and packaging level',
    description:
      'A plain GTIN-8/12/13/14, or a GS1 element string with AIs (01) GTIN, (17) expiry YYMMDD, (10) lot, (21) serial — with or without parentheses, FNC1 / group-separator delimited, with or without a symbology identifier. 400 for a malformed code or a wrong check digit, 404 for a GTIN no active product carries.',
    tag: 'Catalogue',
    access: 'signed-in',
    query: scanQuerySchema,
    queryAllowsGroupSeparator: ['code'],
    responses: { 200: scanResultSchema },
    errors: [400, 401, 404],
  }),
  importGtins: endpoint({
    method: 'post',
    path: '/api/admin/product-gtins/import',
    summary: "Load products' GTINs from a CSV (asin, gtin, units)",
    description:
      'Every product the file names gets exactly the packaging levels listed. dry_run=true (the default) answers what would change and writes nothing. A bad row, an unknown ASIN or a GTIN of a product the file does not name refuses the whole file.',
    tag: 'Admin: products',
    access: { roles: ['admin'] },
    query: gtinImportQuerySchema,
    requestContentType: 'text/csv',
    responses: { 200: gtinImportResultSchema },
    errors: [400, 401, 403, 409, 413, 415, 422],
  }),
};
