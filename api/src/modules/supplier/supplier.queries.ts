import type { AbLogEntry } from '../../contracts/supplier.js';
import type { Db } from '../../database/connection.js';
import { preparedRaw } from '../../database/prepared.js';
import type { OrderLineRow } from '../orders/orders.queries.js';
import type { OutboundCredentialsRow } from './outbound-credentials.queries.js';

/**
 * The supplier submission in two statements (plus the HTTP call between them, outside any
 * transaction). Each statement is atomic on its own: the data-modifying CTEs of one statement
 * commit together or not at all, so "claim + queued log + audit" and "result + log + audit +
 * mail" each keep the guarantees of a transaction in one round trip instead of eight.
 */

/** The punchout target as approvals read it: the test URL (falling back to production) in test mode. */
const PUNCHOUT_TARGET_SQL = `
  SELECT CASE WHEN test_mode THEN coalesce(test_punchout_url, punchout_url) ELSE punchout_url END AS target_url,
         identity, shared_secret_encrypted, test_mode, supplier_identity
  FROM punchout_settings
  WHERE id = 1`;

/**
 * An order line as the back office shows it (without its order id), and the product's UNSPSC code for
 * the cXML; lines an approver rejected come too (for the answer's order) and are never sent.
 */
export interface SubmissionLine extends Omit<OrderLineRow, 'order_id'> {
  unspsc: string | null;
}

/** The company's name and bill-to address (company_settings), as an OrderRequest carries them. */
export interface CompanyBillTo {
  company_name: string | null;
  bill_to_street: string | null;
  bill_to_city: string | null;
  bill_to_state: string | null;
  bill_to_postal_code: string | null;
  bill_to_country: string | null;
}

export interface ClaimedOrder extends CompanyBillTo {
  id: string;
  order_number: string;
  display_seq: number;
  status: string;
  user_id: string;
  user_email: string;
  total_amount: string;
  notes: string | null;
  delivery_location: string;
  priority: string;
  /** A STAT order asks the supplier for the earliest delivery. */
  is_urgent: boolean;
  urgent_reason: string | null;
  /** The requester's delivery instructions, sent as the OrderRequest's Comments. */
  delivery_note: string | null;
  rejection_reason: string | null;
  created_at: Date;
  over_budget: boolean;
  over_limit: boolean;
  order_limit: string | null;
  payload_id: string;
  /** The company's time zone: a requested delivery date is a day of the company's calendar. */
  company_timezone: string;
  submission_attempts: number;
  full_name: string;
  street_line1: string;
  street_line2: string | null;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  phone: string | null;
  target_url: string;
  identity: string;
  shared_secret_encrypted: string;
  test_mode: boolean;
  /** The supplier's identity saved in the settings; null: the SUPPLIER_IDENTITY default. */
  supplier_identity: string | null;
  log_id: string;
  /** The approvals the order had before this claim (the claim's own is not among them). */
  approvals: { level: number; approver_user_id: string | null; approver_label: string; approved_at: string }[];
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  lines: SubmissionLine[];
}

export interface ClaimInput {
  orderId: string;
  /** Statuses the order may be in (from the status machine). */
  fromStatuses: readonly string[];
  /** approve moves the order to approved and stamps who and when; retry and recover keep the status. */
  isApproval: boolean;
  /** null: the order must not be in flight; a date: it must have been in flight since before it (recovery). */
  inFlightBefore: Date | null;
  payloadIdSuffix: string;
  /** The approval level this claim records (its last required one), or null for retry and recovery. */
  approvalLevel: number | null;
  mode: string;
  now: Date;
  actorUserId: string | null;
  actorLabel: string;
  clientAddress: string | null;
  requestId: string | null;
}

/**
 * The order's lines as JSON (`orderId` is an SQL expression): the lines ordered and those an approver
 * rejected, each with the product's image and UNSPSC code.
 */
