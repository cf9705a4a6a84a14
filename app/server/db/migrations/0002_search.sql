-- Search (app/server/services/search.server.ts). Two parts, both kept up to date by triggers:
-- * trips.search_document: the German full-text document of a trip with a GIN index;
-- * trip_search: one narrow row per trip with what the filters, facet counts and sorts read
--   (category, country and region ids as arrays, duration, folded title, and a summary of the
--   upcoming dates), so that a search over 100,000 trips never has to scan the wide trip rows.

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
-- Title (A), subtitle and teaser (B), description and itinerary (C). The names of the trip's
-- categories, countries and regions are added under label D by trip_search_place_names, so a
-- change of links replaces only them (ts_filter keeps A-C) instead of parsing the description
-- again; the search ranks D like C (RANK_WEIGHTS in search.server.ts).
ALTER TABLE trips ADD COLUMN search_document tsvector;
--> statement-breakpoint
CREATE FUNCTION trip_search_own_document(title text, subtitle text, teaser text, description text, itinerary jsonb)
  RETURNS tsvector
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('german', search_fold(coalesce(title, ''))), 'A')
      || setweight(to_tsvector('german', search_fold(concat_ws(' ', subtitle, teaser))), 'B')
      || setweight(to_tsvector('german', search_fold(concat_ws(' ',
           regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g'),
           (SELECT string_agg(concat_ws(' ', e ->> 'title', e ->> 'text'), ' ')
            FROM jsonb_array_elements(CASE WHEN jsonb_typeof(itinerary) = 'array' THEN itinerary ELSE '[]'::jsonb END) e)))), 'C')
  $$;
--> statement-breakpoint
CREATE INDEX trips_search_document_idx ON trips USING gin (search_document);
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
  -- booking statuses present as a bit mask (bit n = status n). It goes stale only when days
  -- pass, and then only in rows whose next_date lies in the past; the search refreshes those.
  -- Not indexed, so that refreshing it is a HOT update (fillfactor leaves room on the page).
  next_date date,
  min_price bigint,
  statuses integer NOT NULL DEFAULT 0
) WITH (fillfactor = 80);
--> statement-breakpoint
CREATE INDEX trip_search_title_trgm_idx ON trip_search USING gin (title_key gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX trip_search_category_ids_idx ON trip_search USING gin (category_ids);
--> statement-breakpoint
CREATE INDEX trip_search_country_ids_idx ON trip_search USING gin (country_ids);
--> statement-breakpoint
CREATE INDEX trip_search_region_ids_idx ON trip_search USING gin (region_ids);
--> statement-breakpoint
-- Date filters: a date overlapping the searched range, its price, its status.
CREATE INDEX trip_dates_range_idx ON trip_dates USING gist (daterange(date_from, date_till, '[]'));
--> statement-breakpoint
CREATE INDEX trip_dates_price_idx ON trip_dates (price);
--> statement-breakpoint
CREATE INDEX trip_dates_bookable_idx ON trip_dates (bookable, date_from);
--> statement-breakpoint
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
      WHERE td.trip_id = ANY (trip_ids) AND td.date_from >= from_day
      GROUP BY td.trip_id
    ) d ON d.trip_id = i.id
    WHERE s.trip_id = i.id
      AND (s.next_date, s.min_price, s.statuses) IS DISTINCT FROM (d.next_date, d.min_price, coalesce(d.statuses, 0));
  $$;
--> statement-breakpoint
-- Category, country and region ids and names of trips, set-based (one pass per link table).
CREATE FUNCTION trip_search_places(trip_ids integer[])
  RETURNS TABLE (id integer, category_ids integer[], country_ids integer[], region_ids integer[], names tsvector)
  LANGUAGE sql STABLE
  AS $$
    WITH ca AS (
      SELECT l.trip_id, array_agg(c.id ORDER BY c.id) AS ids, string_agg(c.name, ' ') AS names
      FROM trip_categories l JOIN categories c ON c.id = l.category_id
      WHERE l.trip_id = ANY (trip_ids)
      GROUP BY l.trip_id
    ), co AS (
      SELECT l.trip_id, array_agg(c.id ORDER BY c.id) AS ids, string_agg(c.name, ' ') AS names
      FROM trip_countries l JOIN countries c ON c.id = l.country_id
      WHERE l.trip_id = ANY (trip_ids)
      GROUP BY l.trip_id
    ), rg AS (
      SELECT l.trip_id, array_agg(r.id ORDER BY r.id) AS ids, string_agg(r.name, ' ') AS names
      FROM trip_regions l JOIN regions r ON r.id = l.region_id
      WHERE l.trip_id = ANY (trip_ids)
      GROUP BY l.trip_id
    )
    SELECT i.id,
           coalesce(ca.ids, '{}'),
           coalesce(co.ids, '{}'),
           coalesce(rg.ids, '{}'),
           setweight(to_tsvector('german', search_fold(concat_ws(' ', ca.names, co.names, rg.names))), 'D')
    FROM unnest(trip_ids) AS i(id)
    LEFT JOIN ca ON ca.trip_id = i.id
    LEFT JOIN co ON co.trip_id = i.id
    LEFT JOIN rg ON rg.trip_id = i.id
  $$;
