CREATE TABLE "admins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"search_fr" text NOT NULL,
	"search_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "establishment_categories" (
	"establishment_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "establishment_categories_establishment_id_category_id_pk" PRIMARY KEY("establishment_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "establishments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"uri" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"venue_type" text NOT NULL,
	"description" text,
	"street" text,
	"postcode" text,
	"town" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"phone" text,
	"email" text,
	"website" text,
	"opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_range" text,
	"photo_url" text,
	"photo_is_facebook_shared" boolean DEFAULT false NOT NULL,
	"owner_id" uuid,
	"claim_code" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "establishments_latitude_check" CHECK ("establishments"."latitude" between -90 and 90),
	CONSTRAINT "establishments_longitude_check" CHECK ("establishments"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	CONSTRAINT "group_members_group_id_establishment_id_pk" PRIMARY KEY("group_id","establishment_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius_km" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "long_life_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_type" text NOT NULL,
	"account_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_board_items" (
	"menu_board_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "menu_board_items_menu_board_id_position_pk" PRIMARY KEY("menu_board_id","position"),
	CONSTRAINT "menu_board_items_price_check" CHECK ("menu_board_items"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "menu_boards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"establishment_id" uuid NOT NULL,
	"title" text NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restaurant_owners" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"confirmed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "codes" ADD CONSTRAINT "codes_owner_id_restaurant_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."restaurant_owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_categories" ADD CONSTRAINT "establishment_categories_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_categories" ADD CONSTRAINT "establishment_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishments" ADD CONSTRAINT "establishments_owner_id_restaurant_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."restaurant_owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_board_items" ADD CONSTRAINT "menu_board_items_menu_board_id_menu_boards_id_fk" FOREIGN KEY ("menu_board_id") REFERENCES "public"."menu_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_board_items" ADD CONSTRAINT "menu_board_items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_boards" ADD CONSTRAINT "menu_boards_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admins_username_key" ON "admins" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_key" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_search_fr_idx" ON "categories" USING gin ("search_fr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_search_en_idx" ON "categories" USING gin ("search_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "codes_owner_purpose_idx" ON "codes" USING btree ("owner_id","purpose");--> statement-breakpoint
CREATE INDEX "establishment_categories_category_idx" ON "establishment_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "establishments_uri_key" ON "establishments" USING btree ("uri");--> statement-breakpoint
CREATE UNIQUE INDEX "establishments_claim_code_key" ON "establishments" USING btree ("claim_code");--> statement-breakpoint
CREATE UNIQUE INDEX "establishments_owner_key" ON "establishments" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "establishments_location_idx" ON "establishments" USING gist (point("longitude", "latitude"));--> statement-breakpoint
CREATE INDEX "establishments_search_idx" ON "establishments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "establishments_name_idx" ON "establishments" USING btree ("name");--> statement-breakpoint
CREATE INDEX "group_members_establishment_idx" ON "group_members" USING btree ("establishment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "long_life_tokens_hash_key" ON "long_life_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "long_life_tokens_account_idx" ON "long_life_tokens" USING btree ("account_type","account_id");--> statement-breakpoint
CREATE INDEX "menu_board_items_category_idx" ON "menu_board_items" USING btree ("category_id","menu_board_id");--> statement-breakpoint
CREATE INDEX "menu_boards_date_establishment_idx" ON "menu_boards" USING btree ("date","establishment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "restaurant_owners_email_key" ON "restaurant_owners" USING btree (lower("email"));