function submissionLinesJson(orderId: string): string {
  return `coalesce((
        SELECT json_agg(json_build_object(
                 'id', i.id, 'line_number', i.line_number, 'product_id', i.product_id, 'asin', i.asin,
                 'sku', i.sku, 'title', i.title, 'image_url', pr.image_url, 'quantity', i.quantity,
                 'unit_price', i.unit_price::text, 'total_price', i.total_price::text,
                 'unspsc', coalesce(pl.unspsc, pr.unspsc), 'punchout_reference', pl.supplier_part_auxiliary_id,
                 'punchout_unit_of_measure', pl.unit_of_measure,
                 'punchout_previous_unit_price', pl.previous_unit_price::text,
                 'punchout_previous_order_number', pl.previous_order_number,
                 'punchout_previous_seen_at', pl.previous_seen_at,
                 'rejection_reason', i.reason, 'rejected_by_label', i.rejected_by_label,
                 'rejected_at', i.rejected_at, 'rejected_level', i.level
               ) ORDER BY i.line_number)
        FROM (
          SELECT id, line_number, product_id, asin, sku, title, quantity, unit_price, total_price,
                 NULL::text AS reason, NULL::text AS rejected_by_label, NULL::timestamptz AS rejected_at,
                 NULL::int AS level
            FROM order_items WHERE order_id = ${orderId}
          UNION ALL
          SELECT id, line_number, product_id, asin, sku, title, quantity, unit_price, total_price,
                 reason, rejected_by_label, rejected_at, level
            FROM order_line_rejections WHERE order_id = ${orderId}
        ) AS i LEFT JOIN products AS pr ON pr.id = i.product_id
          LEFT JOIN order_punchout_lines AS pl ON pl.line_id = i.id), '[]'::json)`;
}

/**
 * The order's lines read again in a statement of their own. A claim that waited on the order's row
 * lock reads the lines as they were when it started (READ COMMITTED): should an approver have
 * rejected lines meanwhile, its total and lines disagree, and the service reads them anew.
 */
export async function selectSubmissionLines(db: Db, orderId: string): Promise<SubmissionLine[]> {
  const { rows } = await db.raw<{ rows: { lines: SubmissionLine[] }[] }>(
    `SELECT ${submissionLinesJson('CAST(:orderId AS uuid)')} AS lines`,
    { orderId },
  );
  return rows[0]?.lines ?? [];
}

/**
 * Claims the order for one attempt with a single conditional UPDATE … RETURNING: it succeeds only
 * when the order is in a claimable status, not in flight, has a requester address and the punchout
 * settings are complete. Concurrent claims of the same order queue on its row lock and re-check the
 * condition, so exactly one wins. The same statement copies the ship-to onto the order, keeps or
 * makes the payloadID, writes the queued ab_logs row and the audit row, and reads everything the
 * cXML document and the answer's order need. Undefined when the claim did not happen (see
 * selectClaimObstacles).
 */
