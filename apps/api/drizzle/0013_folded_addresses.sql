-- A page address as a person may type it: lower case, accents dropped (NFD without its combining marks),
-- the letters NFD keeps whole spelt out (œ → oe, æ → ae, ß → ss…), and every run of spaces and punctuation
-- (apostrophes straight or curly, parentheses, commas, dashes…) one `-`, none at either end; letters and
-- digits of any script stay (decision 0074). `le-vesuve-a-cavaillon` finds `le-vésuve-a-cavaillon`, and
-- `l-atelier-chez-toto-a-saint-etienne` finds `l'atelier-(chez-toto)-a-saint-étienne`.
--
-- Written once, here: the stored column and the lookup of a typed address both call it, on the engine that
-- holds the data, so they never disagree (PGlite's and PostgreSQL's `lower` may differ on rare letters; each
-- agrees with itself). The ranges are code points (`\uXXXX` in the regular expression), not a locale's
-- classes, so both engines fold the same.
CREATE FUNCTION "fold_address"("address" text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(
    replace(replace(replace(replace(replace(replace(
      regexp_replace(lower(normalize("address", NFD)),
        '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'),
      'œ', 'oe'), 'æ', 'ae'), 'ß', 'ss'), 'ø', 'o'), 'ł', 'l'), 'đ', 'd'),
    '[\u0001-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u00bf\u00d7\u00f7\u2000-\u206f\u2e00-\u2e7f\u3000-\u303f]+',
    '-', 'g'), '-')
$$;--> statement-breakpoint
-- Stored and generated: every address there is (current and earlier, kept by the trigger of migration 0004)
-- is folded once as the column is added, and on every later insert, whoever writes it.
ALTER TABLE "establishment_uris" ADD COLUMN "folded_uri" text GENERATED ALWAYS AS (fold_address(uri)) STORED NOT NULL;--> statement-breakpoint
-- A folded address is looked up by equality (the redirect), and its neighbours in order and from its end
-- (the 404's suggestions): a few rows of each index, whatever the number of addresses.
CREATE INDEX "establishment_uris_folded_idx" ON "establishment_uris" USING btree ("folded_uri");--> statement-breakpoint
CREATE INDEX "establishment_uris_folded_reverse_idx" ON "establishment_uris" USING btree (reverse("folded_uri"));