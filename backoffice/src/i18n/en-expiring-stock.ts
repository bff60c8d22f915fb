import type { TranslationMessages } from 'react-admin';

/** Texts of the Expiring stock page, merged into `en`. */
export const expiringStockMessages: Pick<TranslationMessages, 'resources' | 'supply_hub'> = {
  resources: {},
  supply_hub: {
    menu: { expiring_stock: 'Expiring stock' },
    expiring_stock: {
      title: 'Expiring stock',
      subtitle: 'Received lots that expire soon, soonest first: use them first, set apart what expired or was recalled',
      within_days: 'Within days',
      within_days_help: '1 to 730; lots that expired that many days ago or less are listed too',
      show: 'Show',
      export: 'Export CSV',
      failed: 'The list could not be loaded. Please try again.',
      found:
        '%{smart_count} lot expiring within %{days} days (today is %{today}) |||| %{smart_count} lots expiring within %{days} days (today is %{today})',
      more: 'Showing the soonest %{shown} of %{total} lots. Export the CSV for all of them.',
      table: 'Expiring lots',
      expired: 'Expired',
      recalled: 'Recalled',
      column: {
        expiry: 'Expiry',
        lot: 'Lot',
        item: 'Item',
        quantity: 'Received',
        location: 'Where',
        department: 'Department',
        received_by: 'Received by',
        received_at: 'Received on',
        order: 'Order',
      },
    },
  },
};