--> statement-breakpoint
CREATE FUNCTION trip_search_refresh_places(trip_ids integer[]) RETURNS void
  LANGUAGE sql
  AS $$
    WITH p AS MATERIALIZED (
      SELECT * FROM trip_search_places(trip_ids)
    ), narrow AS (
      UPDATE trip_search s
      SET category_ids = p.category_ids, country_ids = p.country_ids, region_ids = p.region_ids
      FROM p
      WHERE s.trip_id = p.id
        AND (s.category_ids, s.country_ids, s.region_ids) IS DISTINCT FROM (p.category_ids, p.country_ids, p.region_ids)
    )
    UPDATE trips t
    SET search_document = ts_filter(coalesce(t.search_document, ''::tsvector), '{a,b,c}') || p.names
    FROM p
    WHERE t.id = p.id;
  $$;
--> statement-breakpoint
-- The narrow row of each trip from its own columns, links and dates.
CREATE FUNCTION trip_search_refresh(trip_ids integer[]) RETURNS void
  LANGUAGE sql
  AS $$
    INSERT INTO trip_search AS s (trip_id, published, duration_days, title_key, category_ids, country_ids, region_ids)
    SELECT t.id, t.published, t.duration_days, search_fold(t.title), p.category_ids, p.country_ids, p.region_ids
    FROM trips t
    JOIN trip_search_places(trip_ids) p ON p.id = t.id
    ON CONFLICT (trip_id) DO UPDATE SET
      published = excluded.published,
      duration_days = excluded.duration_days,
      title_key = excluded.title_key,
      category_ids = excluded.category_ids,
      country_ids = excluded.country_ids,
      region_ids = excluded.region_ids
    WHERE (s.published, s.duration_days, s.title_key, s.category_ids, s.country_ids, s.region_ids)
      IS DISTINCT FROM (excluded.published, excluded.duration_days, excluded.title_key, excluded.category_ids, excluded.country_ids, excluded.region_ids);
    SELECT trip_search_refresh_dates(trip_ids, search_today());
  $$;
--> statement-breakpoint
-- A trip's own text changed: parse it again and keep the place names (label D).
CREATE FUNCTION trip_search_document_trigger() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.search_document := trip_search_own_document(NEW.title, NEW.subtitle, NEW.teaser, NEW.description, NEW.itinerary)
      || CASE WHEN TG_OP = 'UPDATE' THEN ts_filter(coalesce(OLD.search_document, ''::tsvector), '{d}') ELSE ''::tsvector END;
    RETURN NEW;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER trip_search_document_insert BEFORE INSERT ON trips
  FOR EACH ROW EXECUTE FUNCTION trip_search_document_trigger();
--> statement-breakpoint
CREATE TRIGGER trip_search_document_update BEFORE UPDATE OF title, subtitle, teaser, description, itinerary ON trips
  FOR EACH ROW EXECUTE FUNCTION trip_search_document_trigger();
