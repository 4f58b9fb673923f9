import { type Db, schema } from "@sms/db";
import { AUTO_REPLY_DAILY_LIMIT_DEFAULT, type TInboxSettings, type TInboxSettingsBody } from "@sms/domain";
import { eq, sql } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenant.ts";

const s = schema.apiSettings;

/**
 * The inbox's settings (issue 27 point 4, ADR 100 and 101), kept on the organization's API settings
 * row beside the webhook secret they are signed with: where replies are forwarded and the daily
 * budget of keyword auto-replies. No row = not forwarded, the default budget.
 */
export async function readInboxSettings(db: Db, organizationId: number): Promise<TInboxSettings> {
  const [row] = await db
    .select({ url: s.inboundWebhookUrl, limit: s.autoReplyDailyLimit })
    .from(s)
    .where(eq(s.organizationId, organizationId))
    .limit(1);
  return {
    inbound_webhook_url: row?.url ?? null,
    auto_reply_daily_limit: row?.limit ?? AUTO_REPLY_DAILY_LIMIT_DEFAULT,
  };
}

/** PUT /c/inbox/settings: upserted; the API settings and the webhook secret are left as they are. */
export async function storeInboxSettings(
  scope: TenantScope,
  input: TInboxSettingsBody,
): Promise<TInboxSettings> {
  const values = {
    inboundWebhookUrl: input.inbound_webhook_url,
    autoReplyDailyLimit: input.auto_reply_daily_limit,
  };
  await scope.db
    .insert(s)
    .values(scope.stamp(values))
    .onConflictDoUpdate({ target: s.organizationId, set: { ...values, updatedAt: sql`now()` } });
  return readInboxSettings(scope.db, scope.organizationId);
}
