-- The public API's request log (issue 27 point 3, ADR 92): one row per /api/v2 call, kept 30 days.
-- Partitioned by UTC day, so the retention drops whole days instead of deleting rows.
CREATE SEQUENCE "api_request_logs_id_seq" AS bigint;
--> statement-breakpoint
CREATE TABLE "api_request_logs" (
	"id" bigint DEFAULT nextval('api_request_logs_id_seq') NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"organization_id" integer NOT NULL,
	"api_key" text,
	"key_kind" text,
	"ip" text NOT NULL,
	"method" text NOT NULL,
	"endpoint" text NOT NULL,
	"status" smallint NOT NULL,
	"error_code" text,
	"latency_ms" integer NOT NULL,
	"message_ids" bigint[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "api_request_logs_id_created_at_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE INDEX "api_request_logs_org_created_idx" ON "api_request_logs" USING btree ("organization_id","created_at","id");
--> statement-breakpoint
-- Day partitions `api_request_logs_YYYYMMDD` (UTC days). The hourly upkeep keeps the next days ready;
-- the default partition only catches rows of a day nobody prepared, so a missed run never loses a row.
CREATE FUNCTION "ensure_api_log_partitions"(from_day date, days integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  d date;
  made integer := 0;
  part text;
BEGIN
  FOR i IN 0..days - 1 LOOP
    d := from_day + i;
    part := 'api_request_logs_' || to_char(d, 'YYYYMMDD');
    IF to_regclass(part) IS NULL THEN
      EXECUTE format(
        'CREATE TABLE %I PARTITION OF "api_request_logs" FOR VALUES FROM (%L) TO (%L)',
        part,
        d::timestamp AT TIME ZONE 'UTC',
        (d + 1)::timestamp AT TIME ZONE 'UTC'
      );
      made := made + 1;
    END IF;
  END LOOP;
  RETURN made;
END $$;
--> statement-breakpoint
CREATE TABLE "api_request_logs_default" PARTITION OF "api_request_logs" DEFAULT;
--> statement-breakpoint
SELECT "ensure_api_log_partitions"((now() AT TIME ZONE 'UTC')::date - 1, 4);
