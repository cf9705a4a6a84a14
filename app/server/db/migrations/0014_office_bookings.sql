-- The office's work on bookings (DESIGN 11, issue 25).
--
-- 1. The audit log: who did what to which booking, when, with the values before and after. It is
--    append-only: the database itself refuses UPDATE, DELETE and TRUNCATE on it, whatever the code
--    does. It names the booking by id and number without a foreign key (a booking's row may change
--    or, after its retention period, go; its history stays) and the actor by id and name as they
--    were at the time.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamp with time zone NOT NULL DEFAULT now(),
  actor_kind text NOT NULL,
  actor_id text,
  actor_name text,
  booking_id integer,
  booking_number text,
  action text NOT NULL,
  before jsonb,
  after jsonb,
  CONSTRAINT audit_log_actor_kind_check CHECK (actor_kind in ('staff', 'customer', 'agency', 'system'))
);
--> statement-breakpoint
CREATE INDEX audit_log_booking_idx ON audit_log (booking_id, id);
--> statement-breakpoint
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
--> statement-breakpoint
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = '42501';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
-- 2. Who made a booking: the customer online, an agency, or a staff member on the phone (with the
--    staff member; the consent to the terms was then given by phone).
ALTER TABLE bookings ADD COLUMN channel text NOT NULL DEFAULT 'online';
--> statement-breakpoint
UPDATE bookings SET channel = 'agency' WHERE agency_id IS NOT NULL;
--> statement-breakpoint
ALTER TABLE bookings ADD CONSTRAINT bookings_channel_check CHECK (channel in ('online', 'agency', 'phone'));
--> statement-breakpoint
ALTER TABLE bookings ADD COLUMN booked_by_staff text REFERENCES staff_users (id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE bookings ADD CONSTRAINT bookings_booked_by_staff_check CHECK (booked_by_staff IS NULL OR channel = 'phone');
--> statement-breakpoint
-- 3. The add-ons chosen once per booking, by id (so that the office can re-price a booking with
--    the one price function); until now only their price lines were kept. Earlier bookings get
--    theirs from those lines, matched by the add-on's name among the trip's and the general add-ons.
ALTER TABLE bookings ADD COLUMN booking_services jsonb NOT NULL DEFAULT '[]'::jsonb;
--> statement-breakpoint
UPDATE bookings b SET booking_services = coalesce((
  SELECT jsonb_agg(jsonb_build_object('id', s.id))
  FROM jsonb_array_elements(b.price_lines) AS l
  JOIN trip_dates d ON d.id = b.trip_date_id
  JOIN services s ON (s.trip_id = d.trip_id OR s.trip_id IS NULL) AND s.name = l->>'label' AND s.per = 'booking'
  WHERE l->>'kind' = 'service' AND jsonb_typeof(l->'traveller') = 'null'
), '[]'::jsonb);
--> statement-breakpoint
-- 4. The version of the contract documents: raised when the office changes the booking, so that
--    the confirmation sent again says which version it is.
ALTER TABLE bookings ADD COLUMN document_version integer NOT NULL DEFAULT 1;
--> statement-breakpoint
ALTER TABLE bookings ADD CONSTRAINT bookings_document_version_check CHECK (document_version >= 1);
--> statement-breakpoint
-- 5. Which booking a mail is about, so that the office sees every mail sent for a booking. Checked
--    at commit: the booking's statements are sent together, its mail may reach the server first.
ALTER TABLE mail_outbox ADD COLUMN booking_id integer REFERENCES bookings (id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
UPDATE mail_outbox SET booking_id = (attachments->0->>'bookingId')::integer
WHERE jsonb_typeof(attachments->0->'bookingId') = 'number'
  AND EXISTS (SELECT 1 FROM bookings b WHERE b.id = (attachments->0->>'bookingId')::integer);
--> statement-breakpoint
CREATE INDEX mail_outbox_booking_idx ON mail_outbox (booking_id) WHERE booking_id IS NOT NULL;
