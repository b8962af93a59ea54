ALTER TABLE "menu_board_items" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "menu_board_items" ADD COLUMN "allergens" text[];--> statement-breakpoint
ALTER TABLE "menu_board_items" ADD COLUMN "diets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_board_items" ADD COLUMN "homemade" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_board_items" ADD COLUMN "meat_origin" text;--> statement-breakpoint
CREATE INDEX "menu_boards_establishment_date_idx" ON "menu_boards" USING btree ("establishment_id","date");--> statement-breakpoint
ALTER TABLE "menu_board_items" ADD CONSTRAINT "menu_board_items_allergens_check" CHECK ("menu_board_items"."allergens" <@ array['gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soybeans', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs']::text[]);--> statement-breakpoint
ALTER TABLE "menu_board_items" ADD CONSTRAINT "menu_board_items_diets_check" CHECK ("menu_board_items"."diets" <@ array['vegetarian', 'vegan', 'halal', 'kosher']::text[]);