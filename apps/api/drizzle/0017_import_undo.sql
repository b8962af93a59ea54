CREATE TABLE "establishment_import_changes" (
	"import_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"version_after" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "establishment_import_changes_import_id_establishment_id_pk" PRIMARY KEY("import_id","establishment_id")
);
--> statement-breakpoint
CREATE TABLE "establishment_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"created" integer NOT NULL,
	"updated" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "establishment_import_changes" ADD CONSTRAINT "establishment_import_changes_import_id_establishment_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."establishment_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "establishment_imports_at_idx" ON "establishment_imports" USING btree ("at");