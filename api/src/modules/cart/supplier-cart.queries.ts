import type { Db } from '../../database/connection.js';

/** A line the supplier's PunchOut shop put in the cart, priced as quoted. */
export interface SupplierCartRow {
  id: string;
  session_id: string;
  supplier_part_id: string;
  supplier_part_auxiliary_id: string | null;
  description: string;
  unit_price: string;
  quantity: number;
  unit_of_measure: string;
  unspsc: string | null;
  manufacturer_name: string | null;
  added_at: Date;
}

const COLUMNS = [
  'id',
  'session_id',
  'supplier_part_id',
  'supplier_part_auxiliary_id',
  'description',
  'unit_price',
  'quantity',
  'unit_of_measure',
  'unspsc',
  'manufacturer_name',
  'added_at',
] as const;

export function selectSupplierCartItems(db: Db, userId: string, ids?: readonly string[]): Promise<SupplierCartRow[]> {
  const query = db('punchout_cart_items')
    .where({ user_id: userId })
    .orderBy([{ column: 'added_at' }, { column: 'line_number' }])
    .select(...COLUMNS);
  if (ids) void query.whereIn('id', ids);
  return query;
}

export async function deleteSupplierCartItem(db: Db, userId: string, id: string): Promise<boolean> {
  return (await db('punchout_cart_items').where({ user_id: userId, id }).delete()) > 0;
}

/** Keeps only the given lines (the cart's Clear keeps none). */
export function keepSupplierCartItems(db: Db, userId: string, ids: readonly string[]) {
  return db('punchout_cart_items').where({ user_id: userId }).whereNotIn('id', ids).delete();
}
