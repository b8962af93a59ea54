CREATE TABLE "access_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"establishment_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"proof" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"refusal_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_id" uuid,
	"decided_by_name" text,
	CONSTRAINT "access_requests_status_check" CHECK ("access_requests"."status" in ('open', 'accepted', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "establishment_tombstones" (
	"uri" text PRIMARY KEY NOT NULL,
	"establishment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"town" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "codes" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "claim_email" text;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "closed_for_good_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "owner_answer" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "owner_note" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "owner_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reporter_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_owner_id_restaurant_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."restaurant_owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_requests_status_created_idx" ON "access_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "access_requests_establishment_idx" ON "access_requests" USING btree ("establishment_id");--> statement-breakpoint
CREATE INDEX "access_requests_owner_idx" ON "access_requests" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "establishment_tombstones_establishment_idx" ON "establishment_tombstones" USING btree ("establishment_id");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_owner_answer_check" CHECK ("reports"."owner_answer" is null or "reports"."owner_answer" in ('fixed', 'disputed'));--> statement-breakpoint
-- The address a claim code may go to: the page's e-mail as it was before its owners first changed it (the
-- history's first change of `email` by an owner says what it was), else its e-mail as it is.
UPDATE "establishments" AS e SET "claim_email" = CASE
  WHEN first_change.found THEN first_change.before
  ELSE e."email"
END
FROM (
  SELECT e2."id",
    EXISTS (
      SELECT 1 FROM "change_history" h, jsonb_array_elements(h."changes") c
      WHERE h."subject_type" = 'establishment' AND h."subject_id" = e2."id"
        AND h."actor_role" = 'restaurant-owner' AND c->>'field' = 'email'
    ) AS found,
    (
      SELECT c->>'from' FROM "change_history" h, jsonb_array_elements(h."changes") c
      WHERE h."subject_type" = 'establishment' AND h."subject_id" = e2."id"
        AND h."actor_role" = 'restaurant-owner' AND c->>'field' = 'email'
      ORDER BY h."at" LIMIT 1
    ) AS before
  FROM "establishments" e2
) AS first_change
WHERE first_change."id" = e."id";
