import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations, users } from "./core.ts";

/**
 * An uploaded file (DESIGN §8): stored under a server-chosen key, typed by its sniffed content.
 * `original_name` is display metadata only; it never names anything on disk or in a bucket.
 */
export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    /** An UPLOAD_KINDS name of @sms/domain: payment_proof, sender_evidence, contact_import, file_campaign. */
    kind: text("kind").notNull(),
    /** Sniffed from the content, never taken from the name or the request headers. */
    mime: text("mime").notNull(),
    extension: text("extension").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** Lowercase hex sha256 of the content. */
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull().unique("files_storage_key_unique"),
    originalName: text("original_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("files_organization_created_idx").on(t.organizationId, t.createdAt)],
);
