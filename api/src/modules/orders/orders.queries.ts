import type { Db } from '../../database/connection.js';
import { preparedRaw, preparedRows } from '../../database/prepared.js';

import { DEFAULT_MAX_ORDER_TOTAL } from '../../contracts/cart.rules.js';
import type { OrderStatus } from '../../contracts/orders.js';

export type { OrderStatus };

export interface OrderInsert {
  user_id: string;
  user_email: string;
  status: OrderStatus;
  total_amount: string;
  notes: string | null;
  delivery_location: string;
  /** The requester's department at submission; delivery_location keeps its name. */
  department_id?: string | null;
  /** Let through over budget: the department's budget warns instead of refusing. */
  over_budget?: boolean;
  /** Let through over the requester's monthly limit under a warn budget. */
  over_limit?: boolean;
  /** The requester's per-order limit at submission: over it, the order needs one more approval level. */
  order_limit?: string | null;
  priority?: 'low' | 'normal' | 'high' | 'urgent';
  /** A STAT order (needed today) and the requester's reason. */
  is_urgent?: boolean;
  urgent_reason?: string | null;
  /** Delivery instructions for the supplier. */
  delivery_note?: string | null;
  rejection_reason?: string | null;
  /** The ward location a count's top-up restocks; delivery_location keeps its name. */
  location_id?: string | null;
  /** A QA runner order (never in reports) and the admin who ran it. */
  is_qa?: boolean;
  qa_run_by?: string | null;
  created_at: Date;
  updated_at: Date;
  [column: string]: unknown;
}

export interface OrderItemInsert {
  line_number: number;
  product_id: string | null;
  asin: string;
  sku: string | null;
  title: string;
  quantity: number;
  unit_price: string;
  total_price: string;
}

/** Inserts an order and its lines; call inside a transaction so neither exists without the other. */
export async function insertOrderWithItems(
  db: Db,
  order: OrderInsert,
  items: readonly OrderItemInsert[],
): Promise<{ id: string; order_number: string; display_seq: number }> {
  const [created] = await db('orders')
    .insert(order)
    .returning<{ id: string; order_number: string; display_seq: number }[]>(['id', 'order_number', 'display_seq']);
  if (!created) throw new Error('insert into orders returned nothing');
  await db('order_items').insert(items.map((item) => ({ ...item, order_id: created.id })));
  return created;
}

export interface OrderRow {
  id: string;
  order_number: string;
  display_seq: number;
  user_id: string;
  user_email: string;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  status: string;
  rejection_reason: string | null;
  total_amount: string;
  notes: string | null;
  delivery_location: string;
  priority: string;
  is_urgent: boolean;
  urgent_reason: string | null;
  /** Absent where a caller builds a row by hand: none. */
  delivery_note?: string | null;
  created_at: Date;
  /** Let through over a warn budget / over the requester's monthly limit, for approvers. */
  over_budget?: boolean;
  over_limit?: boolean;
  /** The requester's per-order limit at submission: over it, the order needs one more approval. */
  order_limit?: string | null;
}

export interface OrderLineRow {
  id: string;
  order_id: string;
  line_number: number;
  product_id: string | null;
  asin: string;
  sku: string | null;
  title: string;
  image_url: string | null;
  quantity: number;
  unit_price: string;
  total_price: string;
  /** Set for a line an approver rejected (order_line_rejections), null for a line ordered. */
  rejection_reason: string | null;
  rejected_by_label: string | null;
  /** A Date read by a query, an ISO text read through JSON (the submission's claim). */
  rejected_at: Date | string | null;
  rejected_level: number | null;
  /** A PunchOut line's unit and the supplier's quote reference (order_punchout_lines); null otherwise. */
  punchout_unit_of_measure: string | null;
  punchout_reference: string | null;
  /** The earlier price a PunchOut line fell below at submission (shown to approvers); null otherwise. */
  punchout_previous_unit_price: string | null;
  punchout_previous_order_number: string | null;
  /** A Date read by a query, an ISO text read through JSON (the submission's claim). */
  punchout_previous_seen_at: Date | string | null;
}

