import { schema } from "@sms/db";
import {
  ALERT_SETTINGS_DEFAULTS,
  type AlertChannel,
  type Locale,
  type TSettings,
  type TUpdateSettingsBody,
} from "@sms/domain";
import { eq, sql } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenant.ts";

const s = schema.alertSettings;
const o = schema.organizations;

const channel = (value: string): AlertChannel => (value === "sms" || value === "both" ? value : "email");

/** GET /c/organizations/{id}/settings: the saved alerts (or the defaults) with the balance and expiry. */
export async function getSettings(scope: TenantScope): Promise<TSettings> {
  const [row] = await scope.db
    .select({ settings: s, credits: o.credits, creditExpiredOn: o.creditExpiredOn })
    .from(o)
    .leftJoin(s, eq(s.organizationId, o.id))
    .where(eq(o.id, scope.organizationId))
    .limit(1);
  const saved = row?.settings;
  return {
    low_credit_enabled: saved?.lowCreditEnabled ?? ALERT_SETTINGS_DEFAULTS.low_credit_enabled,
    low_credit_threshold: saved?.lowCreditThreshold ?? ALERT_SETTINGS_DEFAULTS.low_credit_threshold,
    low_credit_channel: saved ? channel(saved.lowCreditChannel) : ALERT_SETTINGS_DEFAULTS.low_credit_channel,
    expiry_enabled: saved?.expiryEnabled ?? ALERT_SETTINGS_DEFAULTS.expiry_enabled,
    expiry_days: saved?.expiryDays ?? ALERT_SETTINGS_DEFAULTS.expiry_days,
    expiry_channel: saved ? channel(saved.expiryChannel) : ALERT_SETTINGS_DEFAULTS.expiry_channel,
    locale: saved?.locale === "en" ? "en" : "th",
    low_credit_alerted_at: saved?.lowCreditAlertedAt?.toISOString() ?? null,
    expiry_alerted_for: saved?.expiryAlertedFor?.toISOString() ?? null,
    credits: row?.credits ?? 0,
    credit_expired_on: row?.creditExpiredOn?.toISOString() ?? null,
    updated_at: saved?.updatedAt.toISOString() ?? null,
  };
}

/**
 * PUT /c/organizations/{id}/settings: both alerts, upserted, in the saver's language. An alert whose
 * threshold (or days) changed, or that was switched on, is armed again: the new condition is a new
 * crossing (docs/decisions/0026-settings-alerts.md).
 */
export async function updateSettings(
  scope: TenantScope,
  input: TUpdateSettingsBody,
  by: { userId: number; locale: Locale },
): Promise<TSettings> {
  const values = {
    lowCreditEnabled: input.low_credit_enabled,
    lowCreditThreshold: input.low_credit_threshold,
    lowCreditChannel: input.low_credit_channel,
    expiryEnabled: input.expiry_enabled,
    expiryDays: input.expiry_days,
    expiryChannel: input.expiry_channel,
    locale: by.locale,
    updatedBy: by.userId,
  };
  await scope.db
    .insert(s)
    .values(scope.stamp(values))
    .onConflictDoUpdate({
      target: s.organizationId,
      set: {
        ...values,
        lowCreditAlertedAt: sql`case when ${s.lowCreditThreshold} <> excluded.low_credit_threshold
          or (excluded.low_credit_enabled and not ${s.lowCreditEnabled}) then null
          else ${s.lowCreditAlertedAt} end`,
        expiryAlertedFor: sql`case when ${s.expiryDays} <> excluded.expiry_days
          or (excluded.expiry_enabled and not ${s.expiryEnabled}) then null
          else ${s.expiryAlertedFor} end`,
        updatedAt: sql`now()`,
      },
    });
  return getSettings(scope);
}
