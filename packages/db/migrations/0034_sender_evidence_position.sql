ALTER TABLE "sender_evidence_files" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- ADR 87: earlier requests' documents keep the order they were shown in (upload order).
UPDATE "sender_evidence_files" AS e SET "position" = o."n" FROM (
  SELECT ef."sender_id", ef."file_id", (row_number() OVER (PARTITION BY ef."sender_id" ORDER BY f."created_at", f."id") - 1)::integer AS "n"
    FROM "sender_evidence_files" AS ef JOIN "files" AS f ON f."id" = ef."file_id"
) AS o WHERE o."sender_id" = e."sender_id" AND o."file_id" = e."file_id";
