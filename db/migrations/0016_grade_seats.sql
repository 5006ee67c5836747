ALTER TYPE "public"."record_event_kind" ADD VALUE 'SEATS_CHANGED';--> statement-breakpoint
ALTER TYPE "public"."record_type" ADD VALUE 'GRADE';--> statement-breakpoint
ALTER TABLE "grades" ADD COLUMN "seats" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "grades" ADD COLUMN "reserved_seats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A school that already took fees keeps every child it enrolled: no grade starts with fewer seats
-- than its paid enrollments (issue 38, decision 0050). As text: every migration runs in one
-- transaction, and an enum value added in it (PARTIALLY_REFUNDED) cannot be used before it commits.
UPDATE "grades" SET "seats" = least(1000, greatest("seats", (
  SELECT count(*) FROM "orders"
  WHERE "orders"."grade" = "grades"."name" AND "orders"."status"::text IN ('PAID', 'PARTIALLY_REFUNDED')
)));--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_seats_range" CHECK ("grades"."seats" between 0 and 1000);--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_reserved_seats_range" CHECK ("grades"."reserved_seats" between 0 and "grades"."seats");