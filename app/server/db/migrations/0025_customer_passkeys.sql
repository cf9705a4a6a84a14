-- Passkeys of customer accounts (DESIGN 13): the public key of each credential a customer
-- registered, its signature counter and when it was last used. Deleting the account deletes them.
CREATE TABLE customer_passkeys (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL REFERENCES customer_users (id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text NOT NULL DEFAULT '',
  device_type text NOT NULL DEFAULT '',
  backed_up boolean NOT NULL DEFAULT false,
  name text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  last_used_at timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX customer_passkeys_user_idx ON customer_passkeys (user_id);
