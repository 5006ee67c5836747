ALTER TYPE "public"."record_event_kind" ADD VALUE 'FOLLOW_UP_SET';--> statement-breakpoint
ALTER TYPE "public"."record_event_kind" ADD VALUE 'FOLLOW_UP_MOVED';--> statement-breakpoint
ALTER TYPE "public"."record_event_kind" ADD VALUE 'FOLLOW_UP_DONE';--> statement-breakpoint
ALTER TYPE "public"."record_event_kind" ADD VALUE 'MERGED';--> statement-breakpoint
ALTER TYPE "public"."record_event_kind" ADD VALUE 'MARKED_DISTINCT';--> statement-breakpoint
CREATE TABLE "follow_ups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "follow_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"record_type" "record_type" NOT NULL,
	"record_id" varchar(64) NOT NULL,
	"due_on" date NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"set_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" integer
);
--> statement-breakpoint
CREATE TABLE "possible_duplicates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "possible_duplicates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"record_type" "record_type" NOT NULL,
	"record_id" integer NOT NULL,
	"other_id" integer NOT NULL,
	"rule" varchar(10) NOT NULL,
	"decision" varchar(10),
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_digests" (
	"kind" varchar(40) NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_digests_kind_day_pk" PRIMARY KEY("kind","day")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "utm_source" varchar(100);--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "utm_medium" varchar(100);--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "utm_campaign" varchar(100);--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "referrer_host" varchar(253);--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "heard_about" varchar(20);--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "heard_about_other" varchar(100);--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "first_contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "utm_source" varchar(100);--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "utm_medium" varchar(100);--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "utm_campaign" varchar(100);--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "referrer_host" varchar(253);--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "heard_about" varchar(20);--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "heard_about_other" varchar(100);--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "first_contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_source" varchar(100);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_medium" varchar(100);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_campaign" varchar(100);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referrer_host" varchar(253);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "heard_about" varchar(20);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "heard_about_other" varchar(100);--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "possible_duplicates" ADD CONSTRAINT "possible_duplicates_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_ups_open_record_idx" ON "follow_ups" USING btree ("record_type","record_id") WHERE "follow_ups"."done_at" is null;--> statement-breakpoint
CREATE INDEX "follow_ups_open_due_idx" ON "follow_ups" USING btree ("due_on") WHERE "follow_ups"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "possible_duplicates_pair_idx" ON "possible_duplicates" USING btree ("record_type","record_id","other_id");--> statement-breakpoint
CREATE INDEX "possible_duplicates_other_idx" ON "possible_duplicates" USING btree ("record_type","other_id");--> statement-breakpoint
CREATE INDEX "applications_mobile_idx" ON "applications" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "applications_child_idx" ON "applications" USING btree (lower("student_name"),"dob");--> statement-breakpoint
CREATE INDEX "demo_requests_mobile_idx" ON "demo_requests" USING btree ("mobile");--> statement-breakpoint
-- The first contact of the enquiries sent before it was kept: the first status change out of PENDING in their history.
UPDATE "applications" SET "first_contacted_at" = (SELECT min("created_at") FROM "record_events" WHERE "record_type" = 'APPLICATION' AND "record_id" = "applications"."id"::text AND "kind" = 'STATUS_CHANGED' AND "from_status" = 'PENDING') WHERE "status" <> 'PENDING';--> statement-breakpoint
UPDATE "demo_requests" SET "first_contacted_at" = (SELECT min("created_at") FROM "record_events" WHERE "record_type" = 'DEMO_REQUEST' AND "record_id" = "demo_requests"."id"::text AND "kind" = 'STATUS_CHANGED' AND "from_status" = 'PENDING') WHERE "status" <> 'PENDING';
