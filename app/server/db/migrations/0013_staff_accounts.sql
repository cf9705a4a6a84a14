-- The office's staff accounts (DESIGN 11), kept by Better Auth: users with their role and
-- two-factor flag, database sessions (revocable), password accounts (scrypt hashes), reset tokens
-- and TOTP secrets. Deleting a staff member deletes their sessions, accounts and secrets.
CREATE TABLE staff_users (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL UNIQUE,
  email_verified boolean NOT NULL DEFAULT false,
  image text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  two_factor_enabled boolean NOT NULL DEFAULT false,
  role text NOT NULL DEFAULT 'buero',
  banned boolean NOT NULL DEFAULT false,
  ban_reason text,
  ban_expires timestamp with time zone,
  CONSTRAINT staff_users_role_check CHECK (role in ('buero', 'admin'))
);
--> statement-breakpoint
CREATE TABLE staff_sessions (
  id text PRIMARY KEY,
  expires_at timestamp with time zone NOT NULL,
  token text NOT NULL UNIQUE,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  ip_address text,
  user_agent text,
  user_id text NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  impersonated_by text
);
--> statement-breakpoint
CREATE INDEX staff_sessions_user_idx ON staff_sessions (user_id);
--> statement-breakpoint
CREATE TABLE staff_accounts (
  id text PRIMARY KEY,
  account_id text NOT NULL,
  provider_id text NOT NULL,
  user_id text NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
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
CREATE INDEX staff_accounts_user_idx ON staff_accounts (user_id);
--> statement-breakpoint
CREATE TABLE staff_verifications (
  id text PRIMARY KEY,
  identifier text NOT NULL,
  value text NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX staff_verifications_identifier_idx ON staff_verifications (identifier);
--> statement-breakpoint
CREATE TABLE staff_two_factors (
  id text PRIMARY KEY,
  secret text NOT NULL,
  backup_codes text NOT NULL,
  user_id text NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  verified boolean NOT NULL DEFAULT true,
  failed_verification_count integer NOT NULL DEFAULT 0,
  locked_until timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX staff_two_factors_user_idx ON staff_two_factors (user_id);
--> statement-breakpoint
CREATE INDEX staff_two_factors_secret_idx ON staff_two_factors (secret);
