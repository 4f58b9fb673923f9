CREATE TABLE "smsc_connection_health_reports" (
	"connection_id" integer NOT NULL,
	"process_id" text NOT NULL,
	"state" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"submitted" integer DEFAULT 0 NOT NULL,
	"not_taken" integer DEFAULT 0 NOT NULL,
	"window_ms" integer DEFAULT 0 NOT NULL,
	"binds" integer,
	"bound" integer,
	"queued" integer,
	"in_flight" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smsc_connection_health_reports_connection_id_process_id_pk" PRIMARY KEY("connection_id","process_id")
);
--> statement-breakpoint
ALTER TABLE "smsc_connection_health_reports" ADD CONSTRAINT "smsc_connection_health_reports_connection_id_smsc_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."smsc_connections"("id") ON DELETE cascade ON UPDATE no action;