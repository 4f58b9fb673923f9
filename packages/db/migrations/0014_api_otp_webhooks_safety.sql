CREATE TABLE "api_idempotency_keys" (
	"organization_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" smallint NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_idempotency_keys_organization_id_key_pk" PRIMARY KEY("organization_id","key")
);
--> statement-breakpoint
CREATE TABLE "api_otp_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"msisdn" text NOT NULL,
	"refno" text NOT NULL,
	"pin_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"message_id" bigint,
	"message_created_at" timestamp with time zone,
	"credits" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_send_counters" (
	"organization_id" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"bucket" text NOT NULL,
	"numbers" integer NOT NULL,
	CONSTRAINT "api_send_counters_organization_id_window_start_bucket_pk" PRIMARY KEY("organization_id","window_start","bucket")
);
--> statement-breakpoint
CREATE TABLE "api_settings" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"otp_sender" text,
	"otp_language" text DEFAULT 'th' NOT NULL,
	"otp_message_th" text,
	"otp_message_en" text,
	"rate_limit_per_second" integer DEFAULT 50 NOT NULL,
	"pump_prefix_max" integer DEFAULT 200 NOT NULL,
	"pump_fresh_key_max" integer DEFAULT 300 NOT NULL,
	"webhook_secret_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"http_status" smallint,
	"error" text,
	"duration_ms" integer NOT NULL,
	"manual" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"campaign_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"message_created_at" timestamp with time zone NOT NULL,
	"url" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_http_status" smallint,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_idempotency_keys" ADD CONSTRAINT "api_idempotency_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_otp_requests" ADD CONSTRAINT "api_otp_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_send_counters" ADD CONSTRAINT "api_send_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_settings" ADD CONSTRAINT "api_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_idempotency_keys_created_idx" ON "api_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_otp_requests_token_unique" ON "api_otp_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_otp_requests_org_created_idx" ON "api_otp_requests" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "api_otp_requests_org_msisdn_idx" ON "api_otp_requests" USING btree ("organization_id","msisdn","created_at");--> statement-breakpoint
CREATE INDEX "api_send_counters_window_idx" ON "api_send_counters" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","attempted_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_org_message_idx" ON "webhook_deliveries" USING btree ("organization_id","message_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_org_created_idx" ON "webhook_deliveries" USING btree ("organization_id","created_at","id");