import type { Db } from '../../database/connection.js';

export interface RecallReceiptRow {
  order_id: string;
  order_number: string;
  location: string | null;
  department: string | null;
  requester_email: string;
  received_by: string;
  received_at: Date;
  quantity: number;
  expiry_date: string | null;
  condition: string;
  short_shelf_life: boolean;
}

/** The product a GTIN or an ASIN names (inactive ones too: a recall outlives the listing). */
export function selectRecallProduct(
  db: Db,
  key: { gtin: string } | { asin: string },
): Promise<{ id: string; asin: string; title: string } | undefined> {
  if ('gtin' in key) {
    return db('product_gtins')
      .join('products', 'products.id', 'product_gtins.product_id')
      .where('product_gtins.gtin', key.gtin)
      .first('products.id', 'products.asin', 'products.title');
  }
  return db('products').whereRaw('upper(asin) = upper(?)', [key.asin]).first('id', 'asin', 'title');
}

/** Every receipt line of the product with this lot (lots compared without case or surrounding spaces). */
export function selectReceiptsOfLot(db: Db, asin: string, lot: string): Promise<RecallReceiptRow[]> {
  return db('order_receipt_lines as l')
    .join('order_receipts as r', 'r.id', 'l.receipt_id')
    .join('orders as o', 'o.id', 'r.order_id')
    .join('order_items as i', function joinLine() {
      this.on('i.order_id', '=', 'o.id').andOn('i.line_number', '=', 'l.line_number');
    })
    .join('users as u', 'u.id', 'o.user_id')
    .leftJoin('departments as d', 'd.id', 'o.department_id')
    .leftJoin('locations as loc', 'loc.id', 'o.location_id')
    .where('i.asin', asin)
    .whereRaw('upper(trim(l.lot)) = upper(trim(?))', [lot])
    .orderBy([
      { column: 'r.created_at', order: 'desc' },
      { column: 'l.id', order: 'desc' },
    ])
    .select(
      'o.id as order_id',
      'o.order_number',
      // Where it was delivered: the ward location a count's order restocked, else the ship-to it was sent with.
      db.raw(
        `coalesce(loc.name, nullif(concat_ws(', ', o.ship_to_street_line1, o.ship_to_city, o.ship_to_state), '')) AS location`,
      ),
      // The department recorded at submission (its name as text before departments were a list).
      db.raw('coalesce(d.name, o.delivery_location) AS department'),
      'u.email as requester_email',
      'r.received_by_label as received_by',
      'r.created_at as received_at',
      'l.quantity',
      db.raw(`to_char(l.expiry_date, 'YYYY-MM-DD') AS expiry_date`),
      'l.condition',
      'l.short_shelf_life',
    );
}
