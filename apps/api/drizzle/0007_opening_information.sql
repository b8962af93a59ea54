CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"establishment_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"message" text,
	"email" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" uuid,
	"resolved_by_name" text,
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('closed', 'hours', 'contact', 'menu', 'other')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'resolved', 'dismissed')),
	CONSTRAINT "reports_message_check" CHECK ("reports"."reason" <> 'other' or "reports"."message" is not null)
);
--> statement-breakpoint
CREATE TABLE "verify_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"establishment_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "closures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "verify_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verify_tokens" ADD CONSTRAINT "verify_tokens_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reports_establishment_idx" ON "reports" USING btree ("establishment_id");--> statement-breakpoint
CREATE INDEX "verify_tokens_establishment_idx" ON "verify_tokens" USING btree ("establishment_id");--> statement-breakpoint
ALTER TABLE "establishments" ADD CONSTRAINT "establishments_closures_check" CHECK (jsonb_typeof("establishments"."closures") = 'array' and jsonb_array_length("establishments"."closures") <= 20);