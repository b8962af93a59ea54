CREATE TABLE "password_reset_mails" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_owners" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_mails" ADD CONSTRAINT "password_reset_mails_owner_id_restaurant_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."restaurant_owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_mails_owner_idx" ON "password_reset_mails" USING btree ("owner_id","sent_at");