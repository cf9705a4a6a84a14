-- The seeded mail-form templates named fields the forms never had ({{betreff}}, {{rueckruf}},
-- {{newsletter}} …) and the Reiseanfrage had none. Every database seeded before this migration
-- holds them, so they are rewritten here rather than only in the seed: a column still holding
-- exactly the seeded text gets the new text; a column an operator has edited is left alone, and
-- the addresses (from, email, cc, bcc) are never touched. The Reiseanfrage row is added only to
-- a seeded demo database (app_meta.seed_version set), since its addresses are the demo's. A fresh
-- database gets the same rows from the seed (app/server/db/seed/content.ts, MAIL_FORM_TEMPLATES).
UPDATE mail_form_templates SET
  message = CASE WHEN message = E'Vielen Dank für Ihre Bestellung! Ihr Katalog ist in wenigen Tagen bei Ihnen.'
    THEN E'Vielen Dank für Ihre Bestellung! Ihre Kataloge sind in wenigen Tagen bei Ihnen.' ELSE message END,
  template = CASE WHEN template = E'Neue Katalogbestellung\n\nKataloge: {{kataloge}}\n\nName: {{anrede}} {{vorname}} {{nachname}}\nAnschrift: {{strasse}} {{hausnummer}}, {{plz}} {{ort}}\nE-Mail: {{email}}\nTelefon: {{telefon}}\n\nNewsletter gewünscht: {{newsletter}}'
    THEN E'Kataloge: {{kataloge}}\n\nAnrede: {{anrede}}\nName: {{vorname}} {{nachname}}\nAnschrift: {{strasse}} {{hausnummer}}, {{plz}} {{ort}}\nE-Mail: {{email}}\n\nEingegangen am {{eingang}}.' ELSE template END
WHERE key = 'katalog';
--> statement-breakpoint
UPDATE mail_form_templates SET
  subject = CASE WHEN subject = E'Kontaktanfrage: {{betreff}}'
    THEN E'Kontaktanfrage von {{name}}' ELSE subject END,
  template = CASE WHEN template = E'Neue Kontaktanfrage\n\nBetreff: {{betreff}}\nName: {{anrede}} {{vorname}} {{nachname}}\nE-Mail: {{email}}\nTelefon: {{telefon}}\nRückruf gewünscht: {{rueckruf}}\n\nNachricht:\n{{nachricht}}'
    THEN E'Name: {{name}}\nE-Mail: {{email}}\nTelefon: {{telefon}}\n\nNachricht:\n{{nachricht}}\n\nEingegangen am {{eingang}}.' ELSE template END
WHERE key = 'kontakt';
--> statement-breakpoint
UPDATE mail_form_templates SET
  template = CASE WHEN template = E'Neue Gruppenanfrage\n\nGruppe/Verein: {{gruppe}}\nAnsprechperson: {{anrede}} {{vorname}} {{nachname}}\nE-Mail: {{email}}\nTelefon: {{telefon}}\n\nReiseziel: {{reiseziel}}\nZeitraum: {{zeitraum}}\nTeilnehmende: {{teilnehmer}}\nReisedauer: {{dauer}}\nAbfahrtsort: {{abfahrtsort}}\n\nWünsche:\n{{nachricht}}'
    THEN E'Verein/Gruppe: {{gruppe}}\nAnsprechpartner: {{ansprechpartner}}\nE-Mail: {{email}}\nTelefon: {{telefon}}\n\nReiseziel: {{reiseziel}}\nZeitraum: {{zeitraum}}\nTeilnehmerzahl: {{teilnehmer}}\n\nWünsche:\n{{nachricht}}\n\nEingegangen am {{eingang}}.' ELSE template END
WHERE key = 'gruppenanfrage';
--> statement-breakpoint
INSERT INTO mail_form_templates (key, "from", email, cc, bcc, subject, message, template)
SELECT 'reiseanfrage', E'Sonnenland Reisen <noreply@sonnenland-reisen.example>', E'reservierung@sonnenland-reisen.example', '', E'archiv@sonnenland-reisen.example',
  E'Reiseanfrage: {{reiseTitel}}, {{terminDaten}}',
  E'Vielen Dank für Ihre Anfrage! Wir prüfen die Verfügbarkeit und melden uns innerhalb eines Werktags bei Ihnen.',
  E'Reise: {{reiseTitel}} (Nr. {{reise}})\nTermin: {{terminDaten}} (Nr. {{termin}})\nReiseseite: {{reiseLink}}\nPersonen: {{personen}}\n\nName: {{name}}\nE-Mail: {{email}}\nTelefon: {{telefon}}\n\nNachricht:\n{{nachricht}}\n\nEingegangen am {{eingang}}.'
WHERE EXISTS (SELECT 1 FROM app_meta WHERE key = 'seed_version')
ON CONFLICT (key) DO NOTHING;
