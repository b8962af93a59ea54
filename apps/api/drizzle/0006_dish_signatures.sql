ALTER TABLE "menu_boards" ADD COLUMN "dish_signatures" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- What the surrounding search's dish filters read of a dish, as one integer: bit 0 its allergens are stated,
-- bits 1 to 14 the allergens (ALLERGENS of packages/contract/src/dishes.ts, in order), bits 15 to 18 the
-- diets (DIETS, in order), bit 19 fait maison. The server builds its masks from the same lists.
CREATE FUNCTION "dish_signature"("allergens" text[], "diets" text[], "homemade" boolean) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN "allergens" IS NULL THEN 0 ELSE 1 END)
    | coalesce((SELECT bit_or(1 << array_position(ARRAY['gluten', 'crustaceans', 'eggs', 'fish', 'peanuts',
        'soybeans', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs'], a))
        FROM unnest("allergens") a), 0)
    | coalesce((SELECT bit_or(1 << (14 + array_position(ARRAY['vegetarian', 'vegan', 'halal', 'kosher'], d)))
        FROM unnest("diets") d), 0)
    | (CASE WHEN "homemade" THEN 1 << 19 ELSE 0 END)
$$;--> statement-breakpoint
-- A board's signatures follow its dishes, whoever writes them (the service, the demo seed, the benchmark
-- generator, tests): once per statement, for the boards it touched.
CREATE FUNCTION "refresh_dish_signatures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "menu_boards" mb SET "dish_signatures" = coalesce((
    SELECT array_agg("dish_signature"(i."allergens", i."diets", i."homemade") ORDER BY i."position")
    FROM "menu_board_items" i WHERE i."menu_board_id" = mb."id"), '{}')
  WHERE mb."id" IN (SELECT DISTINCT "menu_board_id" FROM "changed");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "menu_board_items_inserted" AFTER INSERT ON "menu_board_items" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_dish_signatures"();--> statement-breakpoint
CREATE TRIGGER "menu_board_items_updated" AFTER UPDATE ON "menu_board_items" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_dish_signatures"();--> statement-breakpoint
CREATE TRIGGER "menu_board_items_deleted" AFTER DELETE ON "menu_board_items" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_dish_signatures"();--> statement-breakpoint
-- The boards already written get theirs.
UPDATE "menu_boards" mb SET "dish_signatures" = s."signatures"
FROM (
  SELECT "menu_board_id", array_agg("dish_signature"("allergens", "diets", "homemade") ORDER BY "position") AS "signatures"
  FROM "menu_board_items" GROUP BY "menu_board_id"
) s
WHERE s."menu_board_id" = mb."id";
