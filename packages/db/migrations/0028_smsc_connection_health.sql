CREATE TABLE "smsc_connection_health" (
	"connection_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"down_since" timestamp with time zone,
	"submitted" integer DEFAULT 0 NOT NULL,
	"not_taken" integer DEFAULT 0 NOT NULL,
	"window_ms" integer DEFAULT 0 NOT NULL,
	"alerted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "smsc_connection_health" ADD CONSTRAINT "smsc_connection_health_connection_id_smsc_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."smsc_connections"("id") ON DELETE cascade ON UPDATE no action;