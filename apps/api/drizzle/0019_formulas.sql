ALTER TABLE "menu_board_items" ADD COLUMN "course" text;--> statement-breakpoint
ALTER TABLE "menu_boards" ADD COLUMN "formulas" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_boards" ADD COLUMN "from_price_cents" integer;--> statement-breakpoint
ALTER TABLE "menu_board_items" ADD CONSTRAINT "menu_board_items_course_check" CHECK ("menu_board_items"."course" in ('entree', 'plat', 'dessert', 'autre'));--> statement-breakpoint
-- A board's `fromPrice` (decision 0089) kept on its row, in cents, whoever writes the board or its dishes
-- (services, imports, the demo seed, the benchmark generator, tests, a console): the surrounding search's
-- `maxPrice` is a comparison on the row the day-and-place index already gives it, no look-up of dishes.
-- The lowest price among the formules and the dishes of course `plat` or of no course; null when none.
CREATE FUNCTION "board_from_price_cents"("board" uuid, "formulas" jsonb) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT least(
    (SELECT min((f->>'priceCents')::integer) FROM jsonb_array_elements("formulas") f),
    (SELECT min(i."price_cents") FROM "menu_board_items" i
      WHERE i."menu_board_id" = "board" AND (i."course" IS NULL OR i."course" = 'plat')))
$$;--> statement-breakpoint
-- On every write of the board row, a value written by hand included: its formules as written, its dishes as
-- they are. A write of dishes updates the board row after the statement (`refresh_board_dishes`, migrations
-- 0006 and 0009), which comes through here and reads them.
CREATE FUNCTION "keep_board_from_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."from_price_cents" := "board_from_price_cents"(NEW."id", NEW."formulas");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "menu_boards_from_price" BEFORE INSERT OR UPDATE ON "menu_boards" FOR EACH ROW
  EXECUTE FUNCTION "keep_board_from_price"();--> statement-breakpoint
-- The kept answers' dishes say their course too (the same expression as the search's, menu-boards.queries.ts).
CREATE OR REPLACE FUNCTION "refresh_menu_board_answers"("boards" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "menu_board_answers" WHERE "menu_board_id" = ANY("boards") ORDER BY "menu_board_id" FOR UPDATE;
  INSERT INTO "menu_board_answers" ("menu_board_id", "establishment", "dishes")
  SELECT mb."id",
    json_build_object('id', e."id", 'uri', e."uri", 'name', e."name", 'kind', e."kind",
      'location', json_build_object('latitude', e."latitude", 'longitude', e."longitude"))::text,
    coalesce(d."dishes", '{}')
  FROM "menu_boards" mb
  JOIN "establishments" e ON e."id" = mb."establishment_id"
  LEFT JOIN LATERAL (
    SELECT array_agg(json_build_object(
        'name', i."name", 'price', i."price_cents"::float8 / 100, 'category', i."category_id",
        'description', i."description", 'allergens', i."allergens", 'diets', i."diets", 'homemade', i."homemade",
        'meatOrigin', i."meat_origin", 'course', i."course", 'matches', true)::text ORDER BY i."position") AS "dishes"
    FROM "menu_board_items" i WHERE i."menu_board_id" = mb."id"
  ) d ON true
  WHERE mb."id" = ANY("boards")
  ON CONFLICT ("menu_board_id") DO UPDATE SET "establishment" = excluded."establishment",
    "dishes" = excluded."dishes";
END
$$;--> statement-breakpoint
-- The boards already written: their `fromPrice` (no formule, no course: their cheapest dish) and their kept
-- answers with `"course" : null`. Their content is unchanged, so their version (ETag) stays.
ALTER TABLE "menu_boards" DISABLE TRIGGER "menu_boards_version";--> statement-breakpoint
-- (`keep_board_from_price` computes it on the update.)
UPDATE "menu_boards" SET "from_price_cents" = NULL;--> statement-breakpoint
ALTER TABLE "menu_boards" ENABLE TRIGGER "menu_boards_version";--> statement-breakpoint
SELECT "refresh_menu_board_answers"(ARRAY(SELECT "menu_board_id" FROM "menu_board_answers"));
