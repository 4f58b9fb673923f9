CREATE TABLE "api_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_credentials_kind_check" CHECK ("api_credentials"."kind" in ('sms', 'otp'))
);
--> statement-breakpoint
CREATE TABLE "whitelist_ips" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"ip_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whitelist_ips" ADD CONSTRAINT "whitelist_ips_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_credentials_key_unique" ON "api_credentials" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "api_credentials_org_kind_unique" ON "api_credentials" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "whitelist_ips_org_address_unique" ON "whitelist_ips" USING btree ("organization_id","ip_address");--> statement-breakpoint
CREATE INDEX "whitelist_ips_org_created_idx" ON "whitelist_ips" USING btree ("organization_id","created_at","id");