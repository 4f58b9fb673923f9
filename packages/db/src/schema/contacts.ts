import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { members, organizations, users } from "./core.ts";
import { files } from "./files.ts";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A contact group (spec §3). `contact_count` is kept by statement-level triggers on `contacts`
 * (migration 0008), so listing groups never counts a million rows.
 */
export const contactGroups = pgTable(
  "contact_groups",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    contactCount: bigint("contact_count", { mode: "number" }).notNull().default(0),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("contact_groups_org_created_idx").on(t.organizationId, t.createdAt, t.id),
    uniqueIndex("contact_groups_org_name_unique").on(t.organizationId, sql`lower(${t.name})`),
    // What contacts reference: a contact's group and organization together.
    // A constraint, not an index: the migration adds the foreign keys before its indexes.
    unique("contact_groups_id_org_unique").on(t.id, t.organizationId),
  ],
);

/**
 * A contact of a group (spec §3): the phone number is stored in the 66 form and is unique within
 * the group, which is what an import's `ON CONFLICT` relies on. `organization_id` repeats the
 * group's so every read goes through the tenant scope without a join; one foreign key on both
 * columns keeps it the group's own (and is one check per inserted row instead of two, which an
 * import of a million rows feels: about 2.3 s on PostgreSQL).
 */
export const contacts = pgTable(
  "contacts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id").notNull(),
    groupId: integer("group_id").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phoneNumber: text("phone_number").notNull(),
    ...timestamps,
  },
  (t) => [
    // Also serves phone-prefix search (`text_pattern_ops` lets LIKE '668%' use it under any collation).
    uniqueIndex("contacts_group_phone_unique").on(t.groupId, t.phoneNumber.op("text_pattern_ops")),
    // Newest first by default; name search scans the group's rows (no index, to keep imports fast).
    index("contacts_group_created_idx").on(t.groupId, t.createdAt, t.id),
    foreignKey({
      name: "contacts_group_fk",
      columns: [t.groupId, t.organizationId],
      foreignColumns: [contactGroups.id, contactGroups.organizationId],
    }).onDelete("cascade"),
  ],
);

/** An opt-in (the number agreed to receive messages) or an opt-out (it asked to stop). */
export const CONSENT_KINDS = ["opt_in", "opt_out"] as const;
/**
 * Where a consent entry came from: a contact created by the portal's form, by a call without the
 * form (api), or by an import; an opt-out by the message's link, a STOP reply, the gateway's report
 * or a member adding the number to the suppression list (the suppressions' reasons).
 */
export const CONSENT_SOURCES = [
  "form",
  "api",
  "import",
  "link",
  "stop_reply",
  "gateway_report",
  "manual",
] as const;

/**
 * A number's consent history within an organization (issue 27 point 1, ADR 94), append-only: kept
 * by number, not by contact row, so it outlives a contact deleted or imported again and covers the
 * number in every group. Opt-ins are written where contacts are created; opt-outs by the
 * suppressions' triggers (migration 0032), whichever path adds the number to the list.
 */
export const contactConsents = pgTable(
  "contact_consents",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** 66 form. */
    msisdn: text("msisdn").notNull(),
    kind: text("kind", { enum: CONSENT_KINDS }).notNull(),
    source: text("source", { enum: CONSENT_SOURCES }).notNull(),
    /**
     * The text the number agreed to (an opt-in), or the gateway's code (an opt-out). Every opt-in
     * recorded since migration 0041 has one (ADR 108); older ones may not ("not recorded").
     */
    statement: text("statement"),
    /**
     * The version of the organization's consent wording the statement is (ADR 108): null when the
     * member or the caller gave a text of their own, and on records from before migration 0041.
     */
    wordingVersion: integer("wording_version"),
    /** The contact created with the opt-in; no foreign key: the history outlives the contact. */
    contactId: bigint("contact_id", { mode: "number" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_consents_org_msisdn_idx").on(t.organizationId, t.msisdn, t.createdAt, t.id),
    index("contact_consents_org_created_idx").on(t.organizationId, t.createdAt, t.id),
  ],
);

/**
 * An organization's consent wording (ADR 108), append-only: what its contacts agree to, one row per
 * version the organization saved. Version 1 is the product's built-in wording
 * (DEFAULT_CONSENT_WORDING in @sms/domain), never stored; an organization's first own wording is
 * version 2. An opt-in given without a text of its own records the current version and its text.
 */
export const consentWordings = pgTable(
  "consent_wordings",
  {
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    text: text("text").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.version] }),
    check("consent_wordings_version_check", sql`${t.version} >= 2`),
  ],
);

