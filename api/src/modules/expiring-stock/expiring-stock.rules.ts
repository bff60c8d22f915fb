import type { ExpiringLot, ExpiringLotCsvRow } from '../../contracts/expiring-stock.js';
import { expiryMarks, expiryText } from '../../contracts/expiring-stock.rules.js';

/** A lot as the digest needs it: the list's fields and the department of the location it went to. */
export type DigestLot = ExpiringLot & { location_department_id: string | null };

export interface DigestRecipient {
  email: string;
  department_id: string | null;
  is_logistics: boolean;
}

/**
 * What one recipient's digest lists: logistics administrators every lot of the organisation; a
 * department's members the lots delivered to their department's locations.
 */
export function lotsForRecipient(recipient: DigestRecipient, lots: readonly DigestLot[]): DigestLot[] {
  if (recipient.is_logistics) return [...lots];
  if (!recipient.department_id) return [];
  return lots.filter((lot) => lot.location_department_id === recipient.department_id);
}

export function toCsvRow(lot: ExpiringLot): ExpiringLotCsvRow {
  return {
    lot: lot.lot,
    asin: lot.asin,
    title: lot.title,
    expiry_date: lot.expiry_date,
    days_left: lot.days_left,
    status: expiryMarks(lot),
    quantity: lot.quantity,
    location: lot.location,
    department: lot.department,
    received_by: lot.received_by,
    received_at: lot.received_at,
    order_number: lot.order_number,
  };
}

function digestLine(lot: ExpiringLot): string {
  const marks = expiryMarks(lot).toUpperCase();
  return [
    `- ${lot.expiry_date} (${expiryText(lot)})${marks ? ` ${marks}` : ''}`,
    `  ${lot.title} (${lot.asin}), lot ${lot.lot ?? 'not recorded'}: ${lot.quantity} received`,
    `  at ${lot.location ?? 'unknown location'}, received by ${lot.received_by} (order ${lot.order_number})`,
  ].join('\n');
}

/**
 * The weekly digest mail: the lots soonest first, then where to see them — the back office list for
 * logistics administrators, each location's page in the storefront for a department's members.
 */
export function expiryDigestMail(input: {
  recipient: DigestRecipient;
  lots: readonly ExpiringLot[];
  withinDays: number;
  publicUrl: string;
}): { subject: string; text: string } {
  const { recipient, lots, withinDays, publicUrl } = input;
  const count = lots.length;
  const where = recipient.is_logistics ? '' : ' at your locations';
  const links = recipient.is_logistics
    ? [`See the whole list: ${publicUrl}/admin/expiring-stock`]
    : [...new Map(lots.flatMap((lot) => (lot.location_id ? [[lot.location_id, lot.location]] : []))).entries()].map(
        ([id, name]) => `${name ?? 'Location'}: ${publicUrl}/locations/${id}`,
      );
  return {
    subject: `Expiring soon: ${count} ${count === 1 ? 'lot' : 'lots'}${where} within ${withinDays} days`,
    text: [
      `${count === 1 ? 'This lot' : 'These lots'} received${where} expire${count === 1 ? 's' : ''} within ${withinDays} days, soonest first. Use them first, or set them apart once expired or recalled.`,
      '',
      ...lots.map(digestLine),
      '',
      ...links,
    ].join('\n'),
  };
}
