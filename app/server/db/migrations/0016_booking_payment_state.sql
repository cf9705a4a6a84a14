-- A booking's payment state on the booking itself (issue 25, the bookings list at 100,000): what has
-- been paid, and the earliest due day of an instalment still open (status 'open'; one a cancellation
-- ended is not; null: nothing left to pay). The
-- database keeps both true after every change of `payments`, whatever code made it, so the list's
-- payment filter compares two indexed columns instead of reading the payments.
ALTER TABLE bookings ADD COLUMN paid_amount bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE bookings ADD COLUMN open_due date;
--> statement-breakpoint
CREATE FUNCTION booking_payment_state_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE bookings b SET
    paid_amount = coalesce((SELECT sum(p.amount) FROM payments p WHERE p.booking_id = b.id AND p.status = 'paid'), 0),
    open_due = (SELECT min(p.due_date) FROM payments p WHERE p.booking_id = b.id AND p.status = 'open' AND p.amount > 0)
  WHERE b.id = ANY(ids)
$$;
--> statement-breakpoint
CREATE FUNCTION payments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM booking_payment_state_refresh(array(SELECT DISTINCT booking_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM booking_payment_state_refresh(array(SELECT booking_id FROM old_rows UNION SELECT booking_id FROM new_rows));
  ELSE
    PERFORM booking_payment_state_refresh(array(SELECT DISTINCT booking_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payments_inserted AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_changed();
--> statement-breakpoint
CREATE TRIGGER payments_updated AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_changed();
--> statement-breakpoint
CREATE TRIGGER payments_deleted AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_changed();
--> statement-breakpoint
SELECT booking_payment_state_refresh(array(SELECT DISTINCT booking_id FROM payments));
--> statement-breakpoint
CREATE INDEX bookings_open_due_idx ON bookings (open_due, status);
--> statement-breakpoint
DROP INDEX payments_open_due_idx;
