-- Search (app/server/services/search.server.ts), kept up to date by triggers:
-- * trip_search_documents: the stored German full-text document of each trip (GIN index);
-- * trip_search: one narrow row per trip with what filters, facet counts and sorts read
--   (category, country and region ids as arrays, duration, folded title, and a summary of the
--   upcoming dates), so that a search over 100,000 trips never scans the wide trip rows.
-- Both are 1:1 side tables of trips rather than columns on it: the seeder writes the whole
-- catalogue in one transaction, and every later UPDATE of a wide trip row there would leave a
-- dead copy behind (measured: trips grew from 19 MB to 78 MB for 10,000 trips).
-- Changes only queue trip ids in trip_search_pending; a deferred trigger rebuilds the queued
-- trips once, at the end of the transaction (or of the statement, outside a transaction).

-- unaccent() is only STABLE (it finds its dictionary through the search_path), so stored values
-- and indexes go through this IMMUTABLE wrapper that names the dictionary explicitly.
-- 'Städte' -> 'stadte', 'Straße' -> 'strasse', 'Œuvre' -> 'oeuvre'.
CREATE FUNCTION search_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, input)) $$;
--> statement-breakpoint
-- Today in Europe/Berlin, the calendar the dates are kept in (DESIGN 5).
CREATE FUNCTION search_today() RETURNS date
  LANGUAGE sql STABLE
  AS $$ SELECT (now() AT TIME ZONE 'Europe/Berlin')::date $$;
