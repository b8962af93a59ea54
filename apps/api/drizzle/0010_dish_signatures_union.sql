-- Every bit any of a board's dishes has, beside the dishes' own signatures (decision 0063). With dish filters,
-- the surrounding search checked each board of the box by unnesting its signatures (about 1.2 µs a board,
-- 20 ms of an 18,000-board box at 1,000,000 boards); a board none of whose dishes has a required bit (a diet,
-- fait maison, the allergens stated) is now set aside on this one integer, and a filter asking a single bit
-- is decided on it alone.
--
-- A stored generated column: PostgreSQL computes it on every write of `dish_signatures`, whoever writes them
-- (the trigger of migration 0006 on the dishes). Adding it rewrites the table once, in its present order, and
-- fires no trigger: every board keeps its version (ETag).
CREATE FUNCTION "signatures_union"("signatures" integer[]) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(bit_or(s), 0) FROM unnest("signatures") s
$$;--> statement-breakpoint
-- A trigger's WHEN may not read a whole row of a table with a generated column, and a BEFORE trigger sees the
-- column not yet computed (null in NEW): the version's rule of migration 0008 moves into the function, the same
-- rule, with the generated column left out of the comparison as the establishment's copy is (`dish_signatures`,
-- which it comes from, is compared). An update that changes only the copy leaves the version; every other update
-- raises it, one that changes nothing included.
DROP TRIGGER "menu_boards_version" ON "menu_boards";--> statement-breakpoint
CREATE FUNCTION "bump_board_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "left_out" CONSTANT text[] :=
    '{establishment_longitude,establishment_latitude,establishment_disabled,dish_signatures_union}';
BEGIN
  IF (to_jsonb(OLD) - "left_out") IS NOT DISTINCT FROM (to_jsonb(NEW) - "left_out")
    AND (OLD."establishment_longitude", OLD."establishment_latitude", OLD."establishment_disabled")
      IS DISTINCT FROM (NEW."establishment_longitude", NEW."establishment_latitude", NEW."establishment_disabled")
  THEN
    RETURN NEW;
  END IF;
  NEW."version" := OLD."version" + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
ALTER TABLE "menu_boards" ADD COLUMN "dish_signatures_union" integer
  GENERATED ALWAYS AS ("signatures_union"("dish_signatures")) STORED NOT NULL;--> statement-breakpoint
CREATE TRIGGER "menu_boards_version" BEFORE UPDATE ON "menu_boards" FOR EACH ROW
  EXECUTE FUNCTION "bump_board_version"();