/** The columns of an OrderRow: the order and its requester's names (profiles joined). */
export const ORDER_ROW_COLUMNS = [
  'orders.id',
  'orders.order_number',
  'orders.display_seq',
  'orders.user_id',
  'orders.user_email',
  'profiles.first_name',
  'profiles.last_name',
  'profiles.username',
  'orders.status',
  'orders.rejection_reason',
  'orders.total_amount',
  'orders.notes',
  'orders.delivery_location',
  'orders.priority',
  'orders.is_urgent',
  'orders.urgent_reason',
  'orders.delivery_note',
  'orders.created_at',
  'orders.over_budget',
  'orders.over_limit',
  'orders.order_limit',
] as const;

/** Orders newest first with the requester's names; `userId` scopes them to one requester. */
export function selectOrders(
  db: Db,
  filter: { userId?: string; orderId?: string; status?: string; limit: number },
): Promise<OrderRow[]> {
  const query = db('orders')
    .leftJoin('profiles', 'profiles.user_id', 'orders.user_id')
    .select(...ORDER_ROW_COLUMNS)
    .orderBy([
      { column: 'orders.created_at', order: 'desc' },
      { column: 'orders.display_seq', order: 'desc' },
    ])
    .limit(filter.limit);
  if (filter.userId) query.where('orders.user_id', filter.userId);
  if (filter.orderId) query.where('orders.id', filter.orderId);
  if (filter.status) query.where('orders.status', filter.status);
  return preparedRows<OrderRow>(query);
}

/*
 * A sent order with something still to receive: a line whose ordered quantity exceeds what the
 * supplier rejected (order_line_supplier_rejected, which follows fulfilment.rules' deriveLine) plus
 * what was received. Tested against GET /api/orders/:id's fulfilment.
 */
const HAS_LINE_TO_RECEIVE = `EXISTS (
  SELECT 1
    FROM order_items i
   WHERE i.order_id = orders.id
     AND i.quantity
         - order_line_supplier_rejected(i.order_id, i.line_number, i.quantity)
         - coalesce((SELECT sum(l.quantity) FROM order_receipt_lines l JOIN order_receipts r ON r.id = l.receipt_id
                      WHERE r.order_id = i.order_id AND l.line_number = i.line_number), 0) > 0)`;

