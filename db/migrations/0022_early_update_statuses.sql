CREATE TABLE "early_update_statuses" (
	"provider_id" varchar(200) NOT NULL,
	"status" "update_status" NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"error_code" integer,
	"error_title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "early_update_statuses_provider_id_status_pk" PRIMARY KEY("provider_id","status")
);
