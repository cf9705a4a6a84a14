-- trip_search_refresh wrote each new search row twice: an INSERT without the date summary, then
-- trip_search_refresh_dates UPDATEd every row it had just written. The seeder's commit of
-- 100,000 trips left 100,000 dead rows behind, and trip_search took twice its size (34 MB
-- rather than 17 MB): past a quarter of the shared buffers, PostgreSQL reads a table that size
-- through a small ring buffer, so every broad search read it from the file again. The date
-- summary is now part of the row as it is first written.
CREATE OR REPLACE FUNCTION trip_search_refresh(trip_ids integer[]) RETURNS void
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
    ), dt AS (
      -- the same summary as trip_search_refresh_dates, from today on
      SELECT td.trip_id,
             min(td.date_from) AS next_date,
             min(td.price) AS min_price,
             bit_or(1 << td.bookable) AS statuses
      FROM trip_dates td
      WHERE td.trip_id IN (SELECT unnest(trip_ids)) AND td.date_from >= search_today()
      GROUP BY td.trip_id
    ), built AS MATERIALIZED (
      SELECT t.id,
             t.published,
             t.duration_days,
             search_fold(t.title) AS title_key,
             coalesce(ca.ids, '{}') AS category_ids,
             coalesce(co.ids, '{}') AS country_ids,
             coalesce(rg.ids, '{}') AS region_ids,
             dt.next_date,
             dt.min_price,
             coalesce(dt.statuses, 0) AS statuses,
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
      LEFT JOIN dt ON dt.trip_id = t.id
      WHERE t.id IN (SELECT unnest(trip_ids))
    ), narrow AS (
      INSERT INTO trip_search AS s (trip_id, published, duration_days, title_key, category_ids, country_ids, region_ids, next_date, min_price, statuses)
      SELECT id, published, duration_days, title_key, category_ids, country_ids, region_ids, next_date, min_price, statuses FROM built
      ON CONFLICT (trip_id) DO UPDATE SET
        published = excluded.published,
        duration_days = excluded.duration_days,
        title_key = excluded.title_key,
        category_ids = excluded.category_ids,
        country_ids = excluded.country_ids,
        region_ids = excluded.region_ids,
        next_date = excluded.next_date,
        min_price = excluded.min_price,
        statuses = excluded.statuses
      WHERE (s.published, s.duration_days, s.title_key, s.category_ids, s.country_ids, s.region_ids, s.next_date, s.min_price, s.statuses)
        IS DISTINCT FROM (excluded.published, excluded.duration_days, excluded.title_key, excluded.category_ids, excluded.country_ids, excluded.region_ids, excluded.next_date, excluded.min_price, excluded.statuses)
    )
    INSERT INTO trip_search_documents AS d (trip_id, document)
    SELECT id, document FROM built
    ON CONFLICT (trip_id) DO UPDATE SET document = excluded.document
    WHERE d.document IS DISTINCT FROM excluded.document;
  $$;
