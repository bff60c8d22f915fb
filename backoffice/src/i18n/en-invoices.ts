import type { TranslationMessages } from 'react-admin';

/** Texts of the finance Invoices screen, merged into `en`. */
export const invoicesMessages: Pick<TranslationMessages, 'supply_hub'> = {
  supply_hub: {
    menu: { invoices: 'Invoices' },
    invoices: {
      title: 'Invoices',
      tabs: 'Invoice queue',
      tab: {
        exception: 'Exceptions',
        ready: 'Ready to pay',
        disputed: 'Disputed',
        credit: 'Credit memos',
        withdrawn: 'Withdrawn',
      },
      empty: 'No invoices here.',
      invoice_id: 'Invoice',
      order_number: 'Order',
      received_at: 'Received',
      due_amount: 'Amount due',
      status: 'Status',
      decided: 'Decided by',
      search: 'Invoice or order number',
      status_label: {
        matched: 'Matched',
        exception: 'Exception',
        accepted: 'Accepted',
        disputed: 'Disputed',
        withdrawn: 'Withdrawn',
        credit: 'Credit memo',
      },
      credits_invoice:
        'Credit memo for invoice %{invoice}: accounts payable deduct it once that invoice is ready to pay.',
      withdrawn_on:
        'Withdrawn by the supplier (or given way to an earlier invoice of its number) on %{date}: it will not be paid.',
      lines: 'Lines',
      line: 'Line %{line} (order line %{order_line})',
      line_detail: '%{quantity} × %{price} (order price %{order_price}, %{received} received)',
      line_matched: 'Matches',
      invoice_reasons: 'The whole invoice',
      export: 'Export ready to pay (CSV)',
      export_failed: 'The ready-to-pay list could not be exported. Try again.',
      accept: 'Accept',
      dispute: 'Dispute',
      accept_title: 'Accept invoice %{invoice}',
      dispute_title: 'Dispute invoice %{invoice}',
      note: 'Note',
      // The note goes to the supplier either way, in the invoice status update the decision sends.
      note_help_accept:
        'Why: kept with the decision and sent to the supplier with the word that the invoice is reconciled.',
      note_help_dispute:
        'Why: kept with the decision and sent to the supplier with the word that the invoice is disputed.',
      accepted: 'Invoice %{invoice} accepted: ready to pay.',
      disputed: 'Invoice %{invoice} disputed: the supplier is told.',
      decision_failed: 'The decision was not saved: %{message}',
    },
  },
};
