CREATE TABLE "derived_changes" (
	"table_name" text NOT NULL,
	"xact" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	CONSTRAINT "derived_changes_table_name_xact_pk" PRIMARY KEY("table_name","xact")
);
--> statement-breakpoint
CREATE TABLE "derived_figures" (
	"name" text PRIMARY KEY NOT NULL,
	"params" text NOT NULL,
	"tables" text[] NOT NULL,
	"snapshot" "pg_snapshot" NOT NULL,
	"value" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "derived_horizon" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"xact" "xid8" DEFAULT '0'::xid8 NOT NULL,
	CONSTRAINT "derived_horizon_one_row" CHECK ("derived_horizon"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "derived_horizon" ("id") VALUES (1);
--> statement-breakpoint
-- Decision 0056: a statement that writes to a table a kept figure reads notes its transaction once.
CREATE FUNCTION "note_derived_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "derived_changes" ("table_name") VALUES (TG_TABLE_NAME) ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_derived_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "applications" FOR EACH STATEMENT EXECUTE FUNCTION "note_derived_change"();
--> statement-breakpoint
CREATE TRIGGER "demo_requests_derived_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "demo_requests" FOR EACH STATEMENT EXECUTE FUNCTION "note_derived_change"();
--> statement-breakpoint
CREATE TRIGGER "offers_derived_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offers" FOR EACH STATEMENT EXECUTE FUNCTION "note_derived_change"();
--> statement-breakpoint
CREATE TRIGGER "orders_derived_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "note_derived_change"();
