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
): Promise<
  { identity: string | null; shared_secret_encrypted: string | null; supplier_identity: string | null } | undefined
> {
  return db('punchout_settings').where({ id: 1 }).first('identity', 'shared_secret_encrypted', 'supplier_identity');
}

export interface SandboxDocumentRow {
  id: string;
  order_payload_id: string;
  order_id: string;
  kind: 'confirmation' | 'ship_notice' | 'invoice';
  lines: { line_number: number; quantity: number; unit_price?: string }[];
  has_backorder: boolean;
  /** A STAT order's documents: sent at once, promising next-day delivery. */
  is_next_day: boolean;
  due_at: Date;
  attempts: number;
}

/** The follow-up documents of an accepted order; a resend of the order plans nothing twice. */
export async function insertSandboxDocuments(
  db: Db,
  rows: Omit<SandboxDocumentRow, 'id' | 'attempts'>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db('sandbox_supplier_documents')
    .insert(rows.map((row) => ({ ...row, lines: JSON.stringify(row.lines) })))
    .onConflict(['order_payload_id', 'kind'])
    .ignore();
}

/**
 * Leases the documents that are due (a ship notice only once its order's confirmation went out),
 * so two instances never send the same one at the same time; a lease a crash left runs out.
 */
export async function leaseDueSandboxDocuments(
  db: Db,
  options: { now: Date; leaseUntil: Date; limit: number; maxAttempts: number },
): Promise<SandboxDocumentRow[]> {
  const { rows } = await db.raw<{ rows: SandboxDocumentRow[] }>(
    `UPDATE sandbox_supplier_documents AS d
        SET leased_until = :leaseUntil, attempts = d.attempts + 1
      WHERE d.id IN (
        SELECT c.id FROM sandbox_supplier_documents c
         WHERE c.sent_at IS NULL AND c.due_at <= :now AND c.attempts < :maxAttempts
           AND (c.leased_until IS NULL OR c.leased_until < :now)
           AND (c.kind = 'confirmation' OR EXISTS (
                 SELECT 1 FROM sandbox_supplier_documents f
                  WHERE f.order_payload_id = c.order_payload_id AND f.sent_at IS NOT NULL
                    AND f.kind = CASE c.kind WHEN 'invoice' THEN 'ship_notice' ELSE 'confirmation' END))
         ORDER BY c.due_at
         LIMIT :limit
         FOR UPDATE SKIP LOCKED)
      RETURNING d.id::text AS id, d.order_payload_id, d.order_id, d.kind, d.lines, d.has_backorder, d.is_next_day,
        d.due_at, d.attempts`,
    options,
  );
  return rows;
}

/** What the ward received of an order, per line (the sandbox invoices once what shipped arrived). */
export async function selectReceivedByOrderNumber(db: Db, orderNumber: string): Promise<Map<number, number>> {
  const rows: { line_number: number; quantity: number }[] = await db('order_receipt_lines as l')
    .join('order_receipts as r', 'r.id', 'l.receipt_id')
    .join('orders as o', 'o.id', 'r.order_id')
    .where('o.order_number', orderNumber)
    .groupBy('l.line_number')
    .select('l.line_number', db.raw('sum(l.quantity)::int AS quantity'));
  return new Map(rows.map((row) => [row.line_number, row.quantity]));
}

/** Not yet: due again later, and the lease's attempt given back. */
export async function postponeSandboxDocument(db: Db, id: string, dueAt: Date): Promise<void> {
  await db('sandbox_supplier_documents')
    .where({ id })
    .update({ due_at: dueAt, leased_until: null, attempts: db.raw('greatest(attempts - 1, 0)') });
}

export async function markSandboxDocumentSent(db: Db, id: string, status: number, now: Date): Promise<void> {
  await db('sandbox_supplier_documents')
    .where({ id })
    .update({ sent_at: now, leased_until: null, last_status: status, last_error: null });
}

export async function markSandboxDocumentFailed(
  db: Db,
  id: string,
  failure: { status: number | null; error: string; retryAt: Date },
): Promise<void> {
  await db('sandbox_supplier_documents')
    .where({ id })
    .update({
      leased_until: null,
      due_at: failure.retryAt,
      last_status: failure.status,
      last_error: failure.error.slice(0, 500),
    });
}

export function selectInboundSenderCredentials(db: Db) {
  return db('punchout_settings')
    .where({ id: 1 })
    .first<
      | { identity: string | null; inbound_identity: string | null; inbound_shared_secret_encrypted: string | null }
      | undefined
    >('identity', 'inbound_identity', 'inbound_shared_secret_encrypted');
}
