-- Mail becomes a job kind (ADR 0007 addendum): each unsent mail gets its `mail` job, carrying the
-- attempts, the next try and the last error the outbox row had; then those columns go.
INSERT INTO "jobs" ("kind", "advertisement_id", "dedupe_key", "payload", "run_at", "attempts", "last_error", "created_at")
SELECT 'mail', NULL, 'mail:' || "id", jsonb_build_object('mailId', "id"), "next_attempt_at", "attempts", "last_error", "created_at"
FROM "mail_outbox" WHERE "sent_at" IS NULL
ON CONFLICT ("dedupe_key") DO NOTHING;--> statement-breakpoint
DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "last_error";
