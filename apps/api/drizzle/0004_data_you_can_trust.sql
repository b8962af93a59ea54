CREATE TABLE "claim_code_mails" (
	"id" uuid PRIMARY KEY NOT NULL,
	"establishment_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "establishment_uris" (
	"uri" text PRIMARY KEY NOT NULL,
	"establishment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "side_effects" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "menu_boards_date_establishment_idx";--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_boards" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_owners" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_code_mails" ADD CONSTRAINT "claim_code_mails_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_uris" ADD CONSTRAINT "establishment_uris_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_code_mails_establishment_idx" ON "claim_code_mails" USING btree ("establishment_id","sent_at");--> statement-breakpoint
CREATE INDEX "establishment_uris_establishment_idx" ON "establishment_uris" USING btree ("establishment_id");--> statement-breakpoint
CREATE INDEX "side_effects_due_idx" ON "side_effects" USING btree ("run_after") WHERE "side_effects"."failed_at" is null;--> statement-breakpoint
-- One board per establishment and day from now on: of the boards published for the same day, the page
-- already showed the newest; the older ones go.
DELETE FROM "menu_boards" m USING "menu_boards" n
WHERE n."establishment_id" = m."establishment_id" AND n."date" = m."date"
  AND (n."created_at", n."id") > (m."created_at", m."id");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_boards_date_establishment_key" ON "menu_boards" USING btree ("date","establishment_id");--> statement-breakpoint
-- Every UPDATE raises the row's version, whoever writes it: the ETag of the record (a write based on an older
-- read is refused). Nothing that changes a row can forget it.
CREATE FUNCTION "bump_row_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."version" := OLD."version" + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "establishments_version" BEFORE UPDATE ON "establishments" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();--> statement-breakpoint
CREATE TRIGGER "menu_boards_version" BEFORE UPDATE ON "menu_boards" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();--> statement-breakpoint
CREATE TRIGGER "restaurant_owners_version" BEFORE UPDATE ON "restaurant_owners" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();--> statement-breakpoint
CREATE TRIGGER "admins_version" BEFORE UPDATE ON "admins" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();--> statement-breakpoint
CREATE TRIGGER "groups_version" BEFORE UPDATE ON "groups" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();--> statement-breakpoint
-- Every address an establishment takes is kept: an address that another establishment has or had is
-- refused as a unique violation of establishment_uris_pkey (the server answers 409 UriAlreadyUsed).
CREATE FUNCTION "keep_establishment_uris"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "establishment_uris" WHERE "uri" = NEW."uri" AND "establishment_id" <> NEW."id") THEN
    RAISE unique_violation USING
      MESSAGE = format('uri %L belongs to another establishment', NEW."uri"),
      CONSTRAINT = 'establishment_uris_pkey';
  END IF;
  INSERT INTO "establishment_uris" ("uri", "establishment_id") VALUES (NEW."uri", NEW."id")
  ON CONFLICT ("uri") DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "establishments_uris" AFTER INSERT OR UPDATE OF "uri" ON "establishments" FOR EACH ROW EXECUTE FUNCTION "keep_establishment_uris"();--> statement-breakpoint
INSERT INTO "establishment_uris" ("uri", "establishment_id", "created_at")
SELECT "uri", "id", "created_at" FROM "establishments";
