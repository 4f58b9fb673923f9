DROP INDEX "message_staging_batch_idx";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "accepting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "campaigns_accepting_idx" ON "campaigns" USING btree ("organization_id","id") WHERE "campaigns"."accepting";--> statement-breakpoint
CREATE INDEX "message_staging_batch_idx" ON "message_staging" USING btree ("batch_id","seq");