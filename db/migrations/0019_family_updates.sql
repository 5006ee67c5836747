CREATE TYPE "public"."update_channel" AS ENUM('WHATSAPP', 'SMS');--> statement-breakpoint
CREATE TYPE "public"."update_status" AS ENUM('QUEUED', 'SENDING', 'SENT', 'DELIVERED', 'READ', 'FAILED', 'UNCERTAIN');--> statement-breakpoint
CREATE TABLE "family_updates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "family_updates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" "update_channel" NOT NULL,
	"kind" varchar(40) NOT NULL,
	"language" "language" DEFAULT 'en' NOT NULL,
	"to_number" varchar(16) NOT NULL,
	"parameters" jsonb NOT NULL,
	"about" varchar(80),
	"status" "update_status" DEFAULT 'QUEUED' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"provider_id" varchar(200),
	"last_error" text,
	"error_code" integer,
	"fallback_of" integer,
	"resent_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "update_opt_outs" (
	"to_number" varchar(16) NOT NULL,
	"channel" "update_channel" NOT NULL,
	"source" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "update_opt_outs_to_number_channel_pk" PRIMARY KEY("to_number","channel")
);
--> statement-breakpoint
CREATE TABLE "update_send_rate" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"next_slot_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "update_send_rate_one_row" CHECK ("update_send_rate"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "whatsapp_updates_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "whatsapp_updates_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "whatsapp_updates_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_updates_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "family_updates" ADD CONSTRAINT "family_updates_fallback_of_family_updates_id_fk" FOREIGN KEY ("fallback_of") REFERENCES "public"."family_updates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_updates" ADD CONSTRAINT "family_updates_resent_from_family_updates_id_fk" FOREIGN KEY ("resent_from") REFERENCES "public"."family_updates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_updates_due_idx" ON "family_updates" USING btree ("next_attempt_at") WHERE "family_updates"."status" in ('QUEUED', 'SENDING');--> statement-breakpoint
CREATE UNIQUE INDEX "family_updates_provider_id_idx" ON "family_updates" USING btree ("channel","provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "family_updates_fallback_of_idx" ON "family_updates" USING btree ("fallback_of");--> statement-breakpoint
CREATE INDEX "family_updates_about_idx" ON "family_updates" USING btree ("about");--> statement-breakpoint
CREATE INDEX "family_updates_to_number_idx" ON "family_updates" USING btree ("to_number");