import englishMessages from 'ra-language-english';
import { mergeTranslations, type TranslationMessages } from 'react-admin';

/** react-admin's English catalogue plus the back office's own texts. */
export const en: TranslationMessages = mergeTranslations(englishMessages, {
  supply_hub: {
    menu: {
      dashboard: 'Dashboard',
      catalog: 'Catalog',
      orders: 'Orders',
      reports: 'Reports',
      users: 'Users & Roles',
      settings: 'Settings',
    },
    page: {
      dashboard: 'Dashboard',
      reports: 'Reports',
      health: 'System Health',
      paapi_health: 'Product Advertising API Health',
      ab_health: 'Business Purchasing Health',
      catalog_audit: 'Catalog Audit',
      catalog: 'Catalog',
      orders: 'Orders',
      users: 'Users & Roles',
      settings: 'Settings',
      debug: 'Debug Panel',
      qa_runner: 'QA Runner',
    },
  },
});
