-- The contract documents of a package tour (Art. 250 §§ 3, 6 EGBGB): each trip gets its own
-- cancellation scale (days before departure → percentage), rebooking fee, minimum number of
-- participants with its deadline, expected return time and fees paid on site; each country its
-- passport and visa note; each insurance offer its insurer, product sheet, conditions and whether it
-- fits only trips abroad. Existing trips get the values the demo seed gives a trip of their kind
-- (app/server/db/seed/reference.ts, `tripTerms`), so an operator starts from plausible terms; a trip
-- inserted without terms gets those of a bus tour (the columns' defaults).
ALTER TABLE trips
  ADD COLUMN cancellation_scale jsonb NOT NULL DEFAULT '[{"daysBefore":30,"percent":20},{"daysBefore":15,"percent":30},{"daysBefore":7,"percent":50},{"daysBefore":1,"percent":75},{"daysBefore":0,"percent":95}]',
  ADD COLUMN rebooking_fee bigint NOT NULL DEFAULT 25000000,
  ADD COLUMN min_participants integer,
  ADD COLUMN min_participants_days integer,
  ADD COLUMN return_time text,
  ADD COLUMN on_site_fees jsonb NOT NULL DEFAULT '[]';
--> statement-breakpoint
UPDATE trips SET
  cancellation_scale = CASE
    WHEN duration_days = 1 THEN '[{"daysBefore":14,"percent":10},{"daysBefore":7,"percent":30},{"daysBefore":1,"percent":50},{"daysBefore":0,"percent":80}]'::jsonb
    WHEN transport = 'flug' THEN '[{"daysBefore":45,"percent":25},{"daysBefore":30,"percent":35},{"daysBefore":15,"percent":50},{"daysBefore":7,"percent":70},{"daysBefore":0,"percent":90}]'::jsonb
    WHEN transport = 'schiff' THEN '[{"daysBefore":60,"percent":25},{"daysBefore":30,"percent":40},{"daysBefore":15,"percent":60},{"daysBefore":1,"percent":80},{"daysBefore":0,"percent":95}]'::jsonb
    WHEN transport = 'hotel' THEN '[{"daysBefore":30,"percent":20},{"daysBefore":15,"percent":30},{"daysBefore":7,"percent":50},{"daysBefore":1,"percent":70},{"daysBefore":0,"percent":90}]'::jsonb
    ELSE cancellation_scale END,
  rebooking_fee = CASE WHEN duration_days = 1 THEN 10000000 WHEN transport IN ('flug', 'schiff') THEN 50000000 ELSE 25000000 END,
  min_participants = CASE WHEN duration_days = 1 THEN 20 WHEN transport = 'bus' THEN 25 WHEN transport = 'flug' THEN 15 ELSE NULL END,
  min_participants_days = CASE WHEN duration_days = 1 THEN 3 WHEN transport IN ('bus', 'flug') THEN 21 ELSE NULL END,
  return_time = CASE WHEN duration_days = 1 THEN '20:30' WHEN transport = 'bus' THEN '19:00' ELSE NULL END,
  on_site_fees = CASE WHEN duration_days > 1 AND not_included ? 'Kurtaxe (vor Ort zu zahlen)'
    THEN '[{"label":"Kurtaxe","amount":2500000,"per":"night"}]'::jsonb ELSE '[]'::jsonb END;
--> statement-breakpoint
ALTER TABLE trips
  ADD CONSTRAINT trips_cancellation_scale_check CHECK (jsonb_typeof(cancellation_scale) = 'array' and jsonb_array_length(cancellation_scale) > 0),
  ADD CONSTRAINT trips_rebooking_fee_check CHECK (rebooking_fee >= 0),
  ADD CONSTRAINT trips_min_participants_check CHECK ((min_participants is null and min_participants_days is null) or (min_participants > 0 and min_participants_days >= case when duration_days > 6 then 20 when duration_days >= 2 then 7 else 2 end)),
  ADD CONSTRAINT trips_return_time_check CHECK (return_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD CONSTRAINT trips_on_site_fees_check CHECK (jsonb_typeof(on_site_fees) = 'array');
--> statement-breakpoint
ALTER TABLE countries ADD COLUMN entry_note text;
--> statement-breakpoint
UPDATE countries SET entry_note = CASE
    WHEN iso2 IN ('AT', 'IT', 'FR', 'CZ', 'NL', 'ES', 'PT', 'HR', 'PL', 'HU', 'BE')
      THEN 'Ein gültiger Personalausweis oder Reisepass genügt; ein Visum ist nicht erforderlich. Besondere Gesundheitsvorschriften bestehen nicht.'
    WHEN iso2 IN ('CH', 'NO')
      THEN 'Ein gültiger Personalausweis oder Reisepass genügt; ein Visum ist nicht erforderlich (Schengen-Raum, nicht EU: bitte die Zollfreimengen beachten). Besondere Gesundheitsvorschriften bestehen nicht.'
    ELSE NULL END
  WHERE entry_note IS NULL;
--> statement-breakpoint
ALTER TABLE insurance_offers
  ADD COLUMN insurer text NOT NULL DEFAULT '',
  ADD COLUMN product_sheet_url text NOT NULL DEFAULT '',
  ADD COLUMN conditions_url text NOT NULL DEFAULT '',
  ADD COLUMN scope text NOT NULL DEFAULT 'any',
  ADD CONSTRAINT insurance_offers_scope_check CHECK (scope in ('any', 'abroad'));
--> statement-breakpoint
-- Health insurance abroad (and the package that contains it) fits only trips abroad, whoever sells it.
UPDATE insurance_offers SET scope = 'abroad' WHERE code IN ('AKV', 'RSP');
--> statement-breakpoint
-- The terms as the customer booked them (`TripTerms`): a later change of the trip's scale never
-- changes what a booking's confirmation says or what its cancellation costs. Null for bookings
-- made before this migration; they follow the trip's terms.
ALTER TABLE bookings ADD COLUMN trip_terms jsonb;
