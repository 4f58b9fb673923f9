import { schema } from "@sms/db";
import { API_KEY_KINDS, type ApiKeyKind, type TApiKeys } from "@sms/domain";
import type { TenantScope } from "../../platform/tenant.ts";

const c = schema.apiCredentials;

/** The organization's key pairs as shown (spec §7 GET …/api-key): keys and dates, never secrets. */
export async function getApiKeys(scope: TenantScope): Promise<TApiKeys> {
  const rows = await scope.db
    .select({ kind: c.kind, key: c.key, createdAt: c.createdAt })
    .from(c)
    .where(scope.where(c));
  const keys = {} as TApiKeys;
  for (const kind of API_KEY_KINDS) {
    const row = rows.find((r) => (r.kind as ApiKeyKind) === kind);
    keys[kind] = row
      ? { key: row.key, has_secret: true, created_at: row.createdAt.toISOString() }
      : { key: null, has_secret: false, created_at: null };
  }
  return keys;
}
