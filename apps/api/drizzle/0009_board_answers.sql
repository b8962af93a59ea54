CREATE TABLE "menu_board_answers" (
	"menu_board_id" uuid PRIMARY KEY NOT NULL,
	"establishment" text NOT NULL,
	"dishes" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "menu_boards" ADD COLUMN "dish_categories" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_board_answers" ADD CONSTRAINT "menu_board_answers_menu_board_id_menu_boards_id_fk" FOREIGN KEY ("menu_board_id") REFERENCES "public"."menu_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each dish's category beside its signature on the board row, kept by the same trigger (migration 0006): a
-- category filter is read there, on the same dish as the other filters, instead of a look-up of the dishes
-- of every board of the box. An update of dishes now refreshes the boards they left too.
CREATE FUNCTION "refresh_board_dishes"("boards" uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "menu_boards" mb SET ("dish_signatures", "dish_categories") = (
    SELECT coalesce(array_agg("dish_signature"(i."allergens", i."diets", i."homemade") ORDER BY i."position"), '{}'),
      coalesce(array_agg(i."category_id" ORDER BY i."position"), '{}')
    FROM "menu_board_items" i WHERE i."menu_board_id" = mb."id")
  WHERE mb."id" = ANY("boards");
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_dish_signatures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_board_dishes"(ARRAY(SELECT DISTINCT "menu_board_id" FROM "changed"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "refresh_dish_signatures_of_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_board_dishes"(ARRAY(
    SELECT "menu_board_id" FROM "changed" UNION SELECT "menu_board_id" FROM "previous"));
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "menu_board_items_updated" ON "menu_board_items";--> statement-breakpoint
CREATE TRIGGER "menu_board_items_updated" AFTER UPDATE ON "menu_board_items" REFERENCING OLD TABLE AS "previous" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_dish_signatures_of_updated"();--> statement-breakpoint
-- The boards already written get theirs; their content is unchanged, so their version (ETag) stays.
ALTER TABLE "menu_boards" DISABLE TRIGGER "menu_boards_version";--> statement-breakpoint
UPDATE "menu_boards" mb SET "dish_categories" = c."categories"
FROM (
  SELECT "menu_board_id", array_agg("category_id" ORDER BY "position") AS "categories"
  FROM "menu_board_items" GROUP BY "menu_board_id"
) c
WHERE c."menu_board_id" = mb."id";--> statement-breakpoint
ALTER TABLE "menu_boards" ENABLE TRIGGER "menu_boards_version";--> statement-breakpoint
-- Each board's part of POST /menuboards/surrounding kept ready (decision 0062): at a million boards, building
-- the JSON of up to 1,000 boards and their dishes on every search cost four times finding them. Kept by
-- triggers whoever writes the boards, their dishes or their establishments (services, imports, the demo seed,
-- the benchmark generator, tests, a console). The search builds a board without one as before.
--
-- The answers of `boards`, made again from what is committed: the rows already there are locked first, so a
-- writer of the same board or of its establishment is waited for, then read (READ COMMITTED takes a new
-- snapshot per statement), and neither overwrites the other's change with what it read before. A new board's
-- establishment is already locked `for share` by `copy_board_establishment` (migration 0008).
CREATE FUNCTION "refresh_menu_board_answers"("boards" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
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
    -- The same expression as the search's (menu-boards.queries.ts), a dish answered with no filter.
    SELECT array_agg(json_build_object(
        'name', i."name", 'price', i."price_cents"::float8 / 100, 'category', i."category_id",
        'description', i."description", 'allergens', i."allergens", 'diets', i."diets", 'homemade', i."homemade",
        'meatOrigin', i."meat_origin", 'matches', true)::text ORDER BY i."position") AS "dishes"
    FROM "menu_board_items" i WHERE i."menu_board_id" = mb."id"
  ) d ON true
  WHERE mb."id" = ANY("boards")
  ON CONFLICT ("menu_board_id") DO UPDATE SET "establishment" = excluded."establishment",
    "dishes" = excluded."dishes";
END
$$;--> statement-breakpoint
-- Dishes written: once per statement, for the boards they belong to (before and after, for an update).
CREATE FUNCTION "refresh_answers_of_dishes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_menu_board_answers"(ARRAY(SELECT DISTINCT "menu_board_id" FROM "changed"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "refresh_answers_of_updated_dishes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_menu_board_answers"(ARRAY(
    SELECT "menu_board_id" FROM "changed" UNION SELECT "menu_board_id" FROM "previous"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "menu_board_items_answers_inserted" AFTER INSERT ON "menu_board_items" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_answers_of_dishes"();--> statement-breakpoint
CREATE TRIGGER "menu_board_items_answers_updated" AFTER UPDATE ON "menu_board_items" REFERENCING OLD TABLE AS "previous" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_answers_of_updated_dishes"();--> statement-breakpoint
CREATE TRIGGER "menu_board_items_answers_deleted" AFTER DELETE ON "menu_board_items" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_answers_of_dishes"();--> statement-breakpoint
-- A new board has its answer at once (its establishment, no dish yet); one moved to another establishment
-- gets that one's.
CREATE FUNCTION "refresh_answers_of_boards"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_menu_board_answers"(ARRAY(SELECT "id" FROM "changed"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "menu_boards_answers_inserted" AFTER INSERT ON "menu_boards" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_answers_of_boards"();--> statement-breakpoint
CREATE FUNCTION "refresh_answer_of_board"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_menu_board_answers"(ARRAY[NEW."id"]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "menu_boards_answer_establishment" AFTER UPDATE OF "establishment_id" ON "menu_boards" FOR EACH ROW
  WHEN (OLD."establishment_id" IS DISTINCT FROM NEW."establishment_id")
  EXECUTE FUNCTION "refresh_answer_of_board"();--> statement-breakpoint
-- An establishment renamed, moved, given another address or kind: the answers of its boards that have one.
CREATE FUNCTION "refresh_answers_of_establishment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_menu_board_answers"(ARRAY(
    SELECT a."menu_board_id" FROM "menu_board_answers" a JOIN "menu_boards" mb ON mb."id" = a."menu_board_id"
    WHERE mb."establishment_id" = NEW."id"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "establishments_board_answers" AFTER UPDATE OF "uri", "name", "kind", "latitude", "longitude" ON "establishments" FOR EACH ROW
  WHEN ((OLD."uri", OLD."name", OLD."kind", OLD."latitude", OLD."longitude")
    IS DISTINCT FROM (NEW."uri", NEW."name", NEW."kind", NEW."latitude", NEW."longitude"))
  EXECUTE FUNCTION "refresh_answers_of_establishment"();--> statement-breakpoint
-- The boards a search can still ask for get theirs (the daily job drops those of past days).
SELECT "refresh_menu_board_answers"(ARRAY(
  SELECT "id" FROM "menu_boards" WHERE "date" >= (now() AT TIME ZONE 'Europe/Paris')::date - 1));
