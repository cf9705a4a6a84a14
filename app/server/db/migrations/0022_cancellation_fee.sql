-- The cancellation fee as an instalment (issue 26, items "cancellations" and "invoices"). When a
-- customer's cancellation costs more than was paid, the rest is owed: the cancellation adds an
-- instalment of kind 'fee' with a due day, so the ledger's allocation (migration 0017) pays it from
-- later entries, the booking shows "offen"/"überfällig" for it, and the scheduled notices (0020)
-- and the office's debit run (0019) cover it. One per booking, like every kind.
ALTER TABLE payments DROP CONSTRAINT payments_kind_check;
--> statement-breakpoint
ALTER TABLE payments ADD CONSTRAINT payments_kind_check CHECK (kind IN ('deposit', 'balance', 'full', 'fee'));
--> statement-breakpoint
-- What the cancellation said, as the customer was told it (the day, the tier, the money in and the
-- refund or the rest owed): the Stornorechnung is made from it whenever it is printed again, so a
-- payment that comes in later does not change the document. Null while the booking is not cancelled.
ALTER TABLE bookings ADD COLUMN cancellation jsonb;
--> statement-breakpoint
-- As 0017, but a cancelled booking that still owes part of its fee is "offen" (or, read on a day
-- after the fee's due day, "überfällig"), never "Anzahlung bezahlt": the deposit it paid belongs to
-- a trip that no longer takes place.
CREATE OR REPLACE FUNCTION booking_payment_state_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN
    RETURN;
  END IF;
  -- The money in, net of refunds, covers the instalments in the order they fall due; an instalment
  -- is paid on the day the money in first reached it.
  WITH net AS (
    SELECT b.id AS booking_id,
      coalesce(sum(CASE e.kind WHEN 'payment' THEN e.amount ELSE -e.amount END), 0) AS paid
    FROM bookings b LEFT JOIN payment_entries e ON e.booking_id = b.id
    WHERE b.id = ANY (ids)
    GROUP BY b.id
  ), running AS (
    SELECT e.booking_id, e.booked_on,
      sum(CASE e.kind WHEN 'payment' THEN e.amount ELSE -e.amount END) OVER (PARTITION BY e.booking_id ORDER BY e.booked_on, e.id) AS total
    FROM payment_entries e
    WHERE e.booking_id = ANY (ids)
  ), due AS (
    SELECT p.id, p.booking_id, p.paid_at,
      sum(p.amount) OVER (PARTITION BY p.booking_id ORDER BY p.due_date, p.id) AS covered_at
    FROM payments p
    WHERE p.booking_id = ANY (ids) AND p.status <> 'cancelled'
  ), target AS (
    SELECT due.id,
      CASE WHEN due.covered_at <= net.paid THEN 'paid' ELSE 'open' END AS status,
      CASE WHEN due.covered_at <= net.paid THEN coalesce(due.paid_at, (
        SELECT (min(r.booked_on)::timestamp AT TIME ZONE 'Europe/Berlin')
        FROM running r WHERE r.booking_id = due.booking_id AND r.total >= due.covered_at)) END AS paid_at
    FROM due JOIN net USING (booking_id)
  )
  UPDATE payments p SET status = target.status, paid_at = target.paid_at
  FROM target
  WHERE p.id = target.id AND (p.status IS DISTINCT FROM target.status OR p.paid_at IS DISTINCT FROM target.paid_at);

  UPDATE bookings b SET
    paid_amount = coalesce((SELECT sum(CASE e.kind WHEN 'payment' THEN e.amount ELSE -e.amount END) FROM payment_entries e WHERE e.booking_id = b.id), 0),
    refunded_amount = coalesce((SELECT sum(e.amount) FROM payment_entries e WHERE e.booking_id = b.id AND e.kind = 'refund'), 0),
    open_due = (SELECT min(p.due_date) FROM payments p WHERE p.booking_id = b.id AND p.status = 'open' AND p.amount > 0)
  WHERE b.id = ANY (ids);

  -- What is owed: the price, or for a cancelled booking its fee.
  UPDATE bookings b SET payment_state = s.state
  FROM (
    SELECT x.id, CASE
      WHEN x.paid_amount > x.owed THEN 'refund_due'
      WHEN x.refunded_amount > 0 AND x.paid_amount = x.owed THEN 'refunded'
      WHEN x.paid_amount >= x.owed THEN CASE WHEN x.owed = 0 AND x.paid_amount = 0 THEN NULL ELSE 'paid' END
      WHEN x.status <> 'cancelled' AND x.open_due IS NULL THEN 'paid'
      WHEN x.status <> 'cancelled' AND EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = x.id AND p.kind = 'deposit' AND p.status = 'paid') THEN 'partly'
      ELSE 'open'
    END AS state
    FROM (
      SELECT b2.id, b2.status, b2.paid_amount, b2.refunded_amount, b2.open_due,
        CASE WHEN b2.status = 'cancelled' THEN coalesce(b2.cancellation_fee, 0) ELSE b2.gesamtpreis END AS owed
      FROM bookings b2 WHERE b2.id = ANY (ids)
    ) x
  ) s
  WHERE b.id = s.id AND b.payment_state IS DISTINCT FROM s.state;
END
$$;
--> statement-breakpoint
SELECT booking_payment_state_refresh(array(SELECT id FROM bookings WHERE status = 'cancelled' AND payment_state = 'partly'));
