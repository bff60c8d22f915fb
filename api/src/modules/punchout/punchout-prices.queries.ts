import type { Db } from '../../database/connection.js';
import type { LastSupplierPrice, QuotedPart } from './punchout-prices.rules.js';

/**
 * The last price seen for each part (supplier part id and unit), from two sources: the PunchOut
 * lines of earlier orders (o.created_at) and the lines of earlier returned carts (returned_at),
 * leaving out the sessions given (the lines being checked came from them). A price that was itself
 * a drop is left out too, unless the supplier took the order it was on (status submitted): else a
 * cart edited to a low price, returned once and never ordered, would make the next one look normal.
 */
export async function selectLastPrices(
  db: Db,
  parts: readonly QuotedPart[],
  excludedSessionIds: readonly string[],
): Promise<LastSupplierPrice[]> {
  if (parts.length === 0) return [];
  const { rows } = await db.raw<{ rows: LastSupplierPrice[] }>(
    `SELECT wanted.supplier_part_id, wanted.unit_of_measure, last.unit_price::text AS unit_price,
            last.order_number, last.seen_at
       FROM (SELECT DISTINCT supplier_part_id, unit_of_measure
               FROM jsonb_to_recordset(CAST(:parts AS jsonb)) AS p (supplier_part_id text, unit_of_measure text)
            ) AS wanted
       CROSS JOIN LATERAL (
         SELECT candidate.* FROM (
           (SELECT i.unit_price, o.order_number, o.created_at AS seen_at
              FROM order_items AS i
              JOIN order_punchout_lines AS pl ON pl.line_id = i.id
              JOIN orders AS o ON o.id = i.order_id
             WHERE i.asin = wanted.supplier_part_id AND i.product_id IS NULL
               AND pl.unit_of_measure = wanted.unit_of_measure
               AND (pl.previous_unit_price IS NULL OR o.status = 'submitted')
               AND NOT coalesce(pl.session_id = ANY(CAST(:sessions AS uuid[])), false)
             ORDER BY o.created_at DESC
             LIMIT 1)
           UNION ALL
           (SELECT r.unit_price, NULL::text, r.returned_at
              FROM punchout_returned_lines AS r
             WHERE r.supplier_part_id = wanted.supplier_part_id AND r.unit_of_measure = wanted.unit_of_measure
               AND NOT r.is_price_drop
               AND NOT r.session_id = ANY(CAST(:sessions AS uuid[]))
             ORDER BY r.returned_at DESC
             LIMIT 1)
         ) AS candidate
         ORDER BY candidate.seen_at DESC
         LIMIT 1
       ) AS last`,
    {
      parts: JSON.stringify(
        parts.map((part) => ({ supplier_part_id: part.supplier_part_id, unit_of_measure: part.unit_of_measure })),
      ),
      sessions: `{${excludedSessionIds.join(',')}}`,
    },
  );
  return rows;
}

export interface ReturnedLineInsert extends QuotedPart {
  line_number: number;
  is_price_drop: boolean;
}

/** Keeps a returned cart's prices: they outlive the cart lines, which are ordered or removed. */
export async function insertReturnedLines(
  db: Db,
  sessionId: string,
  lines: readonly ReturnedLineInsert[],
  returnedAt: Date,
): Promise<void> {
  if (lines.length === 0) return;
  await db('punchout_returned_lines').insert(
    lines.map((line) => ({
      session_id: sessionId,
      line_number: line.line_number,
      supplier_part_id: line.supplier_part_id,
      unit_of_measure: line.unit_of_measure,
      unit_price: line.unit_price,
      returned_at: returnedAt,
      is_price_drop: line.is_price_drop,
    })),
  );
}
