CREATE TABLE "smpp_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"message_id" bigint NOT NULL,
	"sender" text NOT NULL,
	"recipient" text NOT NULL,
	"status" text NOT NULL,
	"code" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smpp_settings" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"window" integer DEFAULT 10 NOT NULL,
	"tps" integer DEFAULT 50 NOT NULL,
	"id_format" text DEFAULT 'decimal' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smpp_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"dedupe_key" text,
	"source_addr" text NOT NULL,
	"destination_addr" text NOT NULL,
	"receipt" boolean DEFAULT true NOT NULL,
	"campaign_id" bigint,
	"message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_credentials" DROP CONSTRAINT "api_credentials_kind_check";--> statement-breakpoint
ALTER TABLE "smpp_outbox" ADD CONSTRAINT "smpp_outbox_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smpp_settings" ADD CONSTRAINT "smpp_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smpp_settings" ADD CONSTRAINT "smpp_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smpp_submissions" ADD CONSTRAINT "smpp_submissions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smpp_outbox_org_id_idx" ON "smpp_outbox" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "smpp_outbox_message_unique" ON "smpp_outbox" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "smpp_outbox_created_idx" ON "smpp_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "smpp_submissions_org_key_unique" ON "smpp_submissions" USING btree ("organization_id","dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "smpp_submissions_message_unique" ON "smpp_submissions" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "smpp_submissions_created_idx" ON "smpp_submissions" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_kind_check" CHECK ("api_credentials"."kind" in ('sms', 'otp', 'smpp'));