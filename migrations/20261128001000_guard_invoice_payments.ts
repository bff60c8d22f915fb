import type { Knex } from 'knex';

/**
 * One supplier invoice is paid once, and never for more than was received.
 *
 * - A supplier's invoiceID identifies one document in force: a unique index over (supplier_identity,
 *   invoice_id) of every invoice and credit memo not disputed or withdrawn (a disputed invoice's
 *   number may be sent again, corrected). Existing duplicates are resolved first: per number, the
 *   invoice already ready to pay (else the earliest) stays; the others become withdrawn, with a
 *   reason naming the one that stays, so the ready-to-pay list holds each number once.
 * - The supplier withdraws a document that is not ready to pay (status withdrawn, operation="delete")
 *   and corrects one that is with a credit memo: purpose creditMemo, status credit, negative
 *   quantities and amounts, referring to the invoice it credits (credited_invoice_id).
 * - Per order line, what ready-to-pay invoices bill (matched or accepted) never exceeds what was
 *   received, in quantity, nor in amount beyond received × the highest unit price accepted on the
 *   line. Deferred constraint triggers check it at commit of every write that could break it
 *   (invoices becoming ready to pay, their lines, receipts removed), under the order's row lock,
 *   which every invoice and receipt writer of the order takes: two transactions cannot both spend
 *   the same received goods. Credit memos do not count towards it (a credit only lowers what is
 *   paid), so the check never depends on them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE invoices
      ADD COLUMN purpose text NOT NULL DEFAULT 'standard',
      ADD COLUMN credited_invoice_id uuid REFERENCES invoices (id) ON DELETE RESTRICT,
      ADD COLUMN withdrawn_at timestamptz,
      ADD COLUMN withdrawn_by_payload_id text`);
  await knex.raw('ALTER TABLE invoices DROP CONSTRAINT invoices_status_check');
  await knex.raw('ALTER TABLE invoices DROP CONSTRAINT invoices_decision_check');
  await knex.raw(`
    ALTER TABLE invoices
      ADD CONSTRAINT invoices_status_check CHECK (
        (purpose = 'standard' AND status IN ('matched', 'exception', 'accepted', 'disputed', 'withdrawn'))
        OR (purpose = 'creditMemo' AND status IN ('credit', 'withdrawn'))),
      ADD CONSTRAINT invoices_credit_check CHECK ((purpose = 'creditMemo') = (credited_invoice_id IS NOT NULL)),
      ADD CONSTRAINT invoices_withdrawn_check CHECK ((status = 'withdrawn') = (withdrawn_at IS NOT NULL)),
      -- A decided invoice keeps its decision when it gives way to an earlier one of its number.
      ADD CONSTRAINT invoices_decision_check CHECK (
        (status NOT IN ('accepted', 'disputed') OR decided_at IS NOT NULL)
        AND (status NOT IN ('matched', 'exception', 'credit') OR decided_at IS NULL))`);
  await knex.raw('ALTER TABLE invoice_lines DROP CONSTRAINT invoice_lines_quantity_check');
  await knex.raw('ALTER TABLE invoice_lines ADD CONSTRAINT invoice_lines_quantity_check CHECK (quantity <> 0)');

  await knex.raw(`
    WITH ranked AS (
      SELECT id,
             row_number() OVER numbered AS position,
             first_value(id) OVER numbered AS kept_id
        FROM invoices
       WHERE status <> 'disputed'
      WINDOW numbered AS (PARTITION BY supplier_identity, invoice_id
                          ORDER BY status IN ('matched', 'accepted') DESC, received_at, id))
    UPDATE invoices AS i
       SET status = 'withdrawn',
           withdrawn_at = now(),
           reasons = i.reasons || jsonb_build_array(format(
             'Withdrawn: invoice %s of this supplier received on %s (payloadID %s) stays in force; an invoice number is paid once',
             kept.invoice_id, to_char(kept.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), kept.payload_id))
      FROM ranked
      JOIN invoices AS kept ON kept.id = ranked.kept_id
     WHERE i.id = ranked.id AND ranked.position > 1`);
  await knex.raw(`
    CREATE UNIQUE INDEX invoices_supplier_invoice_in_force_unique ON invoices (supplier_identity, invoice_id)
      WHERE status NOT IN ('disputed', 'withdrawn')`);
  await knex.raw(
    'CREATE INDEX invoices_credited_invoice_index ON invoices (credited_invoice_id) WHERE credited_invoice_id IS NOT NULL',
  );

  // p_line_numbers: the order lines to check (null: all of them).
  await knex.raw(`
    CREATE FUNCTION invoices_assert_within_received(p_order_id uuid, p_line_numbers integer[])
    RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      excess record;
    BEGIN
      PERFORM 1 FROM orders WHERE id = p_order_id FOR NO KEY UPDATE;
      SELECT billed.line_number, billed.quantity, billed.amount, billed.highest_price,
             coalesce(received.quantity, 0) AS received
        INTO excess
        FROM (SELECT l.line_number, sum(l.quantity) AS quantity, sum(l.quantity * l.unit_price) AS amount,
                     max(l.unit_price) AS highest_price
                FROM invoice_lines l
                JOIN invoices i ON i.id = l.invoice_id
               WHERE i.order_id = p_order_id AND i.purpose = 'standard' AND i.status IN ('matched', 'accepted')
                 AND (p_line_numbers IS NULL OR l.line_number = ANY (p_line_numbers))
               GROUP BY l.line_number) AS billed
        LEFT JOIN (SELECT rl.line_number, sum(rl.quantity) AS quantity
                     FROM order_receipt_lines rl
                     JOIN order_receipts r ON r.id = rl.receipt_id
                    WHERE r.order_id = p_order_id
                    GROUP BY rl.line_number) AS received USING (line_number)
       WHERE billed.quantity > coalesce(received.quantity, 0)
          OR billed.amount > coalesce(received.quantity, 0) * billed.highest_price
       ORDER BY billed.line_number
       LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'Order line % would be ready to pay for % (%), but % received',
            excess.line_number, excess.quantity, excess.amount, excess.received
          USING ERRCODE = 'check_violation', CONSTRAINT = 'invoices_within_received';
      END IF;
    END $$`);
  await knex.raw(`
    CREATE FUNCTION invoices_within_received_invoice_written() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM invoices_assert_within_received(NEW.order_id,
        ARRAY(SELECT DISTINCT line_number FROM invoice_lines WHERE invoice_id = NEW.id));
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE CONSTRAINT TRIGGER invoices_within_received_invoice AFTER INSERT OR UPDATE OF status, purpose, order_id
      ON invoices DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN (NEW.purpose = 'standard' AND NEW.status IN ('matched', 'accepted'))
      EXECUTE FUNCTION invoices_within_received_invoice_written()`);
  await knex.raw(`
    CREATE FUNCTION invoices_within_received_line_written() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM invoices_assert_within_received(i.order_id, ARRAY[NEW.line_number])
         FROM invoices i
        WHERE i.id = NEW.invoice_id AND i.purpose = 'standard' AND i.status IN ('matched', 'accepted');
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE CONSTRAINT TRIGGER invoices_within_received_line
      AFTER INSERT OR UPDATE OF quantity, unit_price, line_number, invoice_id
      ON invoice_lines DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      EXECUTE FUNCTION invoices_within_received_line_written()`);
  await knex.raw(`
    CREATE FUNCTION invoices_within_received_receipt_line_removed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM invoices_assert_within_received(r.order_id, ARRAY[OLD.line_number])
         FROM order_receipts r WHERE r.id = OLD.receipt_id;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE CONSTRAINT TRIGGER invoices_within_received_receipt_line
      AFTER DELETE OR UPDATE OF quantity, line_number, receipt_id
      ON order_receipt_lines DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      EXECUTE FUNCTION invoices_within_received_receipt_line_removed()`);
  // Lines removed with their receipt no longer find it at commit: the receipt checks its order.
  await knex.raw(`
    CREATE FUNCTION invoices_within_received_receipt_removed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM invoices_assert_within_received(OLD.order_id, NULL);
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE CONSTRAINT TRIGGER invoices_within_received_receipt AFTER DELETE OR UPDATE OF order_id
      ON order_receipts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      EXECUTE FUNCTION invoices_within_received_receipt_removed()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS invoices_within_received_receipt ON order_receipts');
  await knex.raw('DROP TRIGGER IF EXISTS invoices_within_received_receipt_line ON order_receipt_lines');
  await knex.raw('DROP TRIGGER IF EXISTS invoices_within_received_line ON invoice_lines');
  await knex.raw('DROP TRIGGER IF EXISTS invoices_within_received_invoice ON invoices');
  for (const fn of [
    'invoices_within_received_receipt_removed()',
    'invoices_within_received_receipt_line_removed()',
    'invoices_within_received_line_written()',
    'invoices_within_received_invoice_written()',
    'invoices_assert_within_received(uuid, integer[])',
  ]) {
    await knex.raw(`DROP FUNCTION IF EXISTS ${fn}`);
  }
  await knex.raw('DROP INDEX IF EXISTS invoices_credited_invoice_index');
  await knex.raw('DROP INDEX IF EXISTS invoices_supplier_invoice_in_force_unique');
  // Without credit memos and withdrawals: credit memos go, a withdrawn invoice reads as disputed.
  await knex('invoices').where({ purpose: 'creditMemo' }).delete();
  await knex.raw(`
    UPDATE invoices
       SET status = 'disputed',
           decided_at = coalesce(decided_at, withdrawn_at),
           decided_by_label = coalesce(decided_by_label, 'Supplier'),
           decision_note = coalesce(decision_note, 'Withdrawn by the supplier')
     WHERE status = 'withdrawn'`);
  await knex.raw('ALTER TABLE invoice_lines DROP CONSTRAINT invoice_lines_quantity_check');
  await knex.raw('ALTER TABLE invoice_lines ADD CONSTRAINT invoice_lines_quantity_check CHECK (quantity > 0)');
  for (const constraint of ['invoices_decision_check', 'invoices_withdrawn_check', 'invoices_credit_check']) {
    await knex.raw(`ALTER TABLE invoices DROP CONSTRAINT ${constraint}`);
  }
  await knex.raw('ALTER TABLE invoices DROP CONSTRAINT invoices_status_check');
  await knex.raw(`
    ALTER TABLE invoices
      ADD CONSTRAINT invoices_status_check CHECK (status IN ('matched', 'exception', 'accepted', 'disputed')),
      ADD CONSTRAINT invoices_decision_check CHECK ((status IN ('accepted', 'disputed')) = (decided_at IS NOT NULL))`);
  await knex.raw(`
    ALTER TABLE invoices
      DROP COLUMN withdrawn_by_payload_id,
      DROP COLUMN withdrawn_at,
      DROP COLUMN credited_invoice_id,
      DROP COLUMN purpose`);
}
