CREATE TABLE "establishment_daily_counts" (
	"establishment_id" uuid NOT NULL,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "establishment_daily_counts_establishment_id_day_type_source_pk" PRIMARY KEY("establishment_id","day","type","source"),
	CONSTRAINT "establishment_daily_counts_count_check" CHECK ("establishment_daily_counts"."count" > 0)
);
--> statement-breakpoint
ALTER TABLE "establishment_daily_counts" ADD CONSTRAINT "establishment_daily_counts_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "establishment_daily_counts_day_idx" ON "establishment_daily_counts" USING btree ("day");