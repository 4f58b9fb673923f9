ALTER TABLE "sender_evidence_files" ADD COLUMN "kind" text;--> statement-breakpoint
-- Review D20: each document carries its kind. An earlier request had one kind for all its files: they take it.
UPDATE "sender_evidence_files" AS f SET "kind" = s."evidence_type" FROM "senders" AS s WHERE s."id" = f."sender_id" AND s."evidence_type" <> 'website';--> statement-breakpoint
ALTER TABLE "senders" DROP COLUMN "evidence_type";
