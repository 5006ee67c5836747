CREATE TABLE "stored_images" (
	"name" varchar(120) PRIMARY KEY NOT NULL,
	"base" varchar(100) NOT NULL,
	"original" boolean NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stored_images_base_idx" ON "stored_images" USING btree ("base");