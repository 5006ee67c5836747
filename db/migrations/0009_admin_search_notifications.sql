-- The admin search (issue 19) matches with trigram indexes: pg_trgm is a trusted extension (PostgreSQL 13+), so the
-- database owner may create it; PGlite ships it and loads it when it opens (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notifications_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "applications_search_idx" ON "applications" USING gin (lower("student_name" || ' ' || "parent_name" || ' ' || "email" || ' ' || regexp_replace("mobile", '[^0-9]', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blog_posts_search_idx" ON "blog_posts" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_search_idx" ON "courses" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "demo_requests_search_idx" ON "demo_requests" USING gin (lower("student_name" || ' ' || "parent_name" || ' ' || "email" || ' ' || regexp_replace("mobile", '[^0-9]', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin (lower("id"::text || ' ' || "student_name" || ' ' || "parent_name" || ' ' || "email" || ' ' || regexp_replace("mobile", '[^0-9]', '', 'g') || ' ' || coalesce("transaction_id", '') || ' ' || coalesce("gateway_order_id", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "teacher_applications_search_idx" ON "teacher_applications" USING gin (lower("name" || ' ' || "city" || ' ' || "email" || ' ' || regexp_replace("mobile", '[^0-9]', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (lower("name" || ' ' || "email") gin_trgm_ops);