DROP INDEX "advertisements_owner_id_idx";--> statement-breakpoint
DROP INDEX "message_boxes_client_id_idx";--> statement-breakpoint
DROP INDEX "message_boxes_advertisement_id_idx";--> statement-breakpoint
CREATE INDEX "advertisements_owner_id_id_idx" ON "advertisements" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "advertisements_priority_id_idx" ON "advertisements" USING btree ("priority","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "advertisements_priority_title_idx" ON "advertisements" USING btree ("priority","title");--> statement-breakpoint
CREATE INDEX "message_boxes_client_id_id_idx" ON "message_boxes" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "message_boxes_advertisement_id_created_at_idx" ON "message_boxes" USING btree ("advertisement_id","created_at");--> statement-breakpoint
CREATE INDEX "publishment_orders_publishes_at_idx" ON "publishment_orders" USING btree ("publishes_at");--> statement-breakpoint
CREATE INDEX "publishment_orders_unpublishes_at_idx" ON "publishment_orders" USING btree ("unpublishes_at");