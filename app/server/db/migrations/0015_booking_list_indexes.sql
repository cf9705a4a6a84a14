-- The office's bookings list with 100,000 bookings (issue 25): its one text field finds a booking
-- by number, name, e-mail or phone anywhere in the text (trigram indexes, pg_trgm from 0000), and
-- its payment filter finds the open instalments past their day without reading every payment.
CREATE INDEX bookings_number_trgm_idx ON bookings USING gin (booking_number gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX bookings_email_trgm_idx ON bookings USING gin ((contact->>'email') gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX bookings_phone_trgm_idx ON bookings USING gin ((regexp_replace(contact->>'tel', '[^0-9+]', '', 'g')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX booking_participants_name_trgm_idx ON booking_participants USING gin ((firstname || ' ' || lastname) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX payments_open_due_idx ON payments (due_date, booking_id) WHERE status <> 'paid';
--> statement-breakpoint
CREATE INDEX bookings_created_idx ON bookings (created_at DESC, id DESC);
