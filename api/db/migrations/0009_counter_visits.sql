CREATE TABLE "counter_visits" (
	"advertisement_id" integer NOT NULL,
	"date" date NOT NULL,
	"visitor" text NOT NULL,
	"kind" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "counter_visits_advertisement_id_date_visitor_kind_pk" PRIMARY KEY("advertisement_id","date","visitor","kind"),
	CONSTRAINT "counter_visits_kind_check" CHECK ("counter_visits"."kind" in ('imp', 'clk', 'pv', 'link1', 'link2', 'link3'))
);
--> statement-breakpoint
ALTER TABLE "counter_visits" ADD CONSTRAINT "counter_visits_advertisement_id_advertisements_id_fk" FOREIGN KEY ("advertisement_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counter_visits_date_idx" ON "counter_visits" USING btree ("date");