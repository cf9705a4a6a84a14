-- Customer accounts (DESIGN 13), kept by Better Auth: users with the contact data a booking is
-- filled in from, database sessions (listed and revocable in Mein Konto), password accounts (scrypt
-- hashes), and the tokens of sign-in links, confirmations and new passwords. Deleting an account
-- deletes its sessions, passwords and links to bookings; the bookings stay.
CREATE TABLE customer_users (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL UNIQUE,
  email_verified boolean NOT NULL DEFAULT false,
  image text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  firstname text NOT NULL DEFAULT '',
  lastname text NOT NULL DEFAULT '',
  street text NOT NULL DEFAULT '',
  street_nr text NOT NULL DEFAULT '',
  zip text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT ''
);
--> statement-breakpoint
CREATE TABLE customer_sessions (
  id text PRIMARY KEY,
  expires_at timestamp with time zone NOT NULL,
  token text NOT NULL UNIQUE,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  ip_address text,
  user_agent text,
  user_id text NOT NULL REFERENCES customer_users (id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX customer_sessions_user_idx ON customer_sessions (user_id);
--> statement-breakpoint
CREATE TABLE customer_accounts (
  id text PRIMARY KEY,
  account_id text NOT NULL,
  provider_id text NOT NULL,
  user_id text NOT NULL REFERENCES customer_users (id) ON DELETE CASCADE,
  access_token text,
  refresh_token text,
  id_token text,
  access_token_expires_at timestamp with time zone,
  refresh_token_expires_at timestamp with time zone,
  scope text,
  password text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX customer_accounts_user_idx ON customer_accounts (user_id);
--> statement-breakpoint
CREATE TABLE customer_verifications (
  id text PRIMARY KEY,
  identifier text NOT NULL,
  value text NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX customer_verifications_identifier_idx ON customer_verifications (identifier);
--> statement-breakpoint
CREATE TABLE customer_booking_links (
  user_id text NOT NULL REFERENCES customer_users (id) ON DELETE CASCADE,
  booking_id integer NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  linked_at timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, booking_id)
);
--> statement-breakpoint
CREATE INDEX customer_booking_links_booking_idx ON customer_booking_links (booking_id);
--> statement-breakpoint
CREATE INDEX bookings_booker_email_idx ON bookings (lower(contact ->> 'email'));
