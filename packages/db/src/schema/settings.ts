import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations, users } from "./core.ts";

/**
 * An organization's alerts (spec §1/§3 Settings, issue 15 point 4): a low-credit alert (threshold,
 * channel, on/off) and an expiry alert (days before the credit expiry, channel, on/off). No row = both
 * off. The `*_alerted_*` columns make each alert fire once per crossing
 * (docs/decisions/0026-settings-alerts.md): the alert job claims a crossing with a conditional UPDATE,
 * so concurrent runs and retries send it once.
 */
export const alertSettings = pgTable(
  "alert_settings",
  {
    organizationId: integer("organization_id")
      .primaryKey()
      .references(() => organizations.id, { onDelete: "cascade" }),
    lowCreditEnabled: boolean("low_credit_enabled").notNull().default(false),
    lowCreditThreshold: integer("low_credit_threshold").notNull().default(1000),
    lowCreditChannel: text("low_credit_channel").notNull().default("email"),
    /** When the balance was last reported below the threshold; null = armed (at or above it since). */
    lowCreditAlertedAt: timestamp("low_credit_alerted_at", { withTimezone: true }),
    expiryEnabled: boolean("expiry_enabled").notNull().default(false),
    expiryDays: integer("expiry_days").notNull().default(7),
    expiryChannel: text("expiry_channel").notNull().default("email"),
    /** The credit expiry already warned about; a purchase that moves the expiry re-arms the alert. */
    expiryAlertedFor: timestamp("expiry_alerted_for", { withTimezone: true }),
    /** `th` or `en`: the language of the person who saved the settings, used for the alerts. */
    locale: text("locale").notNull().default("th"),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("alert_settings_low_credit_channel_check", sql`${t.lowCreditChannel} in ('email', 'sms', 'both')`),
    check("alert_settings_expiry_channel_check", sql`${t.expiryChannel} in ('email', 'sms', 'both')`),
    check("alert_settings_threshold_check", sql`${t.lowCreditThreshold} >= 1`),
    check("alert_settings_expiry_days_check", sql`${t.expiryDays} between 1 and 365`),
    check("alert_settings_locale_check", sql`${t.locale} in ('th', 'en')`),
  ],
);