export async function claimOrderForSubmission(db: Db, input: ClaimInput): Promise<ClaimedOrder | undefined> {
  const approvalSet = input.isApproval
    ? `status = 'approved', approved_by = :actorUserId::uuid, approved_at = :now,
       approval_source = CASE WHEN :actorUserId::uuid IS NULL THEN 'system' ELSE 'admin' END,`
    : '';
  const inFlightCondition =
    input.inFlightBefore === null
      ? 'o.submission_started_at IS NULL'
      : 'o.submission_started_at < :inFlightBefore::timestamptz';
  // Prepared: the statement has four shapes, each parsed and planned once per connection.
  const result = await preparedRaw(
    db.raw<{ rows: ClaimedOrder[] }>(
      `
    WITH settings AS (${PUNCHOUT_TARGET_SQL}),
    claimed AS (
      UPDATE orders AS o SET ${approvalSet}
        ship_to_full_name = a.full_name,
        ship_to_street_line1 = a.street_line1,
        ship_to_street_line2 = a.street_line2,
        ship_to_city = a.city,
        ship_to_state = a.state,
        ship_to_postal_code = a.postal_code,
        ship_to_country = a.country,
        ship_to_phone = a.phone,
        payload_id = coalesce(o.payload_id, o.order_number || '.' || :payloadIdSuffix::text),
        submission_started_at = :now,
        submission_attempts = o.submission_attempts + 1,
        updated_at = :now
      FROM shipping_addresses AS a, settings AS s
      WHERE o.id = :orderId
        AND a.user_id = o.user_id
        AND s.target_url IS NOT NULL AND s.identity IS NOT NULL AND s.shared_secret_encrypted IS NOT NULL
        AND o.status = ANY(:fromStatuses::text[])
        AND ${inFlightCondition}
      RETURNING o.id, o.order_number, o.display_seq, o.status, o.user_id, o.user_email,
        o.total_amount::text AS total_amount, o.notes, o.delivery_location, o.priority, o.rejection_reason,
        o.is_urgent, o.urgent_reason, o.delivery_note, o.created_at, o.payload_id, o.submission_attempts, o.over_budget, o.over_limit, o.order_limit::text AS order_limit,
        a.full_name, a.street_line1, a.street_line2, a.city, a.state, a.postal_code, a.country, a.phone
    ),
    logged AS (
      INSERT INTO ab_logs (order_id, action, status, test_mode, payload_id, target_url, request_summary, created_at)
      SELECT c.id, 'ORDER_SUBMISSION', 'queued', s.test_mode, c.payload_id, s.target_url,
        jsonb_build_object('mode', :mode::text, 'attempt', c.submission_attempts), :now
      FROM claimed AS c, settings AS s
      RETURNING id
    ),
    audited AS (
      INSERT INTO audit_events
        (actor_user_id, actor_label, action, target_type, target_id, outcome, client_address, request_id, details)
      SELECT :actorUserId::uuid, :actorLabel, 'order.' || :mode::text, 'order', c.id::text, 'success',
        :clientAddress, :requestId,
        jsonb_build_object('from', CASE WHEN :isApproval::boolean THEN 'pending' ELSE c.status END,
                           'payload_id', c.payload_id)
      FROM claimed AS c
    ),
    approval AS (
      INSERT INTO order_approvals (order_id, level, approver_user_id, approver_label, approved_at)
      SELECT c.id, :approvalLevel::int, :actorUserId::uuid, :actorLabel, :now
      FROM claimed AS c WHERE :approvalLevel::int IS NOT NULL
    ),
    approval_event AS (
      INSERT INTO order_events (order_id, event_type, actor_user_id, actor_label, occurred_at, details)
      SELECT c.id, 'approved', :actorUserId::uuid, :actorLabel, :now,
        jsonb_build_object('level', :approvalLevel::int)
      FROM claimed AS c WHERE :approvalLevel::int IS NOT NULL
    )
    SELECT c.*, s.target_url, s.identity, s.shared_secret_encrypted, s.test_mode, s.supplier_identity, l.id AS log_id,
      p.first_name, p.last_name, p.username,
      cs.name AS company_name, cs.bill_to_street, cs.bill_to_city, cs.bill_to_state, cs.bill_to_postal_code,
      cs.bill_to_country, report_company_timezone() AS company_timezone,
      ${submissionLinesJson('c.id')} AS lines,
      coalesce((
        SELECT json_agg(json_build_object(
                 'level', oa.level, 'approver_user_id', oa.approver_user_id, 'approver_label', oa.approver_label,
                 'approved_at', oa.approved_at
               ) ORDER BY oa.level)
        FROM order_approvals AS oa WHERE oa.order_id = c.id), '[]'::json) AS approvals
    FROM claimed AS c
    CROSS JOIN settings AS s
    CROSS JOIN logged AS l
    LEFT JOIN profiles AS p ON p.user_id = c.user_id
    LEFT JOIN company_settings AS cs ON cs.id = 1`,
      {
        orderId: input.orderId,
        fromStatuses: [...input.fromStatuses],
        isApproval: input.isApproval,
        inFlightBefore: input.inFlightBefore,
        payloadIdSuffix: input.payloadIdSuffix,
        approvalLevel: input.approvalLevel,
        mode: input.mode,
        now: input.now,
        actorUserId: input.actorUserId,
        actorLabel: input.actorLabel,
        clientAddress: input.clientAddress,
        requestId: input.requestId,
      },
    ),
  );
  return result.rows[0];
}

