import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { members, organizations, packages, users } from "./core.ts";
import { files } from "./files.ts";

/** Spec §3 credit entry types; `expired` and `adjusted` are ours (DESIGN §5.6). */
export const CREDIT_ENTRY_TYPES = ["earned", "used", "refunded", "expired", "adjusted"] as const;

/**
 * The credit ledger (DESIGN §5.6): append-only, one row per change of an organization's balance.
 * Inserting a row is the only way to change `organizations.credits`: a trigger (migration 0007) adds
 * `credits` to the balance in the same statement, records the result in `balance_after`, and the
 * organizations check refuses a balance below zero. Updates and deletes are refused by a trigger.
 */
export const creditEntries = pgTable(
  "credit_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    type: text("type", { enum: CREDIT_ENTRY_TYPES }).notNull(),
    /** Signed: positive adds to the balance (earned, refunded), negative takes away (used, expired). */
    credits: bigint("credits", { mode: "number" }).notNull(),
    /** Set by the trigger: the organization's balance after this entry. */
    balanceAfter: bigint("balance_after", { mode: "number" }).notNull().default(0),
    /** The member who acted (member credit usage); null for the system (expiry) and staff. */
    memberId: integer("member_id").references(() => members.id, { onDelete: "set null" }),
    /** The user who acted: the member's user, or the staff member for approvals and adjustments. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Why, in words: a message key or staff's own reason for an adjustment. */
    reason: text("reason").notNull(),
    /** What it belongs to: "order:12", "campaign:7", "expiry:2026-11-23". */
    reference: text("reference").notNull(),
    /** Makes a repeated call (a double click, a retried job) a no-op instead of a second entry. */
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("credit_entries_idempotency_unique").on(t.idempotencyKey),
    index("credit_entries_org_created_idx").on(t.organizationId, t.createdAt, t.id),
    index("credit_entries_member_idx").on(t.memberId).where(sql`${t.memberId} is not null`),
    check("credit_entries_credits_nonzero", sql`${t.credits} <> 0`),
    check(
      "credit_entries_sign",
      sql`(${t.type} in ('earned', 'refunded') and ${t.credits} > 0)
        or (${t.type} in ('used', 'expired') and ${t.credits} < 0)
        or ${t.type} = 'adjusted'`,
    ),
  ],
);

export const ORDER_STATUSES = ["waiting", "approved", "rejected"] as const;
export const BUYER_TYPES = ["individual", "juristic"] as const;

/**
 * A purchase of a package (spec §3 Order): the package and the totals as they were when ordered,
 * the buyer's tax details, the proof of payment, and staff's decision. An approved order carries
 * its receipt / tax invoice number.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    memberId: integer("member_id").references(() => members.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    packageId: integer("package_id")
      .notNull()
      .references(() => packages.id),
    packageName: text("package_name").notNull(),
    months: integer("months").notNull(),
    credits: integer("credits").notNull(),
    subTotalSatang: bigint("sub_total_satang", { mode: "number" }).notNull(),
    vatSatang: bigint("vat_satang", { mode: "number" }).notNull(),
    withholdingTaxSatang: bigint("withholding_tax_satang", { mode: "number" }).notNull(),
    totalSatang: bigint("total_satang", { mode: "number" }).notNull(),
    isTrial: boolean("is_trial").notNull().default(false),
    buyerType: text("buyer_type", { enum: BUYER_TYPES }).notNull(),
    buyerName: text("buyer_name").notNull(),
    buyerTaxId: text("buyer_tax_id"),
    buyerBranch: text("buyer_branch"),
    buyerAddress: text("buyer_address"),
    proofFileId: uuid("proof_file_id").references(() => files.id),
    /**
     * A juristic buyer's withholding-tax certificate (หนังสือรับรองการหักภาษี ณ ที่จ่าย, 50 ทวิ),
     * attached with the order or later from the orders page (issue 24 point 3).
     */
    whtCertificateFileId: uuid("wht_certificate_file_id").references(() => files.id),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("waiting"),
    rejectReason: text("reject_reason"),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** Running number of the receipt / tax invoice, given when approved: "RC2026-000001". */
    documentNumber: text("document_number"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_org_created_idx").on(t.organizationId, t.createdAt, t.id),
    index("orders_waiting_idx").on(t.createdAt).where(sql`${t.status} = 'waiting'`),
    uniqueIndex("orders_document_number_unique").on(t.documentNumber),
    // One free trial per organization (DESIGN §6), whatever the requests race.
    uniqueIndex("orders_one_trial_unique").on(t.organizationId).where(sql`${t.isTrial}`),
  ],
);

/**
 * One free trial per verified phone number, across all organizations (issue 23 point 3, ADR 32):
 * the primary key on the 66-form number is what refuses a second trial, whatever the requests race.
 */
export const freeTrialPhones = pgTable("free_trial_phones", {
  phoneNumber: text("phone_number").primaryKey(),
  organizationId: integer("organization_id")
    .notNull()
    .references(() => organizations.id),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  orderId: integer("order_id")
    .notNull()
    .references(() => orders.id),
  redeemedAt: timestamp("redeemed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Running document numbers per series and Bangkok year (receipts / tax invoices: "RC"). */
export const documentCounters = pgTable(
  "document_counters",
  {
    series: text("series").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull().default(0),
  },
  (t) => [uniqueIndex("document_counters_series_year_unique").on(t.series, t.year)],
);

/** Every back-office action: who, what, on what, when, with the state before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: text("before"),
    after: text("after"),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt, t.id),
    index("audit_log_target_idx").on(t.targetType, t.targetId),
  ],
);
