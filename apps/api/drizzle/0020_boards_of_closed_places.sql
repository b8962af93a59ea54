-- A place closed for good was left out of the surrounding search by looking up, before the search's cap, the
-- establishment of every board of the box (commit 08447d9): at 1,000,000 boards the search's p95 went from
-- 33 ms to 327 ms (bench:api, 17,849 look-ups for a box around Paris). A board's copy of its establishment's
-- hidden state (migration 0008) now counts a place closed for good as hidden too: the day-and-place index,
-- `WHERE NOT "establishment_disabled"`, leaves its boards out with no look-up. The page, the owner's space and
-- the history read the establishment itself, as before.
CREATE OR REPLACE FUNCTION "copy_board_establishment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e."longitude", e."latitude", e."disabled" OR e."closed_for_good_at" IS NOT NULL
    INTO NEW."establishment_longitude", NEW."establishment_latitude", NEW."establishment_disabled"
    FROM "establishments" e WHERE e."id" = NEW."establishment_id" FOR SHARE;
  IF NOT FOUND THEN
    RAISE foreign_key_violation USING
      MESSAGE = format('establishment %s of menu board %s does not exist', NEW."establishment_id", NEW."id"),
      CONSTRAINT = 'menu_boards_establishment_id_establishments_id_fk';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "copy_establishment_to_boards"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "menu_boards" SET "establishment_longitude" = NEW."longitude", "establishment_latitude" = NEW."latitude",
    "establishment_disabled" = NEW."disabled" OR NEW."closed_for_good_at" IS NOT NULL
  WHERE "establishment_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Closed for good, or open again: its boards follow, as for a move or a hidden page.
DROP TRIGGER "establishments_boards_copy" ON "establishments";--> statement-breakpoint
CREATE TRIGGER "establishments_boards_copy" AFTER UPDATE OF "longitude", "latitude", "disabled", "closed_for_good_at" ON "establishments" FOR EACH ROW
  WHEN (OLD."longitude" IS DISTINCT FROM NEW."longitude" OR OLD."latitude" IS DISTINCT FROM NEW."latitude"
    OR OLD."disabled" IS DISTINCT FROM NEW."disabled"
    OR (OLD."closed_for_good_at" IS NULL) IS DISTINCT FROM (NEW."closed_for_good_at" IS NULL))
  EXECUTE FUNCTION "copy_establishment_to_boards"();--> statement-breakpoint
-- The boards of places already closed for good get theirs.
UPDATE "menu_boards" mb SET "establishment_disabled" = true
FROM "establishments" e
WHERE e."id" = mb."establishment_id" AND e."closed_for_good_at" IS NOT NULL AND NOT mb."establishment_disabled";
