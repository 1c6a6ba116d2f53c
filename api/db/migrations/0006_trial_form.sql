CREATE TABLE "trial_submissions" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"client_id" integer,
	"advertisement_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_objects" ADD COLUMN "trial_key_hash" text;--> statement-breakpoint
ALTER TABLE "media_objects" ADD COLUMN "quarantine_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trial_submissions" ADD CONSTRAINT "trial_submissions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_submissions" ADD CONSTRAINT "trial_submissions_advertisement_id_advertisements_id_fk" FOREIGN KEY ("advertisement_id") REFERENCES "public"."advertisements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_objects_trial_key_hash_idx" ON "media_objects" USING btree ("trial_key_hash") WHERE "media_objects"."trial_key_hash" is not null;