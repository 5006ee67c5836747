CREATE TABLE "rate_limit_windows" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "image_alt" varchar(250);--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "image_alt" varchar(250);--> statement-breakpoint
CREATE INDEX "rate_limit_windows_reset_at_idx" ON "rate_limit_windows" USING btree ("reset_at");