CREATE TABLE "post_tallies" (
	"tally" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "post_tallies_tally_at_pk" PRIMARY KEY("tally","at")
);
--> statement-breakpoint
CREATE TABLE "post_tally_members" (
	"advertisement_id" integer PRIMARY KEY NOT NULL,
	"ordered" boolean NOT NULL,
	"waiting" boolean NOT NULL,
	"live_from" timestamp with time zone,
	"live_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "publishment_orders" ADD CONSTRAINT "publishment_orders_period_check" CHECK ("publishment_orders"."publishes_at" <= "publishment_orders"."unpublishes_at");--> statement-breakpoint
-- Exact counts for the editors' screens (ADR 0013 addendum): each ad's share of the counts is
-- kept in post_tally_members, and every statement that changes ads, orders or public copies
-- refreshes the share of the ads it touched from the rows as they are now, in the writer's
-- transaction. A refresh compares with what each ad added before, so refreshing twice, or an
-- upsert firing both its insert and its update trigger, changes nothing. Set-based and per
-- statement (transition tables), so seeding 50,000 ads costs one refresh, not 50,000.
-- The conditions are the API's (api/domain/publishment.ts, api/resources/posts-query.ts):
-- waiting = needs review (new, reapplying) on a live ad; live = ordered, not deleted and public.
-- api/resources/post-tallies.test.ts compares every count with the scan it replaces.
CREATE VIEW "post_tally_shares" AS
SELECT "a"."id" AS "advertisement_id",
       "o"."id" IS NOT NULL AS "ordered",
       coalesce("o"."publishment_status" IN ('new', 'reapplying') AND NOT "a"."is_deleted", false) AS "waiting",
       CASE WHEN "p"."post_status" = 'public' AND NOT "a"."is_deleted" THEN "o"."publishes_at" END AS "live_from",
       CASE WHEN "p"."post_status" = 'public' AND NOT "a"."is_deleted" THEN "o"."unpublishes_at" END AS "live_until"
  FROM "advertisements" "a"
  LEFT JOIN "publishment_orders" "o" ON "o"."advertisement_id" = "a"."id"
  LEFT JOIN "public_advertisements" "p" ON "p"."advertisement_id" = "a"."id";--> statement-breakpoint
CREATE FUNCTION "post_tally_refresh"("ads" integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH "cur" AS (
    SELECT * FROM "post_tally_shares" WHERE "advertisement_id" = ANY ("ads")
  ), "was" AS (
    SELECT * FROM "post_tally_members" WHERE "advertisement_id" = ANY ("ads")
  ), "moved" AS (
    SELECT "w" AS "old", "c" AS "new"
      FROM "cur" "c" FULL JOIN "was" "w" USING ("advertisement_id")
     WHERE ("c".*) IS DISTINCT FROM ("w".*)
  ), "shares" AS (
    SELECT ("old")."ordered", ("old")."waiting", ("old")."live_from", ("old")."live_until", -1 AS "d"
      FROM "moved" WHERE ("old")."advertisement_id" IS NOT NULL
    UNION ALL
    SELECT ("new")."ordered", ("new")."waiting", ("new")."live_from", ("new")."live_until", 1
      FROM "moved" WHERE ("new")."advertisement_id" IS NOT NULL
  ), "deltas" AS (
    SELECT 'all' AS "tally", '-infinity'::timestamptz AS "at", "d" FROM "shares"
    UNION ALL SELECT 'ordered', '-infinity', "d" FROM "shares" WHERE "ordered"
    UNION ALL SELECT 'waiting', '-infinity', "d" FROM "shares" WHERE "waiting"
    UNION ALL SELECT 'live_from', "live_from", "d" FROM "shares" WHERE "live_from" IS NOT NULL
    UNION ALL SELECT 'live_until', "live_until", "d" FROM "shares" WHERE "live_from" IS NOT NULL
  )
  -- In key order, so writers that move the same counts lock their rows in the same order and
  -- never deadlock on them.
  INSERT INTO "post_tallies" AS "t" ("tally", "at", "n")
  SELECT "tally", "at", sum("d") FROM "deltas" GROUP BY "tally", "at" ORDER BY "tally", "at"
  ON CONFLICT ("tally", "at") DO UPDATE SET "n" = "t"."n" + excluded."n";
  DELETE FROM "post_tally_members" "m"
   WHERE "m"."advertisement_id" = ANY ("ads")
     AND NOT EXISTS (SELECT 1 FROM "advertisements" "a" WHERE "a"."id" = "m"."advertisement_id");
  INSERT INTO "post_tally_members"
  SELECT * FROM "post_tally_shares" WHERE "advertisement_id" = ANY ("ads") ORDER BY "advertisement_id"
  ON CONFLICT ("advertisement_id") DO UPDATE SET
    "ordered" = excluded."ordered", "waiting" = excluded."waiting",
    "live_from" = excluded."live_from", "live_until" = excluded."live_until";
END $$;--> statement-breakpoint
CREATE FUNCTION "post_tally_of_ads"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "post_tally_refresh"(ARRAY(SELECT "id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "post_tally_refresh"(ARRAY(SELECT "id" FROM "old_rows"));
  ELSE
    PERFORM "post_tally_refresh"(ARRAY(
      SELECT "n"."id" FROM "new_rows" "n" JOIN "old_rows" "o" ON "o"."id" = "n"."id"
       WHERE "n"."is_deleted" IS DISTINCT FROM "o"."is_deleted"
      UNION SELECT "id" FROM "new_rows" WHERE "id" NOT IN (SELECT "id" FROM "old_rows")
      UNION SELECT "id" FROM "old_rows" WHERE "id" NOT IN (SELECT "id" FROM "new_rows")));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "post_tally_of_parts"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "post_tally_refresh"(ARRAY(SELECT "advertisement_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "post_tally_refresh"(ARRAY(SELECT "advertisement_id" FROM "old_rows"));
  ELSE
    PERFORM "post_tally_refresh"(ARRAY(
      SELECT "advertisement_id" FROM "new_rows" UNION SELECT "advertisement_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO "post_tally_members" SELECT * FROM "post_tally_shares";--> statement-breakpoint
INSERT INTO "post_tallies" ("tally", "at", "n")
SELECT 'all', '-infinity'::timestamptz, count(*) FROM "post_tally_members"
UNION ALL SELECT 'ordered', '-infinity', count(*) FROM "post_tally_members" WHERE "ordered"
UNION ALL SELECT 'waiting', '-infinity', count(*) FROM "post_tally_members" WHERE "waiting"
UNION ALL SELECT 'live_from', "live_from", count(*) FROM "post_tally_members" WHERE "live_from" IS NOT NULL GROUP BY "live_from"
UNION ALL SELECT 'live_until', "live_until", count(*) FROM "post_tally_members" WHERE "live_until" IS NOT NULL GROUP BY "live_until";--> statement-breakpoint
CREATE TRIGGER "post_tally_ads_insert" AFTER INSERT ON "advertisements"
REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "post_tally_of_ads"();--> statement-breakpoint
CREATE TRIGGER "post_tally_ads_update" AFTER UPDATE ON "advertisements"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "post_tally_of_ads"();--> statement-breakpoint
CREATE TRIGGER "post_tally_ads_delete" AFTER DELETE ON "advertisements"
REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "post_tally_of_ads"();--> statement-breakpoint
CREATE TRIGGER "post_tally_orders_insert" AFTER INSERT ON "publishment_orders"
REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "post_tally_of_parts"();--> statement-breakpoint
CREATE TRIGGER "post_tally_orders_update" AFTER UPDATE ON "publishment_orders"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "post_tally_of_parts"();--> statement-breakpoint
CREATE TRIGGER "post_tally_orders_delete" AFTER DELETE ON "publishment_orders"
REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "post_tally_of_parts"();--> statement-breakpoint
CREATE TRIGGER "post_tally_public_insert" AFTER INSERT ON "public_advertisements"
REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "post_tally_of_parts"();--> statement-breakpoint
CREATE TRIGGER "post_tally_public_update" AFTER UPDATE ON "public_advertisements"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "post_tally_of_parts"();--> statement-breakpoint
CREATE TRIGGER "post_tally_public_delete" AFTER DELETE ON "public_advertisements"
REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "post_tally_of_parts"();