export interface ClaimObstacles {
  /** null when the order does not exist. */
  status: string | null;
  submission_started_at: Date | null;
  has_address: boolean;
  is_configured: boolean;
}

/** Why a claim did not happen: read only after a refused claim, never on the way of a successful one. */
export async function selectClaimObstacles(db: Db, orderId: string): Promise<ClaimObstacles> {
  const result = await db.raw<{ rows: ClaimObstacles[] }>(
    `
    WITH settings AS (${PUNCHOUT_TARGET_SQL})
    SELECT o.status, o.submission_started_at, (a.user_id IS NOT NULL) AS has_address,
      coalesce(s.target_url IS NOT NULL AND s.identity IS NOT NULL AND s.shared_secret_encrypted IS NOT NULL, false)
        AS is_configured
    FROM (SELECT 1) AS one
    LEFT JOIN orders AS o ON o.id = :orderId
    LEFT JOIN shipping_addresses AS a ON a.user_id = o.user_id
    LEFT JOIN settings AS s ON true`,
    { orderId },
  );
  const row = result.rows[0];
  return row ?? { status: null, submission_started_at: null, has_address: false, is_configured: false };
}

export interface FinishInput {
  orderId: string;
  logId: string;
  isAccepted: boolean;
  finishedAt: Date;
  supplierOrderId: string | null;
  /** The cXML `To` identity the order was sent to (the scorecard groups by it). */
  supplierIdentity: string;
  failureReason: string | null;
  log: {
    http_status: number | null;
    error: string | null;
    request_xml: string;
    response_body: string | null;
    request_summary: Record<string, unknown>;
  };
  audit: {
    actorUserId: string | null;
    actorLabel: string;
    clientAddress: string | null;
    requestId: string | null;
    details: Record<string, unknown>;
  };
  mail: {
    to_address: string;
    subject: string;
    text_body: string;
    template: string;
    status: 'pending' | 'logged';
    created_at: Date;
  };
}

/**
 * Records an attempt's outcome in one statement: the order submitted or failed (leaving flight),
 * the ab_logs row completed, the audit row and the requester's mail in the outbox. Returns the
 * outbox row's id.
 */