--> statement-breakpoint
-- Statement-level triggers with transition tables: a seeder inserting 5,000 rows in one
-- statement refreshes each affected trip once, not once per row.
CREATE FUNCTION trip_search_on_trip_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM trip_search_refresh(ARRAY(SELECT id FROM new_rows));
    ELSE
      -- Updates that only rewrote search_document (link changes) leave the narrow row alone.
      PERFORM trip_search_refresh(ARRAY(
        SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.published, n.duration_days, n.title) IS DISTINCT FROM (o.published, o.duration_days, o.title)));
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE FUNCTION trip_search_on_link_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM trip_search_refresh_places(ARRAY(SELECT DISTINCT trip_id FROM new_rows));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM trip_search_refresh_places(ARRAY(SELECT DISTINCT trip_id FROM old_rows));
    ELSE
      PERFORM trip_search_refresh_places(ARRAY(SELECT trip_id FROM old_rows UNION SELECT trip_id FROM new_rows));
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE FUNCTION trip_search_on_date_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM trip_search_refresh_dates(ARRAY(SELECT DISTINCT trip_id FROM new_rows), search_today());
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM trip_search_refresh_dates(ARRAY(SELECT DISTINCT trip_id FROM old_rows), search_today());
    ELSE
      PERFORM trip_search_refresh_dates(ARRAY(SELECT trip_id FROM old_rows UNION SELECT trip_id FROM new_rows), search_today());
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
-- A renamed category, country or region changes the document of every trip linked to it.
CREATE FUNCTION trip_search_on_name_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_TABLE_NAME = 'categories' THEN
      PERFORM trip_search_refresh_places(ARRAY(SELECT DISTINCT l.trip_id FROM trip_categories l JOIN new_rows n ON n.id = l.category_id));
    ELSIF TG_TABLE_NAME = 'countries' THEN
      PERFORM trip_search_refresh_places(ARRAY(SELECT DISTINCT l.trip_id FROM trip_countries l JOIN new_rows n ON n.id = l.country_id));
    ELSE
      PERFORM trip_search_refresh_places(ARRAY(SELECT DISTINCT l.trip_id FROM trip_regions l JOIN new_rows n ON n.id = l.region_id));
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER trip_search_trips_insert AFTER INSERT ON trips
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_on_trip_change();
--> statement-breakpoint
CREATE TRIGGER trip_search_trips_update AFTER UPDATE ON trips
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_on_trip_change();
--> statement-breakpoint
CREATE TRIGGER trip_search_categories_insert AFTER INSERT ON trip_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_on_link_change();
--> statement-breakpoint
CREATE TRIGGER trip_search_categories_update AFTER UPDATE ON trip_categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_on_link_change();
--> statement-breakpoint
CREATE TRIGGER trip_search_categories_delete AFTER DELETE ON trip_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_on_link_change();
--> statement-breakpoint
CREATE TRIGGER trip_search_countries_insert AFTER INSERT ON trip_countries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_on_link_change();
--> statement-breakpoint
CREATE TRIGGER trip_search_countries_update AFTER UPDATE ON trip_countries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_on_link_change();
--> statement-breakpoint
CREATE TRIGGER trip_search_countries_delete AFTER DELETE ON trip_countries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_on_link_change();
--> statement-breakpoint
CREATE TRIGGER trip_search_regions_insert AFTER INSERT ON trip_regions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_on_link_change();
--> statement-breakpoint
CREATE TRIGGER trip_search_regions_update AFTER UPDATE ON trip_regions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_on_link_change();
--> statement-breakpoint
CREATE TRIGGER trip_search_regions_delete AFTER DELETE ON trip_regions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_on_link_change();
--> statement-breakpoint
CREATE TRIGGER trip_search_dates_insert AFTER INSERT ON trip_dates
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_on_date_change();
--> statement-breakpoint
CREATE TRIGGER trip_search_dates_update AFTER UPDATE ON trip_dates
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_on_date_change();
--> statement-breakpoint
CREATE TRIGGER trip_search_dates_delete AFTER DELETE ON trip_dates
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_on_date_change();
--> statement-breakpoint
CREATE TRIGGER trip_search_category_names AFTER UPDATE ON categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_on_name_change();
--> statement-breakpoint
CREATE TRIGGER trip_search_country_names AFTER UPDATE ON countries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_on_name_change();
--> statement-breakpoint
CREATE TRIGGER trip_search_region_names AFTER UPDATE ON regions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_on_name_change();
--> statement-breakpoint
-- Databases seeded before this migration get their documents and search rows now.
UPDATE trips SET search_document = trip_search_own_document(title, subtitle, teaser, description, itinerary);
--> statement-breakpoint
SELECT trip_search_refresh_places(ARRAY(SELECT id FROM trips));
--> statement-breakpoint
SELECT trip_search_refresh(ARRAY(SELECT id FROM trips));
