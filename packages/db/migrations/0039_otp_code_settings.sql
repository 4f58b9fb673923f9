DROP INDEX "api_otp_requests_token_unique";--> statement-breakpoint
ALTER TABLE "api_otp_requests" ADD COLUMN "token_sealed" text;--> statement-breakpoint
ALTER TABLE "api_otp_requests" ADD COLUMN "pin_sealed" text;--> statement-breakpoint
ALTER TABLE "api_settings" ADD COLUMN "otp_code_length" smallint DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_settings" ADD COLUMN "otp_valid_minutes" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_settings" ADD COLUMN "otp_resend" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "api_otp_requests_pending_token_unique" ON "api_otp_requests" USING btree ("token_hash") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "api_otp_requests_token_idx" ON "api_otp_requests" USING btree ("token_hash");