--> statement-breakpoint
CREATE TABLE trip_search (
  trip_id integer PRIMARY KEY REFERENCES trips(id) ON DELETE CASCADE,
  published boolean NOT NULL,
  duration_days integer NOT NULL,
  -- search_fold(title): the name sort, suggestions and typo-tolerant matching (trigrams)
  title_key text NOT NULL,
  category_ids integer[] NOT NULL DEFAULT '{}',
  country_ids integer[] NOT NULL DEFAULT '{}',
  region_ids integer[] NOT NULL DEFAULT '{}',
  -- Summary of the dates from the day it was computed on: earliest start, lowest price, and the
  -- booking statuses present as a bit mask (bit n = status n). It goes stale only as days pass,
  -- and then only in rows whose next_date lies in the past; the search refreshes those first.
  next_date date,
  min_price bigint,
  statuses integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE TABLE trip_search_documents (
  trip_id integer PRIMARY KEY REFERENCES trips(id) ON DELETE CASCADE,
  -- Title (A), subtitle and teaser (B), description, itinerary and the names of the trip's
  -- categories, countries and regions (C).
  document tsvector NOT NULL
);
--> statement-breakpoint
CREATE TABLE trip_search_pending (
  trip_id integer PRIMARY KEY
);
--> statement-breakpoint
-- Goes up with every change the search can see; the search caches facet counts per version.
CREATE TABLE trip_search_meta (
  version bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO trip_search_meta (version) VALUES (1);
--> statement-breakpoint
CREATE INDEX trip_search_documents_idx ON trip_search_documents USING gin (document);
--> statement-breakpoint
CREATE INDEX trip_search_title_trgm_idx ON trip_search USING gin (title_key gin_trgm_ops);
--> statement-breakpoint
-- pg_trgm declares word_similarity (the %> operator of the typo-tolerant search) as cheap as an
-- equality, so the planner compared every title (1.5 s at 100,000 trips) rather than ask the
-- trigram index (50 ms). It costs about 300 times an equality; say so. (A dump and restore
-- recreates the extension with its own figure: slower typo searches until this runs again.)
-- A database user that does not own the extension keeps pg_trgm's figure.
DO $$
BEGIN
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 200;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm word_similarity cost unchanged (not the owner)';
END
$$;
--> statement-breakpoint
CREATE INDEX trip_search_category_ids_idx ON trip_search USING gin (category_ids);
--> statement-breakpoint
CREATE INDEX trip_search_country_ids_idx ON trip_search USING gin (country_ids);
--> statement-breakpoint
CREATE INDEX trip_search_region_ids_idx ON trip_search USING gin (region_ids);
--> statement-breakpoint
-- The sorts walk these in order (forwards or backwards) and stop after one page when the
-- filters are broad. Title and id are part of each, as they break ties: 15,000 day trips
-- share one duration, and sorting all of them by title to show 24 would defeat the index.
CREATE INDEX trip_search_next_date_idx ON trip_search (next_date, title_key, trip_id);
--> statement-breakpoint
CREATE INDEX trip_search_min_price_idx ON trip_search (min_price, title_key, trip_id);
--> statement-breakpoint
CREATE INDEX trip_search_duration_idx ON trip_search (duration_days, title_key, trip_id);
--> statement-breakpoint
CREATE INDEX trip_search_title_idx ON trip_search (title_key, trip_id);
--> statement-breakpoint
-- Date filters. A date overlaps [start, end] when date_from <= end and date_till >= start; the
-- longest date (this index answers max() at once) bounds date_from from below as well, so that
-- the date_from index is read for a short range only.
CREATE INDEX trip_dates_span_idx ON trip_dates ((date_till - date_from));
--> statement-breakpoint
CREATE INDEX trip_dates_price_idx ON trip_dates (price);
--> statement-breakpoint
CREATE INDEX trip_dates_bookable_idx ON trip_dates (bookable, date_from);
--> statement-breakpoint
-- The date summary of the given trips. Here and below "IN (SELECT unnest(…))" rather than
-- "= ANY (…)": a parameter array is searched element by element for every row, which at the
-- seeder's commit (100,000 ids) would be quadratic.
CREATE FUNCTION trip_search_refresh_dates(trip_ids integer[], from_day date) RETURNS void
  LANGUAGE sql
  AS $$
    UPDATE trip_search s
    SET next_date = d.next_date, min_price = d.min_price, statuses = coalesce(d.statuses, 0)
    FROM unnest(trip_ids) AS i(id)
    LEFT JOIN (
      SELECT td.trip_id,
             min(td.date_from) AS next_date,
             min(td.price) AS min_price,
             bit_or(1 << td.bookable) AS statuses
      FROM trip_dates td
      WHERE td.trip_id IN (SELECT unnest(trip_ids)) AND td.date_from >= from_day
      GROUP BY td.trip_id
    ) d ON d.trip_id = i.id
    WHERE s.trip_id = i.id
      AND (s.next_date, s.min_price, s.statuses) IS DISTINCT FROM (d.next_date, d.min_price, coalesce(d.statuses, 0));
  $$;
--> statement-breakpoint
-- Rebuilds the search rows and documents of the given trips from trips, links and dates.
CREATE FUNCTION trip_search_refresh(trip_ids integer[]) RETURNS void
  LANGUAGE sql
  AS $$
    WITH ca AS (
      SELECT l.trip_id, array_agg(c.id ORDER BY c.id) AS ids, string_agg(c.name, ' ') AS names
      FROM trip_categories l JOIN categories c ON c.id = l.category_id
      WHERE l.trip_id IN (SELECT unnest(trip_ids))
      GROUP BY l.trip_id
    ), co AS (
      SELECT l.trip_id, array_agg(c.id ORDER BY c.id) AS ids, string_agg(c.name, ' ') AS names
      FROM trip_countries l JOIN countries c ON c.id = l.country_id
      WHERE l.trip_id IN (SELECT unnest(trip_ids))
      GROUP BY l.trip_id
    ), rg AS (
      SELECT l.trip_id, array_agg(r.id ORDER BY r.id) AS ids, string_agg(r.name, ' ') AS names
      FROM trip_regions l JOIN regions r ON r.id = l.region_id
      WHERE l.trip_id IN (SELECT unnest(trip_ids))
      GROUP BY l.trip_id
    ), built AS MATERIALIZED (
      SELECT t.id,
             t.published,
             t.duration_days,
             search_fold(t.title) AS title_key,
             coalesce(ca.ids, '{}') AS category_ids,
             coalesce(co.ids, '{}') AS country_ids,
             coalesce(rg.ids, '{}') AS region_ids,
             setweight(to_tsvector('german', search_fold(t.title)), 'A')
               || setweight(to_tsvector('german', search_fold(concat_ws(' ', t.subtitle, t.teaser))), 'B')
               || setweight(to_tsvector('german', search_fold(concat_ws(' ',
                    regexp_replace(t.description, '<[^>]*>', ' ', 'g'),
                    (SELECT string_agg(concat_ws(' ', e ->> 'title', e ->> 'text'), ' ')
                     FROM jsonb_array_elements(CASE WHEN jsonb_typeof(t.itinerary) = 'array' THEN t.itinerary ELSE '[]'::jsonb END) e),
                    ca.names, co.names, rg.names))), 'C') AS document
      FROM trips t
      LEFT JOIN ca ON ca.trip_id = t.id
      LEFT JOIN co ON co.trip_id = t.id
      LEFT JOIN rg ON rg.trip_id = t.id
      WHERE t.id IN (SELECT unnest(trip_ids))
    ), narrow AS (
      INSERT INTO trip_search AS s (trip_id, published, duration_days, title_key, category_ids, country_ids, region_ids)
      SELECT id, published, duration_days, title_key, category_ids, country_ids, region_ids FROM built
      ON CONFLICT (trip_id) DO UPDATE SET
        published = excluded.published,
        duration_days = excluded.duration_days,
        title_key = excluded.title_key,
        category_ids = excluded.category_ids,
        country_ids = excluded.country_ids,
        region_ids = excluded.region_ids
      WHERE (s.published, s.duration_days, s.title_key, s.category_ids, s.country_ids, s.region_ids)
        IS DISTINCT FROM (excluded.published, excluded.duration_days, excluded.title_key, excluded.category_ids, excluded.country_ids, excluded.region_ids)
    )
    INSERT INTO trip_search_documents AS d (trip_id, document)
    SELECT id, document FROM built
    ON CONFLICT (trip_id) DO UPDATE SET document = excluded.document
    WHERE d.document IS DISTINCT FROM excluded.document;
    SELECT trip_search_refresh_dates(trip_ids, search_today());
  $$;
--> statement-breakpoint
-- A new day: dates that began yesterday are no longer upcoming. Only rows whose next_date has
-- passed can change, and only those are rebuilt.
CREATE FUNCTION trip_search_roll_over(from_day date) RETURNS integer
  LANGUAGE plpgsql
  AS $$
  DECLARE
    stale integer[];
  BEGIN
    SELECT array_agg(trip_id) INTO stale FROM trip_search WHERE next_date < from_day;
    IF stale IS NULL THEN
      RETURN 0;
    END IF;
    PERFORM trip_search_refresh_dates(stale, from_day);
    UPDATE trip_search_meta SET version = version + 1;
    RETURN cardinality(stale);
  END
  $$;
--> statement-breakpoint
-- Runs at the end of the transaction once per queued trip id; the first run rebuilds them all.
CREATE FUNCTION trip_search_flush() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    ids integer[];
  BEGIN
    PERFORM 1 FROM trip_search_pending LIMIT 1;
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
    WITH taken AS (DELETE FROM trip_search_pending RETURNING trip_id)
    SELECT array_agg(trip_id) INTO ids FROM taken;
    PERFORM trip_search_refresh(ids);
    UPDATE trip_search_meta SET version = version + 1;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER trip_search_flush AFTER INSERT ON trip_search_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION trip_search_flush();
--> statement-breakpoint
-- Statement-level triggers with transition tables: a statement writing 2,000 rows queues each
-- affected trip once.
CREATE FUNCTION trip_search_queue() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_TABLE_NAME = 'trips' THEN
      IF TG_OP = 'DELETE' THEN
        RETURN NULL;
      END IF;
      INSERT INTO trip_search_pending SELECT id FROM new_rows ON CONFLICT DO NOTHING;
    ELSIF TG_TABLE_NAME IN ('categories', 'countries', 'regions') THEN
      -- A renamed category, country or region changes the document of every trip linked to it.
      INSERT INTO trip_search_pending
      SELECT l.trip_id FROM trip_categories l JOIN new_rows n ON n.id = l.category_id WHERE TG_TABLE_NAME = 'categories'
      UNION SELECT l.trip_id FROM trip_countries l JOIN new_rows n ON n.id = l.country_id WHERE TG_TABLE_NAME = 'countries'
      UNION SELECT l.trip_id FROM trip_regions l JOIN new_rows n ON n.id = l.region_id WHERE TG_TABLE_NAME = 'regions'
      ON CONFLICT DO NOTHING;
    ELSIF TG_OP = 'INSERT' THEN
      INSERT INTO trip_search_pending SELECT DISTINCT trip_id FROM new_rows ON CONFLICT DO NOTHING;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO trip_search_pending SELECT DISTINCT trip_id FROM old_rows ON CONFLICT DO NOTHING;
    ELSE
      INSERT INTO trip_search_pending SELECT trip_id FROM old_rows UNION SELECT trip_id FROM new_rows ON CONFLICT DO NOTHING;
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER trip_search_trips_insert AFTER INSERT ON trips
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_queue();
--> statement-breakpoint
CREATE TRIGGER trip_search_trips_update AFTER UPDATE ON trips
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_queue();
--> statement-breakpoint
CREATE TRIGGER trip_search_categories_insert AFTER INSERT ON trip_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_queue();
--> statement-breakpoint
CREATE TRIGGER trip_search_categories_update AFTER UPDATE ON trip_categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_queue();
--> statement-breakpoint
CREATE TRIGGER trip_search_categories_delete AFTER DELETE ON trip_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_queue();
--> statement-breakpoint
CREATE TRIGGER trip_search_countries_insert AFTER INSERT ON trip_countries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_queue();
--> statement-breakpoint
CREATE TRIGGER trip_search_countries_update AFTER UPDATE ON trip_countries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_queue();
--> statement-breakpoint
CREATE TRIGGER trip_search_countries_delete AFTER DELETE ON trip_countries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_queue();
--> statement-breakpoint
CREATE TRIGGER trip_search_regions_insert AFTER INSERT ON trip_regions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_queue();
--> statement-breakpoint
CREATE TRIGGER trip_search_regions_update AFTER UPDATE ON trip_regions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_queue();
--> statement-breakpoint
CREATE TRIGGER trip_search_regions_delete AFTER DELETE ON trip_regions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_queue();
--> statement-breakpoint
CREATE TRIGGER trip_search_dates_insert AFTER INSERT ON trip_dates
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_queue();
--> statement-breakpoint
CREATE TRIGGER trip_search_dates_update AFTER UPDATE ON trip_dates
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_queue();
--> statement-breakpoint
CREATE TRIGGER trip_search_dates_delete AFTER DELETE ON trip_dates
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_queue();
--> statement-breakpoint
CREATE TRIGGER trip_search_category_names AFTER UPDATE ON categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_queue();
--> statement-breakpoint
CREATE TRIGGER trip_search_country_names AFTER UPDATE ON countries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_queue();
--> statement-breakpoint
CREATE TRIGGER trip_search_region_names AFTER UPDATE ON regions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_queue();
--> statement-breakpoint
-- School holidays are not part of a trip, but they decide the Ferientermine filter: a change
-- makes the search's cached counts and holiday ranges out of date.
CREATE FUNCTION trip_search_bump_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE trip_search_meta SET version = version + 1;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER trip_search_school_holidays AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON school_holidays
  FOR EACH STATEMENT EXECUTE FUNCTION trip_search_bump_version();
--> statement-breakpoint
-- Databases seeded before this migration get their search rows now.
SELECT trip_search_refresh(ARRAY(SELECT id FROM trips));
