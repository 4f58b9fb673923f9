CREATE TABLE "message_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer,
	"format" text NOT NULL,
	"locale" text NOT NULL,
	"filter" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total_rows" bigint NOT NULL,
	"rows_written" bigint DEFAULT 0 NOT NULL,
	"storage_key" text,
	"size_bytes" bigint,
	"file_name" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_exports_done_has_file" CHECK ("message_exports"."status" <> 'done' or ("message_exports"."storage_key" is not null and "message_exports"."size_bytes" is not null))
);
--> statement-breakpoint
ALTER TABLE "message_exports" ADD CONSTRAINT "message_exports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_exports" ADD CONSTRAINT "message_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_exports_org_created_idx" ON "message_exports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "message_exports_expires_idx" ON "message_exports" USING btree ("expires_at");