ALTER TABLE "establishments" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "source_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "establishments_source_key" ON "establishments" USING btree ("source","source_id") WHERE "establishments"."source_id" is not null;