/** A page of the sent orders with something still to receive, newest sent first, and how many there are. */
export async function selectOrdersToReceive(
  db: Db,
  page: { offset: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const toReceive = () => db('orders').where('orders.status', 'submitted').whereRaw(HAS_LINE_TO_RECEIVE);
  const [rows, [count]] = await Promise.all([
    toReceive()
      .leftJoin('profiles', 'profiles.user_id', 'orders.user_id')
      .select<OrderRow[]>(...ORDER_ROW_COLUMNS)
      .orderBy([
        { column: 'orders.submitted_at', order: 'desc' },
        { column: 'orders.display_seq', order: 'desc' },
      ])
      .offset(page.offset)
      .limit(page.limit),
    toReceive().count<{ count: string }[]>('* as count'),
  ]);
  return { rows, total: Number(count?.count ?? 0) };
}

/**
 * The lines of some orders, by order and line number (one statement whatever the number of orders):
 * the lines ordered and those an approver rejected, with the decision.
 */
export async function selectOrderLines(db: Db, orderIds: readonly string[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await preparedRaw(
    db.raw<{ rows: OrderLineRow[] }>(
      `SELECT l.id, l.order_id, l.line_number, l.product_id, l.asin, l.sku, l.title, products.image_url, l.quantity,
              l.unit_price, l.total_price, l.rejection_reason, l.rejected_by_label, l.rejected_at, l.rejected_level,
              pl.unit_of_measure AS punchout_unit_of_measure, pl.supplier_part_auxiliary_id AS punchout_reference,
              pl.previous_unit_price::text AS punchout_previous_unit_price,
              pl.previous_order_number AS punchout_previous_order_number,
              pl.previous_seen_at AS punchout_previous_seen_at
       FROM (
         SELECT id, order_id, line_number, product_id, asin, sku, title, quantity, unit_price, total_price,
                NULL::text AS rejection_reason, NULL::text AS rejected_by_label, NULL::timestamptz AS rejected_at,
                NULL::int AS rejected_level
           FROM order_items WHERE order_id = ANY(CAST(? AS uuid[]))
         UNION ALL
         SELECT id, order_id, line_number, product_id, asin, sku, title, quantity, unit_price, total_price,
                reason, rejected_by_label, rejected_at, level
           FROM order_line_rejections WHERE order_id = ANY(CAST(? AS uuid[]))
       ) AS l LEFT JOIN products ON products.id = l.product_id
         LEFT JOIN order_punchout_lines AS pl ON pl.line_id = l.id
       ORDER BY l.order_id, l.line_number`,
      [`{${orderIds.join(',')}}`, `{${orderIds.join(',')}}`],
    ),
  );
  return rows;
}

/** What a submission needs of a product: its identity, its prices and whether it is for sale. */
export interface SubmissionProductRow {
  id: string;
  asin: string;
  sku: string | null;
  title: string;
  image_url: string | null;
  price: string | null;
  amazon_price: string | null;
  active: boolean;
}

export interface SubmissionContext {
  profile:
    | {
        onboarding_approved: boolean;
        department: string | null;
        department_id: string | null;
        /** The requester's per-order and monthly limits (USD text, null for none). */
        order_limit: string | null;
        monthly_limit: string | null;
        /** Whether the requester has saved a shipping address (the supplier delivers there). */
        has_shipping_address: boolean;
        first_name: string | null;
        last_name: string | null;
        username: string | null;
      }
    | undefined;
  /** An earlier submission with the same key, if any. */
  previousKey: { request_hash: string; order_id: string | null } | undefined;
  products: SubmissionProductRow[];
  /** The ceiling on one order's total (automation settings), as PostgreSQL returns NUMERIC. */
  maxOrderTotal: string;
}

/**
 * Everything a submission reads before it writes, in one round trip: the requester's profile, an
 * earlier use of the Idempotency-Key, and the products named (one row per product found).
 */
export async function selectSubmissionContext(
  db: Db,
  userId: string,
  key: string,
  asins: readonly string[],
): Promise<SubmissionContext> {
  const { rows } = await preparedRaw(
    db.raw<{
      rows: (SubmissionProductRow &
        NonNullable<SubmissionContext['profile']> & {
          has_profile: boolean;
          key_request_hash: string | null;
          key_order_id: string | null;
          max_order_total: string | null;
        })[];
    }>(
      `SELECT pr.user_id IS NOT NULL AS has_profile, pr.onboarding_approved, pr.department, pr.department_id, pr.first_name,
            pr.order_limit::text AS order_limit, pr.monthly_limit::text AS monthly_limit,
            EXISTS (SELECT 1 FROM shipping_addresses sa WHERE sa.user_id = me.user_id) AS has_shipping_address,
            pr.last_name, pr.username, k.request_hash AS key_request_hash, k.order_id AS key_order_id,
            a.max_order_total, p.id, p.asin, p.sku, p.title, p.image_url, p.price, p.amazon_price, p.active
     FROM (SELECT CAST(:userId AS uuid) AS user_id) AS me
     LEFT JOIN profiles pr ON pr.user_id = me.user_id
     LEFT JOIN idempotency_keys k ON k.user_id = me.user_id AND k.key = :key
     LEFT JOIN automation_settings a ON a.id = 1
     LEFT JOIN products p ON p.asin IN (SELECT jsonb_array_elements_text(CAST(:asins AS jsonb)))`,
      { userId, key, asins: JSON.stringify(asins) },
    ),
  );
  const [first] = rows;
  return {
    profile: first?.has_profile
      ? {
          onboarding_approved: first.onboarding_approved,
          department: first.department,
          department_id: first.department_id,
          order_limit: first.order_limit,
          monthly_limit: first.monthly_limit,
          has_shipping_address: first.has_shipping_address,
          first_name: first.first_name,
          last_name: first.last_name,
          username: first.username,
        }
      : undefined,
    previousKey:
      first?.key_request_hash != null
        ? { request_hash: first.key_request_hash, order_id: first.key_order_id }
        : undefined,
    maxOrderTotal: first?.max_order_total ?? DEFAULT_MAX_ORDER_TOTAL.toFixed(2),
    products: rows
      .filter((row) => row.id !== null)
      .map(({ id, asin, sku, title, image_url, price, amazon_price, active }) => ({
        id,
        asin,
        sku,
        title,
        image_url,
        price,
        amazon_price,
        active,
      })),
  };
}

export interface SubmissionWrite {
  order: OrderInsert;
  items: readonly OrderItemInsert[];
  idempotency: { key: string; requestHash: string };
  audit: { actorUserId: string | null; actorLabel: string; clientAddress?: string; requestId?: string };
  /**
   * The admins' new-order mail, queued with the order when the automation preference is on. Its
   * subject and text carry ORDER_NUMBER_SLOT where the number the insert generates goes.
   */
  adminMail: { subject: string; text: string; template: string; status: 'pending' | 'logged' };
  /** A standing order's occurrence leaves the owner's cart as it is; a cart's submission empties it. */
  keepCart?: boolean;
  /** What the OrderRequest echoes for lines bought in the supplier's PunchOut shop, by line number. */
  punchoutLines?: readonly PunchoutLineInsert[];
  /** The supplier's cart lines this order takes: they leave the cart with the order's insert. */
  supplierItemIds?: readonly string[];
}

export interface PunchoutLineInsert {
  line_number: number;
  session_id: string;
  supplier_part_auxiliary_id: string | null;
  unit_of_measure: string;
  unspsc: string | null;
  /** The earlier price this line fell below (punchout-prices), null when it did not. */
  previous_unit_price: string | null;
  previous_order_number: string | null;
  previous_seen_at: string | null;
}

export const ORDER_NUMBER_SLOT = '{order_number}';

export interface SubmissionWritten {
  id: string;
  order_number: string;
  display_seq: number;
  lineIds: string[];
  /** The admins' mails queued with the order (none when the preference is off). */
  adminMails: { id: string; to_address: string }[];
  /** The auto-approval preference as the order was written (decisions.md). */
  autoApproval: { enabled: boolean; underAmount: string; statUnderAmount: string | null };
}

/**
 * Writes a submission as ONE statement, hence one transaction: it claims the Idempotency-Key, and
 * only if the claim succeeds inserts the order, its lines (one INSERT), empties the cart, adds
 * the 'order.create' audit row and queues the admins' mail (a mail exists exactly when its order
 * does, and the submission costs no further round trip). A concurrent claim of the same key waits for the other statement
 * to end; when it committed, nothing is written here and `undefined` says the key was taken.
 */
export async function insertSubmittedOrder(
  db: Db,
  { order, items, idempotency, audit, adminMail, keepCart, punchoutLines = [], supplierItemIds = [] }: SubmissionWrite,
): Promise<SubmissionWritten | undefined> {
  const { rows } = await preparedRaw(
    db.raw<{
      rows: {
        id: string;
        order_number: string;
        display_seq: number;
        line_id: string;
        line_number: number;
        admin_mails: { id: string; to_address: string }[];
        auto_approve_enabled: boolean;
        auto_approve_under_amount: string;
        stat_auto_approve_under: string | null;
      }[];
    }>(
      `WITH claimed AS (
       INSERT INTO idempotency_keys (user_id, key, request_hash, created_at, order_id)
       VALUES (:userId, :key, :requestHash, :now, gen_random_uuid())
       ON CONFLICT (user_id, key) DO NOTHING
       RETURNING order_id
     ),
     new_order AS (
       INSERT INTO orders (id, user_id, user_email, status, total_amount, notes, delivery_location, department_id,
                           location_id, over_budget, over_limit, order_limit, priority, is_qa, qa_run_by, created_at,
                           updated_at, is_urgent, urgent_reason, delivery_note)
       SELECT order_id, CAST(:userId AS uuid), :userEmail, :status, CAST(:totalAmount AS numeric), :notes,
              :deliveryLocation, CAST(:departmentId AS uuid), CAST(:locationId AS uuid), CAST(:overBudget AS boolean),
              CAST(:overLimit AS boolean), CAST(:orderLimit AS numeric), :priority, CAST(:isQa AS boolean), CAST(:qaRunBy AS uuid),
              CAST(:now AS timestamptz), CAST(:now AS timestamptz), CAST(:isUrgent AS boolean), :urgentReason,
              :deliveryNote
       FROM claimed
       RETURNING id, order_number, display_seq
     ),
     new_items AS (
       INSERT INTO order_items (order_id, line_number, product_id, asin, sku, title, quantity, unit_price, total_price)
       SELECT new_order.id, item.line_number, item.product_id, item.asin, item.sku, item.title, item.quantity,
              item.unit_price, item.total_price
       FROM new_order
       CROSS JOIN jsonb_to_recordset(CAST(:items AS jsonb)) AS item (line_number integer, product_id uuid,
         asin text, sku text, title text, quantity integer, unit_price numeric, total_price numeric)
       RETURNING id, line_number
     ),
     emptied_cart AS (
       DELETE FROM cart_items WHERE user_id = :userId AND NOT CAST(:keepCart AS boolean) AND EXISTS (SELECT 1 FROM claimed)
     ),
     new_punchout_lines AS (
       INSERT INTO order_punchout_lines (line_id, order_id, session_id, supplier_part_auxiliary_id, unit_of_measure, unspsc,
                                         previous_unit_price, previous_order_number, previous_seen_at)
       SELECT new_items.id, new_order.id, detail.session_id, detail.supplier_part_auxiliary_id, detail.unit_of_measure,
              detail.unspsc, detail.previous_unit_price, detail.previous_order_number, detail.previous_seen_at
       FROM new_order
       CROSS JOIN new_items
       JOIN jsonb_to_recordset(CAST(:punchoutLines AS jsonb)) AS detail (line_number integer, session_id uuid,
         supplier_part_auxiliary_id text, unit_of_measure text, unspsc text, previous_unit_price numeric,
         previous_order_number text, previous_seen_at timestamptz) ON detail.line_number = new_items.line_number
     ),
     taken_supplier_lines AS (
       DELETE FROM punchout_cart_items
       WHERE user_id = :userId AND EXISTS (SELECT 1 FROM claimed)
         AND id IN (SELECT CAST(value AS uuid) FROM jsonb_array_elements_text(CAST(:supplierItemIds AS jsonb)))
     ),
     audited AS (
       INSERT INTO audit_events (actor_user_id, actor_label, action, target_type, target_id, outcome,
                                 client_address, request_id, details)
       SELECT CAST(:actorUserId AS uuid), :actorLabel, 'order.create', 'order', new_order.id::text, 'success',
              :clientAddress, :requestId,
              jsonb_build_object('order_number', new_order.order_number)
                || CASE WHEN CAST(:isQa AS boolean) THEN jsonb_build_object('qa_test', true, 'requester', CAST(:userEmail AS text))
                        ELSE '{}'::jsonb END
       FROM new_order
     ),
     automation AS (
       SELECT email_notifications_new_orders, auto_approve_enabled, auto_approve_under_amount, stat_auto_approve_under
       FROM automation_settings WHERE id = 1
     ),
     admin_mails AS (
       INSERT INTO email_outbox (to_address, subject, text_body, template, status, created_at)
       SELECT DISTINCT users.email, replace(:mailSubject, :slot, new_order.order_number),
              replace(:mailText, :slot, new_order.order_number), :mailTemplate, :mailStatus, CAST(:now AS timestamptz)
       FROM new_order
       CROSS JOIN automation
       CROSS JOIN users
       JOIN user_roles ON user_roles.user_id = users.id
       WHERE automation.email_notifications_new_orders
         AND NOT CAST(:isQa AS boolean)
         AND user_roles.role IN ('admin', 'super_admin')
         AND users.status = 'active'
       RETURNING id, to_address
     )
     SELECT new_order.id, new_order.order_number, new_order.display_seq, new_items.id AS line_id,
            new_items.line_number, automation.auto_approve_enabled, automation.auto_approve_under_amount,
            automation.stat_auto_approve_under,
            (SELECT COALESCE(json_agg(admin_mails), '[]') FROM admin_mails) AS admin_mails
     FROM new_order CROSS JOIN new_items LEFT JOIN automation ON true
     ORDER BY new_items.line_number`,
      {
        userId: order.user_id,
        key: idempotency.key,
        requestHash: idempotency.requestHash,
        now: order.created_at,
        userEmail: order.user_email,
        status: order.status,
        totalAmount: order.total_amount,
        notes: order.notes,
        deliveryLocation: order.delivery_location,
        departmentId: order.department_id ?? null,
        locationId: order.location_id ?? null,
        overBudget: order.over_budget === true,
        overLimit: order.over_limit === true,
        orderLimit: order.order_limit ?? null,
        priority: order.priority ?? 'normal',
        isUrgent: order.is_urgent === true,
        urgentReason: order.urgent_reason ?? null,
        deliveryNote: order.delivery_note ?? null,
        isQa: order.is_qa === true,
        qaRunBy: order.qa_run_by ?? null,
        keepCart: keepCart === true,
        items: JSON.stringify(items),
        punchoutLines: JSON.stringify(punchoutLines),
        supplierItemIds: JSON.stringify(supplierItemIds),
        actorUserId: audit.actorUserId,
        actorLabel: audit.actorLabel,
        clientAddress: audit.clientAddress ?? null,
        requestId: audit.requestId ?? null,
        slot: ORDER_NUMBER_SLOT,
        mailSubject: adminMail.subject,
        mailText: adminMail.text,
        mailTemplate: adminMail.template,
        mailStatus: adminMail.status,
      },
    ),
  );
  const [first] = rows;
  if (!first) return undefined;
  return {
    id: first.id,
    order_number: first.order_number,
    display_seq: first.display_seq,
    lineIds: rows.map((row) => row.line_id),
    adminMails: first.admin_mails,
    autoApproval: {
      enabled: first.auto_approve_enabled ?? false,
      underAmount: first.auto_approve_under_amount ?? '0',
      statUnderAmount: first.stat_auto_approve_under ?? null,
    },
  };
}

/** Flags an order a warn budget let through over budget. */
/** Flags an order a warn budget, or a warn policy over the monthly limit, let through. */
export async function flagOverSpend(
  db: Db,
  orderId: string,
  flags: { over_budget: boolean; over_limit: boolean },
): Promise<void> {
  await db('orders').where({ id: orderId }).update(flags);
}

export function selectIdempotencyKey(db: Db, userId: string, key: string) {
  return db('idempotency_keys')
    .where({ user_id: userId, key })
    .first<{ request_hash: string; order_id: string | null } | undefined>();
}
