ALTER TABLE "auth_sessions" ADD COLUMN "pending_phone" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;