-- Every submission that queues mails pays for each index of mail_outbox: the Message-ID's unique
-- index (a random UUID; nothing reads by it) and the created_at index (the admin list is now in id
-- order, which the primary key serves) go. The claim's due index stays.
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_message_id_unique";--> statement-breakpoint
DROP INDEX "mail_outbox_created_at_idx";