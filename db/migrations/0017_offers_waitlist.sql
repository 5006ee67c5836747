CREATE TYPE "public"."offer_status" AS ENUM('OFFERED', 'ACCEPTED', 'DECLINED', 'EXPIRED', 'WITHDRAWN');--> statement-breakpoint
CREATE TYPE "public"."waitlist_status" AS ENUM('WAITING', 'PROMOTED', 'REMOVED');--> statement-breakpoint
ALTER TYPE "public"."record_event_kind" ADD VALUE 'OFFER';--> statement-breakpoint
ALTER TYPE "public"."record_event_kind" ADD VALUE 'WAITLIST';--> statement-breakpoint
CREATE TABLE "offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"grade" "grade" NOT NULL,
	"status" "offer_status" DEFAULT 'OFFERED' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"offered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"grade" "grade" NOT NULL,
	"status" "waitlist_status" DEFAULT 'WAITING' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "waitlist_entries_application_id_unique" UNIQUE("application_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offer_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seat_held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_offered_by_users_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open_per_application_idx" ON "offers" USING btree ("application_id") WHERE "offers"."status" = 'OFFERED';--> statement-breakpoint
CREATE INDEX "offers_application_id_idx" ON "offers" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "offers_open_grade_idx" ON "offers" USING btree ("grade") WHERE "offers"."status" = 'OFFERED';--> statement-breakpoint
CREATE INDEX "offers_open_expires_at_idx" ON "offers" USING btree ("expires_at") WHERE "offers"."status" = 'OFFERED';--> statement-breakpoint
CREATE INDEX "offers_created_at_idx" ON "offers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "waitlist_entries_waiting_idx" ON "waitlist_entries" USING btree ("grade","joined_at","id") WHERE "waitlist_entries"."status" = 'WAITING';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_offer_id_idx" ON "orders" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "orders_seat_held_idx" ON "orders" USING btree ("grade","seat_held_until") WHERE "orders"."seat_held_until" is not null and "orders"."offer_id" is null;