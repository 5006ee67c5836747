ALTER TABLE "blog_posts" ADD COLUMN "title_hi" varchar(200);--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "description_hi" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "title_hi" varchar(200);--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "description_hi" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_hindi_both_or_neither" CHECK (("blog_posts"."title_hi" is null) = ("blog_posts"."description_hi" is null));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_hindi_both_or_neither" CHECK (("courses"."title_hi" is null) = ("courses"."description_hi" is null));