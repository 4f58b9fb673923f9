import { randomBytes } from "node:crypto";
import { type Db, pgArray, queryRows } from "@sms/db";
import { sql } from "drizzle-orm";
import { seal, unseal } from "../../platform/seal.ts";
import { storeWebhookSecrets } from "../api-settings/index.ts";

/** The seal's purpose: a sealed webhook secret opens nowhere else. */
const SEAL_PURPOSE = "webhook-signing-secret";

/** `whsec_` + 32 random bytes (base64url): what members copy into their receiver. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/**
 * Each organization's webhook signing secret (api_settings.webhook_secret_sealed), created on first
 * need (a secret that cannot be unsealed is left out of the answer). Only that column of the row
 * is written, through api-settings' storeWebhookSecrets (that module owns the table, ADR 68).
 * Concurrent first uses agree on one secret: the upsert keeps a secret already stored and answers it.
 */
export async function webhookSecrets(
  db: Db,
  sealKey: string,
  organizationIds: readonly number[],
): Promise<Map<number, string>> {
  const ids = [...new Set(organizationIds)];
  const result = new Map<number, string>();
  if (ids.length === 0) return result;
  const stored = await queryRows<{ organization_id: number; sealed: string | null }>(
    db,
    sql`select organization_id, webhook_secret_sealed as sealed from api_settings
         where organization_id = any(${pgArray(ids)}::int[])`,
  );
  const unreadable = new Set<number>();
  for (const row of stored) {
    if (!row.sealed) continue;
    const secret = open(sealKey, row.sealed);
    if (secret === null) unreadable.add(row.organization_id);
    else result.set(row.organization_id, secret);
  }
  // A secret sealed under another key (API_KEY_PEPPER changed) is not replaced behind the
  // members' back: its webhooks fail until someone rotates it.
  const missing = ids.filter((id) => !result.has(id) && !unreadable.has(id));
  if (missing.length > 0) {
    const created = await storeWebhookSecrets(
      db,
      missing.map((organizationId) => ({ organizationId, sealed: seal(sealKey, SEAL_PURPOSE, newSecret()) })),
      { replace: false },
    );
    for (const row of created) {
      const secret = open(sealKey, row.sealed);
      if (secret !== null) result.set(row.organization_id, secret);
    }
  }
  return result;
}

function open(sealKey: string, sealed: string): string | null {
  try {
    return unseal(sealKey, SEAL_PURPOSE, sealed);
  } catch {
    return null;
  }
}

/** The organization's secret, created if absent; an unreadable one (sealed under another key) is replaced. */
export async function getWebhookSecret(db: Db, sealKey: string, organizationId: number): Promise<string> {
  const secret = (await webhookSecrets(db, sealKey, [organizationId])).get(organizationId);
  return secret ?? rotateWebhookSecret(db, sealKey, organizationId);
}

/** A new secret at once: webhooks signed from now on verify only with it. */
export async function rotateWebhookSecret(db: Db, sealKey: string, organizationId: number): Promise<string> {
  const secret = newSecret();
  await storeWebhookSecrets(db, [{ organizationId, sealed: seal(sealKey, SEAL_PURPOSE, secret) }], {
    replace: true,
  });
  return secret;
}
