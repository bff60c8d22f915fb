import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazy } from 'react';

import type { Invoice } from '../../providers/records';

/** Supplier invoices for finance and admins: the exceptions queue, decisions and the ready-to-pay list. */
export const invoices = {
  list: lazy(() => import('./InvoiceList')),
  icon: ReceiptLongIcon,
  recordRepresentation: (invoice: Invoice) => invoice.invoice_id,
};

/** Where the screen lives (relative to /admin); finance may open it. */
export { INVOICES_PATH } from '../../layout/back-office-pages.rules';
