-- The sales list's order (recorded_at, then id) read off one index (issue 32): a page of the month is
-- no longer sorted, and the offset of a later page is skipped in the index. It serves the month's
-- count and totals as the index on recorded_at alone did, which goes.
CREATE INDEX "sales_recorded_at_id_idx" ON "sales" USING btree ("recorded_at","id");--> statement-breakpoint
DROP INDEX "sales_recorded_at_idx";
