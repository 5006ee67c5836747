ALTER TYPE "public"."record_event_kind" ADD VALUE 'MESSAGE_RESENT';--> statement-breakpoint
CREATE UNIQUE INDEX "family_updates_resent_from_idx" ON "family_updates" USING btree ("resent_from");