import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { organizations, users } from "./core.ts";

/**
 * Public-API credentials (issue 14 point 1, docs/decisions/0020-api-credentials.md): one SMS pair
 * and one OTP pair per organization. The key is a public identifier; the secret is stored only as
 * HMAC-SHA256 under the server's pepper (hex). A refresh overwrites the row, so the old pair stops
 * working with the same statement.
 */
export const apiCredentials = pgTable(
  "api_credentials",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** `sms` or `otp`. */
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    secretHash: text("secret_hash").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("api_credentials_key_unique").on(t.key),
    uniqueIndex("api_credentials_org_kind_unique").on(t.organizationId, t.kind),
    check("api_credentials_kind_check", sql`${t.kind} in ('sms', 'otp')`),
  ],
);

/** Addresses allowed to call the public API (spec §3 IP whitelist entry); none = every address. */
export const whitelistIps = pgTable(
  "whitelist_ips",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Canonical text of an address or CIDR range (packages/domain rules/ip-address.ts). */
    ipAddress: text("ip_address").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("whitelist_ips_org_address_unique").on(t.organizationId, t.ipAddress),
    index("whitelist_ips_org_created_idx").on(t.organizationId, t.createdAt, t.id),
  ],
);
