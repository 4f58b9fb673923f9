CREATE TABLE "alert_settings" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"low_credit_enabled" boolean DEFAULT false NOT NULL,
	"low_credit_threshold" integer DEFAULT 1000 NOT NULL,
	"low_credit_channel" text DEFAULT 'email' NOT NULL,
	"low_credit_alerted_at" timestamp with time zone,
	"expiry_enabled" boolean DEFAULT false NOT NULL,
	"expiry_days" integer DEFAULT 7 NOT NULL,
	"expiry_channel" text DEFAULT 'email' NOT NULL,
	"expiry_alerted_for" timestamp with time zone,
	"locale" text DEFAULT 'th' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_settings_low_credit_channel_check" CHECK ("alert_settings"."low_credit_channel" in ('email', 'sms', 'both')),
	CONSTRAINT "alert_settings_expiry_channel_check" CHECK ("alert_settings"."expiry_channel" in ('email', 'sms', 'both')),
	CONSTRAINT "alert_settings_threshold_check" CHECK ("alert_settings"."low_credit_threshold" >= 1),
	CONSTRAINT "alert_settings_expiry_days_check" CHECK ("alert_settings"."expiry_days" between 1 and 365),
	CONSTRAINT "alert_settings_locale_check" CHECK ("alert_settings"."locale" in ('th', 'en'))
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;