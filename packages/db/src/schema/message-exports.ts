import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations, users } from "./core.ts";

/** The same lists as @sms/domain's contracts/message-exports.ts. */
export const MESSAGE_EXPORT_FORMATS = ["csv", "xlsx"] as const;
export const MESSAGE_EXPORT_STATUSES = ["queued", "running", "done", "failed"] as const;

/**
 * A messages report exported in the background (issue 15, ADR 0025): the filter it was asked with
 * (resolved instants, so "the last 7 days" means the days of the request), its progress, and once
 * written the stored file, served only to members of its organization until `expires_at`.
 */
export const messageExports = pgTable(
  "message_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    format: text("format", { enum: MESSAGE_EXPORT_FORMATS }).notNull(),
    /** The language of the column headers and labels (the requester's Accept-Language). */
    locale: text("locale").notNull(),
    /** The validated filter (start/end as ISO instants, status, type, phone in 66 form, campaign id, own user) and the table's sort/reverse; rows stored before the sort was kept have none and are written newest first. */
    filter: jsonb("filter").notNull(),
    status: text("status", { enum: MESSAGE_EXPORT_STATUSES }).notNull().default("queued"),
    /** Rows matching the filter when the export was asked for (the progress bar's 100 %). */
    totalRows: bigint("total_rows", { mode: "number" }).notNull(),
    rowsWritten: bigint("rows_written", { mode: "number" }).notNull().default(0),
    /** Set only once the whole file is stored. */
    storageKey: text("storage_key"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    fileName: text("file_name").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** Why a failed export has no file: the message key of its worker's end (heap cap, time limit; ADR 30). */
    errorKey: text("error_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** After this the file is deleted and the row with it. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("message_exports_org_created_idx").on(t.organizationId, t.createdAt),
    index("message_exports_expires_idx").on(t.expiresAt),
    check(
      "message_exports_done_has_file",
      sql`${t.status} <> 'done' or (${t.storageKey} is not null and ${t.sizeBytes} is not null)`,
    ),
  ],
);
