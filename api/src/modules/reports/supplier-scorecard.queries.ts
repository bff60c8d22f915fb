import type { ScorecardMeasure } from '../../contracts/supplier-scorecard.js';
import type { Db } from '../../database/connection.js';
import { monthRange, type ScorecardCounts } from './supplier-scorecard.rules.js';

/**
 * One row of facts per order sent to a supplier on a day from..to (company timezone). The line
 * quantities follow the fulfilment derivation (order-fulfilment.queries.ts, fulfilment.rules.ts):
 * per line, the newest confirmation in force that names it, or a whole-order accept or reject. The
 * scorecard counts these facts and the orders list filters on them, so a figure and its link always
 * count the same orders. Bindings, in order: the default supplier identity (SUPPLIER_IDENTITY), the
 * first and last day, and now (what is due).
 */
const ORDER_FACTS_SQL = `
  WITH params AS (
    SELECT CAST(? AS text) AS default_identity, CAST(? AS date) AS from_day, CAST(? AS date) AS to_day,
           CAST(? AS timestamptz) AS now, report_company_timezone() AS tz
  ),
  scope AS (
    SELECT o.id, o.submitted_at,
           coalesce(o.supplier_identity, ps.supplier_identity, params.default_identity) AS supplier_identity,
           to_char(o.submitted_at AT TIME ZONE params.tz, 'YYYY-MM') AS month
      FROM orders o CROSS JOIN params LEFT JOIN punchout_settings ps ON ps.id = 1
     WHERE o.status = 'submitted'
       AND o.submitted_at >= (params.from_day::timestamp AT TIME ZONE params.tz)
       AND o.submitted_at < ((params.to_day + 1)::timestamp AT TIME ZONE params.tz)
  ),
  first_acks AS (
    SELECT c.order_id, min(c.created_at) AS first_ack_at
      FROM supplier_confirmations c JOIN scope ON scope.id = c.order_id
     GROUP BY c.order_id
  ),
  current_confirmations AS (
    SELECT c.id, c.order_id, c.confirmation_type,
           NOT EXISTS (SELECT 1 FROM supplier_confirmation_lines x WHERE x.confirmation_id = c.id) AS is_whole
      FROM supplier_confirmations c JOIN scope ON scope.id = c.order_id
     WHERE c.replaced_by_id IS NULL
  ),
  mentioned AS (
    SELECT cc.order_id, x.line_number, max(cc.id) AS id
      FROM current_confirmations cc JOIN supplier_confirmation_lines x ON x.confirmation_id = cc.id
     GROUP BY cc.order_id, x.line_number
  ),
  whole_order AS (
    SELECT cc.order_id, max(cc.id) AS id
      FROM current_confirmations cc
     WHERE cc.is_whole AND cc.confirmation_type IN ('accept', 'reject')
     GROUP BY cc.order_id
  ),
  chosen AS (
    SELECT i.order_id, i.line_number, cc.id AS confirmation_id, cc.confirmation_type, cc.is_whole
      FROM order_items i JOIN scope ON scope.id = i.order_id
      LEFT JOIN mentioned m ON m.order_id = i.order_id AND m.line_number = i.line_number
      LEFT JOIN whole_order w ON w.order_id = i.order_id
      JOIN current_confirmations cc ON cc.id = greatest(m.id, w.id)
  ),
  confirmed_lines AS (
    SELECT ch.order_id, ch.line_number,
           sum(x.quantity) FILTER (WHERE x.status IN ('accept', 'allDetail', 'detail')) AS confirmed,
           sum(x.quantity) FILTER (WHERE x.status = 'backordered') AS backordered,
           sum(x.quantity) FILTER (WHERE x.status = 'reject') AS rejected,
           max(x.delivery_date) AS delivery_date,
           -- As the order page's review flag: a detail status naming another price or another part.
           bool_or(x.status IN ('detail', 'allDetail') AND x.unit_price IS NOT NULL
                   AND x.unit_price <> i.unit_price) AS is_price_changed,
           bool_or(x.status IN ('detail', 'allDetail') AND x.supplier_part_id IS NOT NULL
                   AND x.supplier_part_id <> i.asin) AS is_substituted
      FROM chosen ch
      JOIN order_items i ON i.order_id = ch.order_id AND i.line_number = ch.line_number
      JOIN supplier_confirmation_lines x ON x.confirmation_id = ch.confirmation_id AND x.line_number = ch.line_number
     GROUP BY ch.order_id, ch.line_number
  ),
  current_shipments AS (
    SELECT s.id, s.order_id, s.delivery_date
      FROM shipments s JOIN scope ON scope.id = s.order_id
     WHERE s.replaced_by_id IS NULL AND s.withdrawn_at IS NULL
  ),
  shipment_dates AS (
    SELECT cs.order_id, max(cs.delivery_date) AS delivery_date FROM current_shipments cs GROUP BY cs.order_id
  ),
  shipped_lines AS (
    SELECT cs.order_id, sl.line_number, sum(sl.quantity) AS shipped
      FROM current_shipments cs JOIN shipment_lines sl ON sl.shipment_ref = cs.id
     GROUP BY cs.order_id, sl.line_number
  ),
  received_lines AS (
    SELECT r.order_id, rl.line_number, sum(rl.quantity) AS received,
           bool_or(rl.condition = 'damaged') AS is_damaged, bool_or(rl.condition = 'short') AS is_short
      FROM order_receipts r JOIN scope ON scope.id = r.order_id JOIN order_receipt_lines rl ON rl.receipt_id = r.id
     GROUP BY r.order_id, rl.line_number
  ),
  last_receipts AS (
    SELECT r.order_id, max(r.created_at) AS received_at
      FROM order_receipts r JOIN scope ON scope.id = r.order_id
     GROUP BY r.order_id
  ),
  lines AS (
    SELECT i.order_id, i.quantity AS ordered,
           CASE WHEN ch.is_whole THEN (CASE WHEN ch.confirmation_type = 'accept' THEN i.quantity ELSE 0 END)
                ELSE coalesce(cl.confirmed, 0) END AS confirmed,
           coalesce(cl.backordered, 0) AS backordered,
           CASE WHEN ch.is_whole AND ch.confirmation_type <> 'accept' THEN i.quantity
                ELSE coalesce(cl.rejected, 0) END AS rejected,
           coalesce(cl.is_price_changed, false) AS is_price_changed,
           coalesce(cl.is_substituted, false) AS is_substituted,
           cl.delivery_date,
           coalesce(sh.shipped, 0) AS shipped,
           coalesce(rc.received, 0) AS received,
           coalesce(rc.is_damaged, false) AS is_damaged,
           coalesce(rc.is_short, false) AS is_short
      FROM order_items i JOIN scope ON scope.id = i.order_id
      LEFT JOIN chosen ch ON ch.order_id = i.order_id AND ch.line_number = i.line_number
      LEFT JOIN confirmed_lines cl ON cl.order_id = i.order_id AND cl.line_number = i.line_number
      LEFT JOIN shipped_lines sh ON sh.order_id = i.order_id AND sh.line_number = i.line_number
      LEFT JOIN received_lines rc ON rc.order_id = i.order_id AND rc.line_number = i.line_number
  ),
  per_order AS (
    SELECT s.id, s.supplier_identity, s.month, s.submitted_at, fa.first_ack_at, lr.received_at,
           coalesce(sum(l.ordered), 0) AS units_ordered,
           coalesce(sum(least(l.confirmed, l.ordered)), 0) AS units_confirmed,
           count(l.order_id) AS lines,
           count(*) FILTER (WHERE l.backordered > 0) AS lines_backordered,
           count(*) FILTER (WHERE l.rejected > 0) AS lines_rejected,
           count(*) FILTER (WHERE l.is_price_changed) AS lines_price_changed,
           coalesce(bool_and(l.confirmed >= l.ordered AND l.backordered = 0 AND l.rejected = 0
                             AND NOT l.is_price_changed AND NOT l.is_substituted), false) AS is_confirmed_unchanged,
           coalesce(bool_and(l.shipped >= l.ordered AND NOT l.is_short), false) AS is_shipped_complete,
           coalesce(sum(l.ordered - l.rejected) > 0 AND bool_and(l.received >= l.ordered - l.rejected), false)
             AS is_received_in_full,
           coalesce(bool_or(l.is_damaged), false) AS is_damaged,
           -- The supplier's promise: its confirmation's latest delivery date, else its ship notice's.
           coalesce(max(l.delivery_date), max(sd.delivery_date)) AS promised_at
      FROM scope s
      LEFT JOIN lines l ON l.order_id = s.id
      LEFT JOIN first_acks fa ON fa.order_id = s.id
      LEFT JOIN last_receipts lr ON lr.order_id = s.id
      LEFT JOIN shipment_dates sd ON sd.order_id = s.id
     GROUP BY s.id, s.supplier_identity, s.month, s.submitted_at, fa.first_ack_at, lr.received_at
  ),
  order_invoices AS (
    SELECT inv.id, inv.order_id, inv.reasons,
           row_number() OVER (PARTITION BY inv.order_id ORDER BY inv.received_at, inv.id) AS arrival
      FROM invoices inv JOIN scope ON scope.id = inv.order_id
     WHERE inv.purpose = 'standard'
  ),
  invoice_reasons AS (
    SELECT oi.order_id, oi.arrival, r.reason
      FROM order_invoices oi CROSS JOIN LATERAL jsonb_array_elements_text(oi.reasons) AS r(reason)
    UNION ALL
    SELECT oi.order_id, oi.arrival, r.reason
      FROM order_invoices oi JOIN invoice_lines il ON il.invoice_id = oi.id
      CROSS JOIN LATERAL jsonb_array_elements_text(il.reasons) AS r(reason)
  ),
  -- The kinds of reason invoice-match.rules.ts writes, told apart by how each begins.
  exceptions AS (
    SELECT ir.order_id,
           bool_or(ir.arrival = 1) AS is_first_an_exception,
           array_agg(DISTINCT CASE
             WHEN ir.reason LIKE 'Unit price %' THEN 'price'
             WHEN ir.reason LIKE 'Order line % is not on the order%' THEN 'not_on_order'
             WHEN ir.reason LIKE 'Order line %received' THEN 'quantity'
             WHEN ir.reason LIKE 'The lines add up%' OR ir.reason LIKE 'SubtotalAmount %' THEN 'totals'
             ELSE 'other' END) AS reasons
      FROM invoice_reasons ir
     GROUP BY ir.order_id
  ),
  facts AS (
    SELECT p.*,
           p.first_ack_at IS NOT NULL AS is_acknowledged,
           coalesce(p.first_ack_at <= p.submitted_at + interval '24 hours', false) AS is_acknowledged_24h,
           p.promised_at IS NOT NULL
             AND (p.is_received_in_full
                  OR (p.promised_at AT TIME ZONE params.tz)::date < (params.now AT TIME ZONE params.tz)::date)
             AS is_delivery_due,
           coalesce(p.promised_at IS NOT NULL AND p.is_received_in_full
             AND (p.received_at AT TIME ZONE params.tz)::date <= (p.promised_at AT TIME ZONE params.tz)::date, false)
             AS is_on_time,
           CASE WHEN p.is_received_in_full THEN extract(epoch FROM p.received_at - p.submitted_at) / 86400 END
             AS lead_time_days,
           EXISTS (SELECT 1 FROM order_invoices oi WHERE oi.order_id = p.id) AS is_invoiced,
           EXISTS (SELECT 1 FROM order_invoices oi WHERE oi.order_id = p.id)
             AND NOT coalesce(e.is_first_an_exception, false) AS is_matched_first_time,
           coalesce(e.reasons, '{}') AS exception_reasons
      FROM per_order p CROSS JOIN params LEFT JOIN exceptions e ON e.order_id = p.id
  )
  SELECT f.*,
         (f.is_confirmed_unchanged AND f.is_shipped_complete AND f.is_received_in_full AND f.is_on_time
          AND NOT f.is_damaged AND f.is_matched_first_time) AS is_perfect
    FROM facts f`;

