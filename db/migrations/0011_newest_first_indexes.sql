-- Newest-first indexes in the order `ORDER BY … DESC` asks for (NULLS FIRST): with NULLS LAST no
-- list query could read them, and every newest-first page sorted its whole table (db/schema.ts).
DROP INDEX "applications_created_at_idx";--> statement-breakpoint
DROP INDEX "blog_posts_created_at_idx";--> statement-breakpoint
DROP INDEX "courses_created_at_idx";--> statement-breakpoint
DROP INDEX "demo_requests_created_at_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_created_at_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_at_idx";--> statement-breakpoint
DROP INDEX "orders_paid_at_idx";--> statement-breakpoint
DROP INDEX "record_events_created_at_idx";--> statement-breakpoint
DROP INDEX "teacher_applications_created_at_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
CREATE INDEX "applications_created_at_idx" ON "applications" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "blog_posts_created_at_idx" ON "blog_posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_created_at_idx" ON "courses" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "demo_requests_created_at_idx" ON "demo_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_created_at_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at" DESC NULLS FIRST) WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "record_events_created_at_idx" ON "record_events" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "teacher_applications_created_at_idx" ON "teacher_applications" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);