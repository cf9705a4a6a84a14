-- The words of the trips' documents change far less often than the catalogue version, which a
-- date's price, a blog post or a page raise too. The app keeps the documents' words in memory
-- (app/lib/search/text-index.ts, about 5 s to load at 100,000 trips) and loads them again only when
-- this counter moved: every statement that inserts, changes or deletes documents raises it once.
CREATE TABLE trip_search_documents_meta (
  changes bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO trip_search_documents_meta (changes) VALUES (1);
--> statement-breakpoint
CREATE FUNCTION trip_search_documents_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    -- Separate tests: a TRUNCATE trigger has no transition table to ask.
    IF TG_OP = 'TRUNCATE' THEN
      UPDATE trip_search_documents_meta SET changes = changes + 1;
    ELSIF EXISTS (SELECT 1 FROM changed_rows) THEN
      UPDATE trip_search_documents_meta SET changes = changes + 1;
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER trip_search_documents_insert AFTER INSERT ON trip_search_documents
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_documents_changed();
--> statement-breakpoint
CREATE TRIGGER trip_search_documents_update AFTER UPDATE ON trip_search_documents
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_documents_changed();
--> statement-breakpoint
CREATE TRIGGER trip_search_documents_delete AFTER DELETE ON trip_search_documents
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_search_documents_changed();
--> statement-breakpoint
CREATE TRIGGER trip_search_documents_truncate AFTER TRUNCATE ON trip_search_documents
  FOR EACH STATEMENT EXECUTE FUNCTION trip_search_documents_changed();
