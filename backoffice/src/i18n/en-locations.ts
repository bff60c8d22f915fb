import type { TranslationMessages } from 'react-admin';

/** Texts of the Locations screens, merged into `en`. */
export const locationsMessages: Pick<TranslationMessages, 'resources' | 'supply_hub'> = {
  resources: {
    locations: {
      name: 'Location |||| Locations',
      fields: {
        name: 'Name',
        department_id: 'Department',
        active: 'Active',
        item_count: 'Items',
        stock_list: 'Stock list',
      },
    },
  },
  supply_hub: {
    locations: {
      active: 'Active',
      inactive: 'Deactivated',
      only_active: 'Active only',
      asin: 'ASIN',
      par: 'Par (units)',
      reorder_point: 'Reorder point (units)',
      pack_size: 'Units per pack',
      active_help: 'A deactivated location keeps its counts but is no longer offered for counting.',
      stock_list_help:
        'Par and reorder point in units on the shelf; a count orders up to par in whole packs, and nothing while the count is above the reorder point.',
      counts_title: 'Latest counts',
      counts_none: 'No counts yet.',
      counts_failed: 'The counts could not be loaded.',
      count_when: 'When',
      count_who: 'Counted by',
      count_items: 'On hand (par) → packs ordered',
      count_outcome: 'Became',
      count_line: '%{title}: %{on_hand} (%{par}) → %{packs}',
      count_ordered: 'Order %{order}',
      count_in_cart: "Added to the counter's cart",
      count_at_par: 'Nothing to order',
      count_open: 'Not ordered',
      import_title: 'Import stock list (CSV)',
      import_help:
        'Columns asin,par,reorder_point,pack_size. New items are added, listed ones changed; items not in the file stay.',
      choose_file: 'Choose CSV file',
      preview: 'Preview changes',
      apply: 'Apply import',
      import_failed: 'The file could not be imported.',
      par_review: 'Download par review (CSV, last 90 days)',
      par_review_failed: 'The par review could not be downloaded.',
      would_change: 'Would add %{added}, change %{changed}; %{unchanged} unchanged.',
      changed: 'Imported: %{added} added, %{changed} changed; %{unchanged} unchanged.',
    },
  },
};