/** What each measure keeps of the facts (alias f); the scorecard's counts use the same conditions. */
const MEASURE_CONDITIONS: Record<ScorecardMeasure, string> = {
  sent: 'true',
  acknowledged: 'f.is_acknowledged',
  acknowledged_24h: 'f.is_acknowledged_24h',
  with_backorder: 'f.is_acknowledged AND f.lines_backordered > 0',
  with_rejection: 'f.is_acknowledged AND f.lines_rejected > 0',
  with_price_change: 'f.is_acknowledged AND f.lines_price_changed > 0',
  delivery_due: 'f.is_delivery_due',
  on_time: 'f.is_delivery_due AND f.is_on_time',
  received_in_full: 'f.is_received_in_full',
  invoiced: 'f.is_invoiced',
  matched_first_time: 'f.is_matched_first_time',
  exception_price: `'price' = ANY(f.exception_reasons)`,
  exception_quantity: `'quantity' = ANY(f.exception_reasons)`,
  exception_not_on_order: `'not_on_order' = ANY(f.exception_reasons)`,
  exception_totals: `'totals' = ANY(f.exception_reasons)`,
  exception_other: `'other' = ANY(f.exception_reasons)`,
  perfect: 'f.is_perfect',
};

const count = (measure: ScorecardMeasure) => `count(*) FILTER (WHERE ${MEASURE_CONDITIONS[measure]})::int`;

