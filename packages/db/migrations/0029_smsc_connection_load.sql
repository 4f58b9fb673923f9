ALTER TABLE "smsc_connection_health" ADD COLUMN "binds" integer;--> statement-breakpoint
ALTER TABLE "smsc_connection_health" ADD COLUMN "bound" integer;--> statement-breakpoint
ALTER TABLE "smsc_connection_health" ADD COLUMN "queued" integer;--> statement-breakpoint
ALTER TABLE "smsc_connection_health" ADD COLUMN "in_flight" integer;