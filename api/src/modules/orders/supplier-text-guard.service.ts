import { PHI_IN_SUPPLIER_TEXT } from '../../contracts/supplier-text.js';
import { describePatientDataFinding, findPatientData } from '../../contracts/supplier-text.rules.js';
import type { ServiceContext } from '../../context.js';
import type { Db } from '../../database/connection.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { compileLinearPattern } from '../../text/linear-patterns.js';
import { getSupplierTextSettings } from '../settings/supplier-text-settings.service.js';

/** How a refusal names an order's delivery instructions. */
export const ORDER_NOTE_LABEL = 'Order note';

/** One free text bound for the supplier: its field on the wire, its label for people, and the text. */
export interface SupplierTextField {
  /** The request field, e.g. 'delivery_note' or 'urgent.reason'; the refusal's `errors` key. */
  field: string;
  /** What the person calls it, e.g. 'Order note' or 'STAT reason'; starts the refusal's sentence. */
  label: string;
  text: string | null | undefined;
}

/**
 * Refuses free text for the supplier that seems to hold patient data: throws 422 PHI_IN_SUPPLIER_TEXT
 * with a sentence naming the field and the kind, and records the refusal in the audit log — which
 * field, which kind, who — but never the text itself (the log must not become a store of patient data).
 * Call it before writing anything; pass `db` to read the settings inside a transaction.
 */
export async function refusePatientDataInSupplierText(
  ctx: ServiceContext,
  fields: readonly SupplierTextField[],
  db: Db = ctx.db,
): Promise<void> {
  const present = fields.filter((entry) => entry.text?.trim());
  if (present.length === 0) return;
  const settings = await getSupplierTextSettings(ctx, db);
  for (const entry of present) {
    const finding = findPatientData(entry.text ?? '', settings.extra_patterns, {
      medicalRecordPattern: settings.medical_record_pattern,
      compilePattern: compileLinearPattern,
    });
    if (!finding) continue;
    // Outside any transaction of the caller: the refusal stays in the log although nothing else is written.
    await recordAudit(ctx, {
      action: 'order.supplier_text_refused',
      targetType: 'supplier_text',
      targetId: entry.field,
      outcome: 'failure',
      details: { field: entry.field, label: entry.label, kind: finding.kind },
    });
    const message = describePatientDataFinding(entry.label, finding);
    throw new AppError(
      422,
      PHI_IN_SUPPLIER_TEXT,
      message,
      { [entry.field]: message },
      {
        field: entry.field,
        kind: finding.kind,
      },
    );
  }
}
