CREATE TABLE "auto_reply_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"keyword_key" text NOT NULL,
	"reply" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "campaign_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "message_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "message_created_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_settings" ADD COLUMN "inbound_webhook_url" text;--> statement-breakpoint
ALTER TABLE "api_settings" ADD COLUMN "auto_reply_daily_limit" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "inbound_message_id" bigint;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "campaign_id" bigint;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "auto_reply_rule_id" integer;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "auto_reply_status" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "auto_reply_campaign_id" bigint;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "auto_reply_error" text;--> statement-breakpoint
ALTER TABLE "auto_reply_rules" ADD CONSTRAINT "auto_reply_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_reply_rules_org_keyword_unique" ON "auto_reply_rules" USING btree ("organization_id","keyword_key");--> statement-breakpoint
CREATE INDEX "auto_reply_rules_org_created_idx" ON "auto_reply_rules" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "inbound_messages_org_source_idx" ON "inbound_messages" USING btree ("organization_id","source","received_at","id");--> statement-breakpoint
CREATE INDEX "inbound_messages_org_campaign_idx" ON "inbound_messages" USING btree ("organization_id","campaign_id","received_at");--> statement-breakpoint
CREATE INDEX "inbound_messages_auto_reply_due_idx" ON "inbound_messages" USING btree ("id") WHERE "inbound_messages"."auto_reply_status" = 'due';