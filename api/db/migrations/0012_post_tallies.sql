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
-- kept in post_tally_members, and any change to the ad, its order or its public copy refreshes
-- that share from the rows as they are now, in the writer's transaction. A refresh compares
-- with what the ad added before, so running it twice, or for an upsert, changes nothing.
-- The conditions are the API's (api/domain/publishment.ts, api/resources/posts-query.ts):
-- waiting = needs review (new, reapplying) on a live ad; live = ordered, not deleted and public.
-- tests/contract/post-tallies.test.ts compares every count with the query it replaces.
CREATE FUNCTION "post_tally_bump"("t" text, "a" timestamptz, "d" integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "post_tallies" AS "pt" ("tally", "at", "n") VALUES ("t", "a", "d")
  ON CONFLICT ("tally", "at") DO UPDATE SET "n" = "pt"."n" + excluded."n"
$$;--> statement-breakpoint
CREATE FUNCTION "post_tally_add"("m" "post_tally_members", "d" integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "post_tally_bump"('all', '-infinity', "d");
  IF "m"."ordered" THEN PERFORM "post_tally_bump"('ordered', '-infinity', "d"); END IF;
  IF "m"."waiting" THEN PERFORM "post_tally_bump"('waiting', '-infinity', "d"); END IF;
  IF "m"."live_from" IS NOT NULL THEN
    PERFORM "post_tally_bump"('live_from', "m"."live_from", "d");
    PERFORM "post_tally_bump"('live_until', "m"."live_until", "d");
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "post_tally_refresh"("ad" integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  "was" "post_tally_members"%ROWTYPE;
  "cur" "post_tally_members"%ROWTYPE;
  "had" boolean;
  "has" boolean;
BEGIN
  SELECT * INTO "was" FROM "post_tally_members" WHERE "advertisement_id" = "ad";
  "had" := FOUND;
  SELECT "a"."id",
         "o"."id" IS NOT NULL,
         coalesce("o"."publishment_status" IN ('new', 'reapplying') AND NOT "a"."is_deleted", false),
         CASE WHEN "p"."post_status" = 'public' AND NOT "a"."is_deleted" THEN "o"."publishes_at" END,
         CASE WHEN "p"."post_status" = 'public' AND NOT "a"."is_deleted" THEN "o"."unpublishes_at" END
    INTO "cur"
    FROM "advertisements" "a"
    LEFT JOIN "publishment_orders" "o" ON "o"."advertisement_id" = "a"."id"
    LEFT JOIN "public_advertisements" "p" ON "p"."advertisement_id" = "a"."id"
   WHERE "a"."id" = "ad";
  "has" := FOUND;
  IF "had" AND "has" AND "was" IS NOT DISTINCT FROM "cur" THEN RETURN; END IF;
  IF "had" THEN PERFORM "post_tally_add"("was", -1); END IF;
  IF "has" THEN
    PERFORM "post_tally_add"("cur", 1);
    INSERT INTO "post_tally_members" VALUES ("cur".*)
    ON CONFLICT ("advertisement_id") DO UPDATE SET
      "ordered" = excluded."ordered", "waiting" = excluded."waiting",
      "live_from" = excluded."live_from", "live_until" = excluded."live_until";
  ELSIF "had" THEN
    DELETE FROM "post_tally_members" WHERE "advertisement_id" = "ad";
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "post_tally_of_ad"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "post_tally_refresh"(OLD."id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "post_tally_refresh"(NEW."id"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "post_tally_of_part"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "post_tally_refresh"(OLD."advertisement_id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "post_tally_refresh"(NEW."advertisement_id"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO "post_tally_members"
SELECT "a"."id",
       "o"."id" IS NOT NULL,
       coalesce("o"."publishment_status" IN ('new', 'reapplying') AND NOT "a"."is_deleted", false),
       CASE WHEN "p"."post_status" = 'public' AND NOT "a"."is_deleted" THEN "o"."publishes_at" END,
       CASE WHEN "p"."post_status" = 'public' AND NOT "a"."is_deleted" THEN "o"."unpublishes_at" END
  FROM "advertisements" "a"
  LEFT JOIN "publishment_orders" "o" ON "o"."advertisement_id" = "a"."id"
  LEFT JOIN "public_advertisements" "p" ON "p"."advertisement_id" = "a"."id";--> statement-breakpoint
INSERT INTO "post_tallies" ("tally", "at", "n")
SELECT 'all', '-infinity'::timestamptz, count(*) FROM "post_tally_members"
UNION ALL SELECT 'ordered', '-infinity', count(*) FROM "post_tally_members" WHERE "ordered"
UNION ALL SELECT 'waiting', '-infinity', count(*) FROM "post_tally_members" WHERE "waiting"
UNION ALL SELECT 'live_from', "live_from", count(*) FROM "post_tally_members" WHERE "live_from" IS NOT NULL GROUP BY "live_from"
UNION ALL SELECT 'live_until', "live_until", count(*) FROM "post_tally_members" WHERE "live_until" IS NOT NULL GROUP BY "live_until";--> statement-breakpoint
CREATE TRIGGER "post_tally_ad" AFTER INSERT OR DELETE OR UPDATE OF "id", "is_deleted" ON "advertisements"
FOR EACH ROW EXECUTE FUNCTION "post_tally_of_ad"();--> statement-breakpoint
CREATE TRIGGER "post_tally_order" AFTER INSERT OR DELETE OR UPDATE OF "advertisement_id", "publishment_status", "publishes_at", "unpublishes_at" ON "publishment_orders"
FOR EACH ROW EXECUTE FUNCTION "post_tally_of_part"();--> statement-breakpoint
CREATE TRIGGER "post_tally_public" AFTER INSERT OR DELETE OR UPDATE OF "advertisement_id", "post_status" ON "public_advertisements"
FOR EACH ROW EXECUTE FUNCTION "post_tally_of_part"();
