ALTER TABLE "update_opt_outs" DROP CONSTRAINT "update_opt_outs_to_number_channel_pk";--> statement-breakpoint
ALTER TABLE "update_opt_outs" ADD COLUMN "id" integer PRIMARY KEY NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "update_opt_outs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "update_opt_outs" ADD COLUMN "set_by" integer;--> statement-breakpoint
ALTER TABLE "update_opt_outs" ADD CONSTRAINT "update_opt_outs_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_opt_outs" ADD CONSTRAINT "update_opt_outs_number_channel_setter" UNIQUE NULLS NOT DISTINCT("to_number","channel","source","set_by");