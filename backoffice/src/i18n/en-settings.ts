import type { TranslationMessages } from 'react-admin';

/** Texts of the Settings page (company, automation, punchout and the supplier's test order), merged into `en`. */
export const settingsMessages: Pick<TranslationMessages, 'supply_hub'> = {
  supply_hub: {
    settings: {
      title: 'Settings',
      subtitle: 'Company, automation and punchout settings',
      company: {
        title: 'Company Info',
        name: 'Company Name',
        contact_email: 'Contact Email',
        phone: 'Phone',
        timezone: 'Timezone',
        bill_to: 'Bill-to address',
        bill_to_street: 'Street',
        bill_to_city: 'City',
        bill_to_state: 'State',
        bill_to_postal_code: 'Postal Code',
        save: 'Save Company Settings',
      },
      automation: {
        title: 'Automation Preferences',
        auto_sync_daily: 'Auto-sync catalog daily',
        email_notifications_new_orders: 'Email notifications for new orders',
        auto_approve: 'Auto-approve orders under $%{amount}',
        auto_approve_amount: 'Auto-approve amount (USD)',
        auto_approve_help:
          'When on, a new order whose total is under this amount is approved by the system and submitted, unless it went over a warn budget or its requester’s monthly limit: then a person decides.',
        amount_required: 'Enter an amount (0 or more)',
        max_order_total: 'Order limit (USD)',
        max_order_total_help: 'An order whose total is over this amount is refused when it is submitted.',
        max_order_total_required: 'Enter a limit of at least $1',
        stat_auto_approve_under: 'Auto-approve STAT orders under (USD)',
        stat_auto_approve_help:
          'A STAT order (needed today) under this total is approved by the system at once, never past a budget. Empty: off.',
        save: 'Save Preferences',
      },
      invoice_matching: {
        title: 'Invoice Matching',
        price_tolerance_percent: 'Price tolerance (%)',
        help: 'An invoice line whose unit price is within this percentage of the order’s is matched; above it, the invoice waits in the finance queue.',
        save: 'Save Tolerance',
      },
      approval_levels: {
        title: 'Approval Levels',
        help: 'An order needs an approval at every level whose threshold its total reaches, in order, each by a different person and never by the requester. The first level applies to every order (threshold 0); auto-approve stands in for it alone.',
        level: 'Level %{level}',
        add: 'Add Level',
        remove: 'Remove Level %{level}',
        threshold: 'Threshold (USD)',
        roles: 'Who may approve',
        save: 'Save Approval Levels',
        role: {
          admin: 'Admin',
          super_admin: 'Super admin',
          finance: 'Finance',
          logistics_admin: 'Logistics admin',
          nurse: 'Nurse',
          doctor: 'Doctor',
          provider: 'Provider',
          user: 'User',
        },
      },
      punchout: {
        title: 'Punchout Settings',
        punchout_url: 'Punchout URL',
        test_punchout_url: 'Test Punchout URL (optional)',
        identity: 'Identity',
        shared_secret: 'Shared Secret',
        secret_saved:
          'Saved secret: %{masked}. It is never sent back to the browser; leave this empty to keep it, or type a new one to replace it.',
        secret_none: 'No secret saved yet. Required.',
        test_mode: 'Test mode (orders go to the test URL)',
        shop_setup_url: 'PunchOut Shopping URL (optional)',
        shop_setup_url_help:
          'Where "Shop at supplier" sends its PunchOutSetupRequest. Leave it empty to turn shopping at the supplier off.',
        inbound_title: 'Documents from the supplier',
        inbound_help:
          'Confirmations, ship notices and status updates the supplier sends to /api/cxml/inbound carry this sender ID and secret. Leave the sender ID empty to refuse them.',
        inbound_identity: 'Supplier Sender ID',
        inbound_shared_secret: 'Supplier-to-Portal Secret',
        inbound_secret_saved:
          'Supplier secret saved: %{masked}. Leave this empty to keep it, or type a new one (at least 16 characters) to replace it.',
        inbound_secret_none: 'No inbound secret saved yet (at least 16 characters).',
        supplier_identity: 'Supplier ID (the cXML To credential)',
        supplier_identity_default:
          'Empty: the server default %{identity} (SUPPLIER_IDENTITY) is used. Type the identity the supplier gave you to set it here.',
        supplier_identity_saved:
          'Sent as the To credential of every order, and expected on the carts the supplier returns.',
        problems_title: 'These settings cannot work yet',
        test_order: 'Send a test OrderRequest',
        test_order_help:
          'Sends one OrderRequest marked deploymentMode="test" (the supplier does not fulfil it) to the test URL, or the punchout URL, and shows the answer. Nothing is ordered here.',
        test_order_sending: 'Sending…',
        test_order_ok: 'The supplier accepted the test order %{order}: HTTP %{http}, cXML %{code} %{text}.',
        test_order_failed: 'The supplier did not accept the test order: %{error}',
        test_order_answer: 'Answer: HTTP %{http}, cXML %{code} %{text}',
        test_order_message: 'Supplier says: %{message}',
        save: 'Save Punchout Settings',
        updated: 'Last saved %{date}',
        load_failed: 'Failed to load punchout settings: %{message}',
        save_failed: 'Failed to save punchout settings: %{message}',
        session_expired: 'Session expired. Click Refresh Auth and try again.',
        refresh_auth: 'Refresh Auth',
      },
    },
  },
};
