CREATE TABLE "operator_prefixes" (
	"prefix" text PRIMARY KEY NOT NULL,
	"operator" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smsc_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"purposes" text[],
	"organization_id" integer,
	"sender" text,
	"prefixes" text[],
	"operator" text,
	"connection_id" integer NOT NULL,
	"failover" integer[] DEFAULT '{}'::int[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "smsc_connection_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "route_id" integer;--> statement-breakpoint
ALTER TABLE "smsc_routes" ADD CONSTRAINT "smsc_routes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smsc_routes" ADD CONSTRAINT "smsc_routes_connection_id_smsc_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."smsc_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "smsc_routes_name_unique" ON "smsc_routes" USING btree (lower("name"));