export const CONTACT_IMPORT_STATUSES = [
  /** Uploaded; the parse job reads the file into the staging rows. */
  "parsing",
  /** Counted: waiting for the user to continue (valid rows only) or cancel. */
  "preview",
  /** Confirmed: the insert job moves the valid rows into the group. */
  "importing",
  "completed",
  "failed",
  "cancelled",
] as const;

/**
 * One import of a CSV/XLSX file into a group (spec §5): parsed by a job into
 * `contact_import_rows` (COPY), previewed with counts and examples, then inserted by a second job
 * with one INSERT … SELECT … ON CONFLICT.
 */
export const contactImports = pgTable(
  "contact_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => contactGroups.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id),
    memberId: integer("member_id").references(() => members.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: CONTACT_IMPORT_STATUSES }).notNull().default("parsing"),
    /** Rows read so far (progress while parsing and importing). */
    processedRows: bigint("processed_rows", { mode: "number" }).notNull().default(0),
    totalRows: bigint("total_rows", { mode: "number" }).notNull().default(0),
    validRows: bigint("valid_rows", { mode: "number" }).notNull().default(0),
    invalidRows: bigint("invalid_rows", { mode: "number" }).notNull().default(0),
    /** Repeated numbers within the file (after their first occurrence). */
    duplicateRows: bigint("duplicate_rows", { mode: "number" }).notNull().default(0),
    /** Numbers already in the group. */
    existingRows: bigint("existing_rows", { mode: "number" }).notNull().default(0),
    importedRows: bigint("imported_rows", { mode: "number" }).notNull().default(0),
    /** Detected text encoding of a CSV (utf-8, windows-874) or "xlsx". */
    encoding: text("encoding"),
    /** Examples of each class for the preview: { invalid: [...], duplicate: [...], existing: [...] }. */
    examples: jsonb("examples"),
    /** i18n key of the failure, e.g. an unreadable file. */
    errorKey: text("error_key"),
    /**
     * When the running parse started reading the file; cleared when it ends in any way but a lost
     * process. A parse that finds it set was preceded by one that died mid-file (ADR 30): the import
     * fails instead of reading the same file into another crash.
     */
    parseStartedAt: timestamp("parse_started_at", { withTimezone: true }),
    /** What the imported contacts agreed to, given on continue; each one's opt-in keeps it (ADR 94). */
    consentStatement: text("consent_statement"),
    /** The organization's wording version that statement is, if it is one (ADR 108). */
    consentVersion: integer("consent_version"),
    ...timestamps,
  },
  (t) => [
    index("contact_imports_org_created_idx").on(t.organizationId, t.createdAt),
    // One unfinished import per group: two previews must agree on what is "already in the group".
    uniqueIndex("contact_imports_group_unfinished_unique")
      .on(t.groupId)
      .where(sql`${t.status} in ('parsing', 'preview', 'importing')`),
  ],
);

export const CONTACT_IMPORT_ROW_STATUSES = ["valid", "invalid", "duplicate", "existing"] as const;

/**
 * The staging rows of an import, written with COPY (never row by row) and removed when the import
 * ends. `phone_number` is the 66 form when the raw value is a valid recipient, else null.
 * `import_id` has no foreign key: its per-row check made COPY three times slower (5.1 s instead
 * of 1.7 s for a million rows on PostgreSQL). A statement trigger on contact_imports (migration
 * 0008) removes the rows of deleted imports instead.
 */
