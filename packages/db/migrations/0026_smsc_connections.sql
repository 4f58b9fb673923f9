CREATE TABLE "smsc_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"host" text,
	"port" integer,
	"system_id" text,
	"password_encrypted" text,
	"from_env" boolean DEFAULT false NOT NULL,
	"system_type" text DEFAULT '' NOT NULL,
	"binds" integer DEFAULT 1 NOT NULL,
	"window" integer DEFAULT 10 NOT NULL,
	"tps" real DEFAULT 50 NOT NULL,
	"submit_id_format" text DEFAULT 'text' NOT NULL,
	"receipt_id_format" text DEFAULT 'text' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smsc_connections_kind_check" CHECK ("smsc_connections"."kind" in ('simulator', 'smpp')),
	CONSTRAINT "smsc_connections_smpp_check" CHECK ("smsc_connections"."kind" <> 'smpp' or ("smsc_connections"."host" is not null and "smsc_connections"."port" is not null and "smsc_connections"."system_id" is not null)),
	CONSTRAINT "smsc_connections_binds_check" CHECK ("smsc_connections"."binds" between 1 and 32),
	CONSTRAINT "smsc_connections_window_check" CHECK ("smsc_connections"."window" between 1 and 1000),
	CONSTRAINT "smsc_connections_tps_check" CHECK ("smsc_connections"."tps" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "smsc_connections_name_unique" ON "smsc_connections" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "smsc_connections_from_env_unique" ON "smsc_connections" USING btree ("from_env") WHERE "smsc_connections"."from_env";