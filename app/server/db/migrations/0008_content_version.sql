-- The catalogue version (trip_search_meta.version) becomes the version of everything a public page
-- shows: the search's triggers already raise it for trips, their dates and links and the names
-- they carry; these raise it for the rest of the catalogue and the content. Every raise is
-- announced on the channel content_version (at commit), so that every app instance on this
-- database drops its rendered pages and cached offers at once.
CREATE FUNCTION content_version_notify() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM pg_notify('content_version', NEW.version::text);
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER content_version_notify AFTER UPDATE ON trip_search_meta
  FOR EACH ROW EXECUTE FUNCTION content_version_notify();
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'trips', 'categories', 'countries', 'regions', 'region_countries', 'ships', 'hotels', 'seat_plans',
    'boarding_points', 'trip_boarding_points', 'transfer_zones', 'services', 'insurance_offers',
    'agencies', 'blog_entries', 'testimonials', 'menus', 'content_pages', 'impressions', 'faq_entries'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER content_version_%1$s AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %1$I
         FOR EACH STATEMENT EXECUTE FUNCTION trip_search_bump_version()', t);
  END LOOP;
END
$$;