const SCORECARD_SQL = `
  SELECT f.supplier_identity, f.month,
         count(*)::int AS orders_sent,
         ${count('acknowledged')} AS orders_acknowledged,
         ${count('acknowledged_24h')} AS orders_acknowledged_24h,
         coalesce(sum(f.units_ordered) FILTER (WHERE f.is_acknowledged), 0)::int AS units_ordered,
         coalesce(sum(f.units_confirmed) FILTER (WHERE f.is_acknowledged), 0)::int AS units_confirmed,
         coalesce(sum(f.lines) FILTER (WHERE f.is_acknowledged), 0)::int AS lines_acknowledged,
         coalesce(sum(f.lines_backordered) FILTER (WHERE f.is_acknowledged), 0)::int AS lines_backordered,
         coalesce(sum(f.lines_rejected) FILTER (WHERE f.is_acknowledged), 0)::int AS lines_rejected,
         coalesce(sum(f.lines_price_changed) FILTER (WHERE f.is_acknowledged), 0)::int AS lines_price_changed,
         ${count('with_backorder')} AS orders_with_backorder,
         ${count('with_rejection')} AS orders_with_rejection,
         ${count('with_price_change')} AS orders_with_price_change,
         ${count('delivery_due')} AS orders_delivery_due,
         ${count('on_time')} AS orders_on_time,
         ${count('received_in_full')} AS orders_received_in_full,
         coalesce(array_agg(f.lead_time_days::float8) FILTER (WHERE f.is_received_in_full), '{}') AS lead_times_days,
         ${count('invoiced')} AS orders_invoiced,
         ${count('matched_first_time')} AS orders_matched_first_time,
         ${count('exception_price')} AS exceptions_price,
         ${count('exception_quantity')} AS exceptions_quantity,
         ${count('exception_not_on_order')} AS exceptions_not_on_order,
         ${count('exception_totals')} AS exceptions_totals,
         ${count('exception_other')} AS exceptions_other,
         ${count('perfect')} AS orders_perfect
    FROM (${ORDER_FACTS_SQL}) f
   GROUP BY f.supplier_identity, f.month
   ORDER BY f.supplier_identity, f.month`;

