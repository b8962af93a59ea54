-- Today's boards of a box found by one index instead of every establishment of the box (decision 0058): each
-- board carries its establishment's place and hidden state, kept by triggers whoever writes either table
-- (services, imports, the demo seed, the benchmark generator, tests, a console).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "menu_boards" ADD COLUMN "establishment_longitude" double precision;--> statement-breakpoint
ALTER TABLE "menu_boards" ADD COLUMN "establishment_latitude" double precision;--> statement-breakpoint
ALTER TABLE "menu_boards" ADD COLUMN "establishment_disabled" boolean;--> statement-breakpoint
-- A board's copy is always read from its establishment: on insert, on a change of establishment, and on any
-- write of the copy itself (a value written by hand is replaced by the establishment's). The row is read
-- `for share`: an establishment being moved or hidden by another transaction is waited for, then read as
-- committed, so a board written meanwhile cannot keep the old place.
CREATE FUNCTION "copy_board_establishment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e."longitude", e."latitude", e."disabled"
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
CREATE TRIGGER "menu_boards_establishment_copy" BEFORE INSERT OR UPDATE OF "establishment_id", "establishment_longitude", "establishment_latitude", "establishment_disabled" ON "menu_boards" FOR EACH ROW EXECUTE FUNCTION "copy_board_establishment"();--> statement-breakpoint
-- An establishment moved, hidden or shown again: every board of it follows, in the same statement's
-- transaction (the boards' trigger above reads the new values).
CREATE FUNCTION "copy_establishment_to_boards"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "menu_boards" SET "establishment_longitude" = NEW."longitude", "establishment_latitude" = NEW."latitude",
    "establishment_disabled" = NEW."disabled"
  WHERE "establishment_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "establishments_boards_copy" AFTER UPDATE OF "longitude", "latitude", "disabled" ON "establishments" FOR EACH ROW
  WHEN (OLD."longitude" IS DISTINCT FROM NEW."longitude" OR OLD."latitude" IS DISTINCT FROM NEW."latitude" OR OLD."disabled" IS DISTINCT FROM NEW."disabled")
  EXECUTE FUNCTION "copy_establishment_to_boards"();--> statement-breakpoint
-- A board's version (its ETag) is its own content: an update that changes only the copy (its establishment
-- moved or was hidden) leaves it, so an owner editing the board is not refused for the team's edit of the
-- page. Every other update raises it as before, one that changes nothing included.
DROP TRIGGER "menu_boards_version" ON "menu_boards";--> statement-breakpoint
CREATE TRIGGER "menu_boards_version" BEFORE UPDATE ON "menu_boards" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - '{establishment_longitude,establishment_latitude,establishment_disabled}'::text[])
      IS DISTINCT FROM (to_jsonb(NEW) - '{establishment_longitude,establishment_latitude,establishment_disabled}'::text[])
    OR (OLD."establishment_longitude", OLD."establishment_latitude", OLD."establishment_disabled")
      IS NOT DISTINCT FROM (NEW."establishment_longitude", NEW."establishment_latitude", NEW."establishment_disabled"))
  EXECUTE FUNCTION "bump_row_version"();--> statement-breakpoint
-- The boards already written get theirs.
UPDATE "menu_boards" mb SET "establishment_longitude" = e."longitude", "establishment_latitude" = e."latitude",
  "establishment_disabled" = e."disabled"
FROM "establishments" e WHERE e."id" = mb."establishment_id";--> statement-breakpoint
ALTER TABLE "menu_boards" ALTER COLUMN "establishment_longitude" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_boards" ALTER COLUMN "establishment_latitude" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_boards" ALTER COLUMN "establishment_disabled" SET NOT NULL;--> statement-breakpoint
-- A day's boards inside a box, visible ones only: date by btree_gist, place as the establishments' index has it.
CREATE INDEX "menu_boards_day_place_idx" ON "menu_boards" USING gist ("date", point("establishment_longitude", "establishment_latitude")) WHERE NOT "establishment_disabled";
