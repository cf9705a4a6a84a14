-- The Merkliste of a customer account (DESIGN 13): the trip ids, newest first, the same on every
-- device the customer signs in on. Deleting the account deletes it.
CREATE TABLE customer_wishlists (
  user_id text PRIMARY KEY REFERENCES customer_users (id) ON DELETE CASCADE,
  trip_ids integer[] NOT NULL DEFAULT '{}',
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT customer_wishlists_size_check CHECK (cardinality(trip_ids) <= 100)
);