export async function finishSubmission(db: Db, input: FinishInput): Promise<string> {
  const orderSet = input.isAccepted
    ? `status = 'submitted', submitted_at = :finishedAt, supplier_order_id = :supplierOrderId,
       supplier_identity = :supplierIdentity, rejection_reason = NULL`
    : `status = 'failed', failed_at = :finishedAt, rejection_reason = :failureReason`;
  const result = await preparedRaw(
    db.raw<{ rows: { mail_id: string }[] }>(
      `
    WITH finished AS (
      UPDATE orders SET ${orderSet}, submission_started_at = NULL, updated_at = :finishedAt
      WHERE id = :orderId
    ),
    logged AS (
      UPDATE ab_logs SET status = :logStatus, http_status = :httpStatus, error = :logError,
        request_xml = :requestXml, response_body = :responseBody, request_summary = :requestSummary::jsonb
      WHERE id = :logId
    ),
    audited AS (
      INSERT INTO audit_events
        (actor_user_id, actor_label, action, target_type, target_id, outcome, client_address, request_id, details)
      VALUES (:actorUserId::uuid, :actorLabel, :auditAction, 'order', :orderId, :auditOutcome, :clientAddress,
        :requestId, :auditDetails::jsonb)
    )
    INSERT INTO email_outbox (to_address, subject, text_body, template, status, created_at)
    VALUES (:mailTo, :mailSubject, :mailText, :mailTemplate, :mailStatus, :mailCreatedAt)
    RETURNING id AS mail_id`,
      {
        orderId: input.orderId,
        logId: input.logId,
        finishedAt: input.finishedAt,
        supplierOrderId: input.supplierOrderId,
        supplierIdentity: input.supplierIdentity,
        failureReason: input.failureReason,
        logStatus: input.isAccepted ? 'success' : 'failed',
        httpStatus: input.log.http_status,
        logError: input.log.error,
        requestXml: input.log.request_xml,
        responseBody: input.log.response_body,
        requestSummary: JSON.stringify(input.log.request_summary),
        actorUserId: input.audit.actorUserId,
        actorLabel: input.audit.actorLabel,
        auditAction: input.isAccepted ? 'order.submitted' : 'order.submission_failed',
        // A refused or failed submission is a failure in the log, whoever asked for it.
        auditOutcome: input.isAccepted ? 'success' : 'failure',
        clientAddress: input.audit.clientAddress,
        requestId: input.audit.requestId,
        auditDetails: JSON.stringify(input.audit.details),
        mailTo: input.mail.to_address,
        mailSubject: input.mail.subject,
        mailText: input.mail.text_body,
        mailTemplate: input.mail.template,
        mailStatus: input.mail.status,
        mailCreatedAt: input.mail.created_at,
      },
    ),
  );
  const row = result.rows[0];
  if (!row) throw new Error('recording the submission outcome returned nothing');
  return row.mail_id;
}

/** What a test OrderRequest needs: the supplier settings and the company's name and bill-to address. */
export interface TestOrderSettings extends CompanyBillTo, Omit<OutboundCredentialsRow, 'test_mode'> {}

export function selectTestOrderSettings(db: Db): Promise<TestOrderSettings | undefined> {
  return db('punchout_settings AS p')
    .leftJoin('company_settings AS c', 'c.id', 'p.id')
    .where('p.id', 1)
    .first(
      'p.punchout_url',
      'p.test_punchout_url',
      'p.identity',
      'p.shared_secret_encrypted',
      'p.supplier_identity',
      'c.name AS company_name',
      'c.bill_to_street',
      'c.bill_to_city',
      'c.bill_to_state',
      'c.bill_to_postal_code',
      'c.bill_to_country',
    );
}

export async function insertAbLog(db: Db, row: Record<string, unknown>): Promise<string> {
  const [inserted] = await db('ab_logs').insert(row).returning<{ id: string }[]>('id');
  if (!inserted) throw new Error('insert into ab_logs returned nothing');
  return inserted.id;
}

/** Orders whose submission started and never finished (the process died in between). */
export function selectOrdersLeftInFlight(db: Db, startedBefore: Date): Promise<{ id: string }[]> {
  return db('orders')
    .whereIn('status', ['approved', 'failed'])
    .whereNotNull('submission_started_at')
    .where('submission_started_at', '<', startedBefore)
    .orderBy('submission_started_at')
    .limit(50)
    .select('id');
}

export type AbLogRow = Omit<AbLogEntry, 'created_at'> & { created_at: Date };

export function selectLatestAbLogs(db: Db, limit: number): Promise<AbLogRow[]> {
  return db('ab_logs')
    .leftJoin('orders', 'orders.id', 'ab_logs.order_id')
    .orderBy('ab_logs.created_at', 'desc')
    .limit(limit)
    .select(
      'ab_logs.id',
      'ab_logs.order_id',
      'orders.order_number',
      'ab_logs.action',
      'ab_logs.status',
      'ab_logs.http_status',
      'ab_logs.test_mode',
      'ab_logs.created_at',
      'ab_logs.error',
      'ab_logs.request_xml',
      'ab_logs.response_body',
      'ab_logs.request_summary',
      'ab_logs.payload_id',
      'ab_logs.target_url',
    );
}
