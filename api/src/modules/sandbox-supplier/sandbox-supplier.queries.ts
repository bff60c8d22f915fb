import type { Db } from '../../database/connection.js';

export interface SandboxSupplierOrderRow {
  payload_id: string;
  order_id: string;
  supplier_order_id: string;
  response_status: number;
  deployment_mode: 'test' | 'production';
  created_at: Date;
}

const COLUMNS = [
  'payload_id',
  'order_id',
  'supplier_order_id',
  'response_status',
  'deployment_mode',
  'created_at',
] as const;

export async function findSandboxOrder(db: Db, payloadId: string): Promise<SandboxSupplierOrderRow | undefined> {
  return db<SandboxSupplierOrderRow>('sandbox_supplier_orders')
    .where({ payload_id: payloadId })
    .first(...COLUMNS);
}

/**
 * Records the order unless its payloadID is already known, and returns the row that holds the
 * payloadID — the new one, or the first one when the document was delivered before (or two
 * deliveries race) — and whether this call stored it.
 */
export async function recordSandboxOrder(
  db: Db,
  row: SandboxSupplierOrderRow,
): Promise<{ row: SandboxSupplierOrderRow; isNew: boolean }> {
  const [inserted] = await db<SandboxSupplierOrderRow>('sandbox_supplier_orders')
    .insert(row)
    .onConflict('payload_id')
    .ignore()
    .returning(COLUMNS);
  if (inserted) return { row: inserted, isNew: true };
  const stored = await findSandboxOrder(db, row.payload_id);
  if (!stored) throw new Error('the sandbox order vanished between insert and read');
  return { row: stored, isNew: false };
}

export async function listSandboxOrders(
  db: Db,
  filter: { orderId?: string | undefined; limit: number },
): Promise<SandboxSupplierOrderRow[]> {
  const query = db<SandboxSupplierOrderRow>('sandbox_supplier_orders')
    .select(...COLUMNS)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'payload_id', order: 'asc' },
    ])
    .limit(filter.limit);
  if (filter.orderId) void query.where({ order_id: filter.orderId });
  return query;
}

/** The punchout credentials the sandbox checks a Sender against, as they are now. */
export function selectPunchoutCredentials(
  db: Db,
): Promise<{ identity: string | null; shared_secret_encrypted: string | null } | undefined> {
  return db('punchout_settings').where({ id: 1 }).first('identity', 'shared_secret_encrypted');
}
