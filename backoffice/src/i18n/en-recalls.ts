import type { TranslationMessages } from 'react-admin';

/** Texts of the Recalls page, merged into `en`. */
export const recallsMessages: Pick<TranslationMessages, 'resources' | 'supply_hub'> = {
  resources: {},
  supply_hub: {
    recalls: {
      title: 'Recalls',
      subtitle: 'Which wards received a recalled lot, and tell the people who ordered it',
      code: 'GTIN, ASIN or scan of the pack',
      short_dated: 'received short-dated',
      code_help: 'A scan of the recalled pack also fills in its lot',
      lot: 'Lot',
      lot_help: 'As printed on the recall notice',
      search: 'Find receipts',
      failed: 'The lookup failed. Please try again.',
      found:
        '%{smart_count} receipt of lot %{lot} of %{title} (%{asin}): %{units} units |||| %{smart_count} receipts of lot %{lot} of %{title} (%{asin}): %{units} units',
      none_found: 'No one received lot %{lot} of %{title} (%{asin}).',
      export: 'Export CSV',
      notify: 'E-mail the requesters',
      notify_title: 'E-mail %{smart_count} requester |||| E-mail %{smart_count} requesters',
      notify_help:
        'Each requester of an order that received lot %{lot} of %{title} gets one e-mail naming the item, the lot and their orders. The action is recorded in the audit log.',
      message: 'Add a message (optional)',
      send: 'Send e-mails',
      notified: 'Recall e-mail sent to %{smart_count} requester |||| Recall e-mail sent to %{smart_count} requesters',
      table: 'Receipts of the recalled lot',
      column: {
        order: 'Order',
        location: 'Delivered to',
        department: 'Department',
        received_by: 'Received by',
        received_at: 'Received',
        quantity: 'Units',
        expiry: 'Expiry',
      },
    },
  },
};
