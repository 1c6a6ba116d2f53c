-- What an advertiser may see of its own ads (not deleted), in id order (issue 32): My Page's count
-- of them reads this index alone instead of every ad's row, and its page reads it in order.
CREATE INDEX "advertisements_owner_id_id_visible_idx" ON "advertisements" USING btree ("owner_id","id") WHERE not "advertisements"."is_deleted";