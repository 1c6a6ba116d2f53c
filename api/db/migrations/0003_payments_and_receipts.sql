ALTER TABLE "publishment_orders" ADD COLUMN "receipt_issued_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "publishment_orders" ADD COLUMN "payment_due_date" text;