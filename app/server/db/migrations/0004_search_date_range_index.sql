-- Date-filtered searches read the dates of a range in date order (a month, say: 26,000 of the
-- 500,000 dates of 100,000 trips) and need each date's end, price, status and trip. With these in
-- the index, that is an index-only scan instead of a visit to nearly every page of trip_dates
-- (measured at 100,000 trips: a month by descending price 34 -> 27 ms, a month in one category
-- 9 -> 5 ms). The plain date_from index of the schema stays for everything else.
CREATE INDEX trip_dates_range_idx ON trip_dates (date_from) INCLUDE (date_till, price, bookable, trip_id);