export interface ScorecardScope {
  from: string;
  to: string;
  now: Date;
  /** Stands in for orders and settings that name no supplier identity (SUPPLIER_IDENTITY). */
  defaultIdentity: string;
}

const scopeBindings = (scope: ScorecardScope) => [scope.defaultIdentity, scope.from, scope.to, scope.now];

/** The scorecard's counts per supplier identity and month. */
export async function selectScorecardCounts(db: Db, scope: ScorecardScope): Promise<ScorecardCounts[]> {
  const { rows } = await db.raw<{ rows: ScorecardCounts[] }>(SCORECARD_SQL, scopeBindings(scope));
  return rows;
}

/**
 * `orders.id` among the orders one figure counts, for the admin orders list: the orders sent in the
 * scope (optionally to one supplier) that the measure keeps. Wrapped in IS TRUE for the reason
 * fulfilmentFilterSql gives: the facts are computed once into a hashed subplan.
 */
export function scorecardFilterSql(filter: {
  /** 'YYYY-MM'; without one, every order sent so far. */
  month?: string;
  supplier?: string;
  measure: ScorecardMeasure;
  now: Date;
  defaultIdentity: string;
}) {
  const range = filter.month ? monthRange(filter.month) : { from: '2000-01-01', to: '2999-12-31' };
  const scope = { ...range, now: filter.now, defaultIdentity: filter.defaultIdentity };
  const supplier = filter.supplier === undefined ? '' : ' AND f.supplier_identity = ?';
  return {
    sql: `(orders.id IN (SELECT f.id FROM (${ORDER_FACTS_SQL}) f WHERE ${MEASURE_CONDITIONS[filter.measure]}${supplier})) IS TRUE`,
    bindings: [...scopeBindings(scope), ...(filter.supplier === undefined ? [] : [filter.supplier])],
  };
}
