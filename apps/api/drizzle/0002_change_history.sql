CREATE TABLE "change_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"establishment_id" uuid,
	"action" text NOT NULL,
	"actor_role" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "change_history_subject_idx" ON "change_history" USING btree ("subject_type","subject_id","at");--> statement-breakpoint
CREATE INDEX "change_history_establishment_idx" ON "change_history" USING btree ("establishment_id","at");