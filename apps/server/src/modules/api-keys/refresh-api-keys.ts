import { schema } from "@sms/db";
import type { ApiKeyKind, TIssuedApiKey, TRefreshApiKeysRequest, TRefreshApiKeysResponse } from "@sms/domain";
import { sql } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenant.ts";
import { hashApiSecret, newApiKey, newApiSecret } from "./credentials.ts";
import { getApiKeys } from "./get-api-keys.ts";

export interface RefreshApiKeysOptions {
  scope: TenantScope;
  userId: number;
  pepper: string;
  kind: TRefreshApiKeysRequest["kind"];
}

const c = schema.apiCredentials;

/**
 * Creates or replaces the SMS and/or OTP pair (spec §7 PUT …/api-key). The row of a kind is
 * overwritten in place, so the old key and secret stop working when this transaction commits.
 * The answer is the only place the new secrets ever appear.
 */
export async function refreshApiKeys({
  scope,
  userId,
  pepper,
  kind,
}: RefreshApiKeysOptions): Promise<TRefreshApiKeysResponse["data"]> {
  const kinds: ApiKeyKind[] = kind === "both" ? ["sms", "otp"] : [kind];
  return scope.db.transaction(async (tx) => {
    const issued: TIssuedApiKey[] = [];
    for (const k of kinds) {
      const key = newApiKey(k);
      const secret = newApiSecret();
      const [row] = await tx
        .insert(c)
        .values(scope.stamp({ kind: k, key, secretHash: hashApiSecret(pepper, secret), createdBy: userId }))
        .onConflictDoUpdate({
          target: [c.organizationId, c.kind],
          set: {
            key: sql`excluded.key`,
            secretHash: sql`excluded.secret_hash`,
            createdBy: sql`excluded.created_by`,
            createdAt: sql`now()`,
          },
        })
        .returning({ createdAt: c.createdAt });
      if (!row) throw new Error("api credential upsert returned no row");
      issued.push({ kind: k, key, secret, created_at: row.createdAt.toISOString() });
    }
    return { keys: await getApiKeys(scope.with(tx)), issued };
  });
}