export const contactImportRows = pgTable(
  "contact_import_rows",
  {
    importId: uuid("import_id").notNull(),
    /** 1-based row of the file (after the header). */
    rowNumber: integer("row_number").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    rawPhone: text("raw_phone").notNull().default(""),
    phoneNumber: text("phone_number"),
    status: text("status", { enum: CONTACT_IMPORT_ROW_STATUSES }),
  },
  (t) => [
    uniqueIndex("contact_import_rows_pk").on(t.importId, t.rowNumber),
    index("contact_import_rows_status_idx").on(t.importId, t.status, t.rowNumber),
  ],
);

export const SENDER_STATUSES = ["pending", "approved", "blocked", "cancelled"] as const;
export const SENDER_TYPES = ["marketing", "otp"] as const;
export const SENDER_ACCOUNT_TYPES = ["individual", "juristic"] as const;
export const SENDER_EVIDENCE_TYPES = [
  "company_registration",
  "website",
  "pp20",
  "director_id",
  "commercial_registration",
  "personal_id",
] as const;

/**
 * A sender name (Sender ID, spec §3/§4): pending until staff approve or block it. The shared
 * default sender has no organization (`organization_id` null) and is usable by every organization.
 * `last_used_at` drives the year-of-inactivity cancellation (terms §13).
 */
export const senders = pgTable(
  "senders",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    companyName: text("company_name").notNull().default(""),
    type: text("type", { enum: SENDER_TYPES }).notNull().default("marketing"),
    accountType: text("account_type", { enum: SENDER_ACCOUNT_TYPES }).notNull().default("juristic"),
    /** The website link when a website is among the evidence (the documents are sender_evidence_files). */
    evidenceUrl: text("evidence_url"),
    exampleMessage: text("example_message").notNull().default(""),
    status: text("status", { enum: SENDER_STATUSES }).notNull().default("pending"),
    /** Staff's reason for blocking (or a note on approval); the job's reason on cancellation. */
    decisionReason: text("decision_reason"),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /** When the month's warning before the inactivity cancellation was e-mailed. */
    inactivityWarnedAt: timestamp("inactivity_warned_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("senders_org_created_idx").on(t.organizationId, t.createdAt, t.id),
    index("senders_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // One live request or approval per name within an organization; a blocked or cancelled name may be asked again.
    uniqueIndex("senders_org_name_live_unique")
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.status} in ('pending', 'approved')`),
    uniqueIndex("senders_shared_name_unique")
      .on(sql`lower(${t.name})`)
      .where(sql`${t.organizationId} is null`),
    check("senders_name_shape", sql`${t.name} ~ '^[A-Za-z0-9._-]{1,10}$'`),
  ],
);

/**
 * The evidence documents of a sender request (sniffed .pdf/.png/.jpg, ≤ 5 MB each), each with its
 * kind (review D20: a company's certificate and its director's ID in one request). Migration 0030
 * gave the documents of earlier requests the request's one kind; `kind` is null only for a document
 * whose request named none.
 */
export const senderEvidenceFiles = pgTable(
  "sender_evidence_files",
  {
    senderId: integer("sender_id")
      .notNull()
      .references(() => senders.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id),
    kind: text("kind", { enum: SENDER_EVIDENCE_TYPES }),
    /**
     * The document's place in the request, from 0, as the customer listed them (ADR 87). Migration
     * 0034 numbered earlier requests' documents in upload order, the order they were shown in.
     */
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("sender_evidence_files_pk").on(t.senderId, t.fileId)],
);

/** An SMS template (spec §3): name, message with tags, on/off. */
export const smsTemplates = pgTable(
  "sms_templates",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    message: text("message").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("sms_templates_org_created_idx").on(t.organizationId, t.createdAt, t.id)],
);
