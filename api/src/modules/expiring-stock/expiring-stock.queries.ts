import type { Db } from '../../database/connection.js';

export { selectCompanyTimezone } from '../fulfilment/receipts.queries.js';

export interface ExpiringLotRow {
  lot: string | null;
  asin: string;
  title: string;
  expiry_date: string;
  days_left: number;
  is_recalled: boolean;
  quantity: number;
  location: string | null;
  location_id: string | null;
  /** The department of the active ward location the lot went to (the digest's recipients by department). */
  location_department_id: string | null;
  department: string | null;
  received_by: string;
  received_at: Date;
  order_number: string;
}

interface ExpiringFilter {
  today: string;
  withinDays: number;
  locationId?: string;
}

/** Received lines with an expiry date from `today − withinDays` to `today + withinDays`, non-QA orders. */
function expiringLinesIn(db: Db, filter: ExpiringFilter) {
  const query = db('order_receipt_lines as l')
    .join('order_receipts as r', 'r.id', 'l.receipt_id')
    .join('orders as o', 'o.id', 'r.order_id')
    .whereNotNull('l.expiry_date')
    .whereRaw('l.expiry_date BETWEEN ?::date - ?::int AND ?::date + ?::int', [
      filter.today,
      filter.withinDays,
      filter.today,
      filter.withinDays,
    ])
    .where('o.is_qa', false);
  if (filter.locationId) query.where('o.location_id', filter.locationId);
  return query;
}

/** How many lots the window holds (without the per-lot recall check the rows pay for). */
export async function countExpiringLots(db: Db, filter: ExpiringFilter): Promise<number> {
  const row = await expiringLinesIn(db, filter).count<{ count: string }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

/**
 * The lots of the window, soonest first, at most `limit` when given; with `locationId`, those
 * delivered to that ward location only. A lot is recalled when a recall notice was sent for it:
 * the recall module records each notice in the audit log (action recall.notify, the product's ASIN
 * as target, the lot in its details) and keeps no other mark.
 */
export function selectExpiringLots(db: Db, filter: ExpiringFilter & { limit?: number }): Promise<ExpiringLotRow[]> {
  const query = expiringLinesIn(db, filter)
    .join('order_items as i', function joinLine() {
      this.on('i.order_id', '=', 'o.id').andOn('i.line_number', '=', 'l.line_number');
    })
    .leftJoin('departments as d', 'd.id', 'o.department_id')
    .leftJoin('locations as loc', 'loc.id', 'o.location_id')
    .orderBy([
      { column: 'l.expiry_date', order: 'asc' },
      { column: 'location', order: 'asc' },
      { column: 'i.title', order: 'asc' },
      { column: 'l.id', order: 'asc' },
    ])
    .select(
      db.raw(`nullif(btrim(l.lot), '') AS lot`),
      'i.asin',
      'i.title',
      db.raw(`to_char(l.expiry_date, 'YYYY-MM-DD') AS expiry_date`),
      db.raw('(l.expiry_date - ?::date)::int AS days_left', [filter.today]),
      db.raw(
        `(nullif(btrim(l.lot), '') IS NOT NULL AND EXISTS (
           SELECT 1 FROM audit_events e
            WHERE e.target_type = 'product' AND e.target_id = i.asin AND e.action = 'recall.notify'
              AND upper(btrim(e.details->>'lot')) = upper(btrim(l.lot)))) AS is_recalled`,
      ),
      'l.quantity',
      // Where it was delivered, as the recall lookup says it: the ward location, else the ship-to.
      db.raw(
        `coalesce(loc.name, nullif(concat_ws(', ', o.ship_to_street_line1, o.ship_to_city, o.ship_to_state), '')) AS location`,
      ),
      'o.location_id',
      // Only an active location's members may open it (and so be mailed about it).
      db.raw('CASE WHEN loc.active THEN loc.department_id END AS location_department_id'),
      db.raw('coalesce(d.name, o.delivery_location) AS department'),
      'r.received_by_label as received_by',
      'r.created_at as received_at',
      'o.order_number',
    );
  if (filter.limit !== undefined) query.limit(filter.limit);
  return query;
}

export interface DigestRecipientRow {
  id: string;
  email: string;
  department_id: string | null;
  is_logistics: boolean;
}

/**
 * Who the weekly digest may go to: active, approved accounts that are logistics administrators or
 * belong to a department with at least one active location.
 */
export function selectDigestRecipients(db: Db): Promise<DigestRecipientRow[]> {
  return db('users as u')
    .join('profiles as p', 'p.user_id', 'u.id')
    .where('u.status', 'active')
    .where('p.onboarding_approved', true)
    .where((scope) =>
      scope
        .whereExists(db('user_roles as ur').whereRaw('ur.user_id = u.id').where('ur.role', 'logistics_admin'))
        .orWhereExists(
          db('locations as loc').whereRaw('loc.department_id = p.department_id').where('loc.active', true),
        ),
    )
    .orderBy('u.email')
    .select(
      'u.id',
      'u.email',
      'p.department_id',
      db.raw(
        `EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id AND ur.role = 'logistics_admin') AS is_logistics`,
      ),
    );
}
