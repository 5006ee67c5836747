CREATE TYPE "public"."record_event_kind" AS ENUM('STATUS_CHANGED', 'NOTE', 'ANONYMISED', 'ERASED');--> statement-breakpoint
CREATE TYPE "public"."record_type" AS ENUM('APPLICATION', 'DEMO_REQUEST', 'ORDER', 'TEACHER_APPLICATION', 'USER');--> statement-breakpoint
CREATE TABLE "record_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "record_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"record_type" "record_type" NOT NULL,
	"record_id" varchar(64) NOT NULL,
	"kind" "record_event_kind" NOT NULL,
	"actor_id" integer,
	"from_status" varchar(30),
	"to_status" varchar(30),
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "notice_version" varchar(20);--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "notice_version" varchar(20);--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "notice_version" varchar(20);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teacher_applications" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teacher_applications" ADD COLUMN "notice_version" varchar(20);--> statement-breakpoint
ALTER TABLE "record_events" ADD CONSTRAINT "record_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_events_record_idx" ON "record_events" USING btree ("record_type","record_id","created_at");--> statement-breakpoint
CREATE INDEX "record_events_created_at_idx" ON "record_events" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);