import { randomInt } from "node:crypto";
import { schema } from "@sms/db";
import { SMPP_LIMITS } from "@sms/domain";
import { and, eq, sql } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenant.ts";
import { hashApiSecret } from "./credentials.ts";

const c = schema.apiCredentials;
const LOWER = "abcdefghijkmnpqrstuvwxyz23456789";
const MIXED = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";

const pick = (alphabet: string, n: number) =>
  Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join("");

/**
 * SMPP credentials (ADR 102) fit SMPP 3.4's fields: a system_id of 12 characters (`sp` and 10
 * random, ≤ 15) and a password of 8 (≤ 8), from alphabets without look-alike characters since
 * people type them into SMPP clients. 8 characters of 56 are 46 bits: the bind is refused slowly,
 * behind the IP whitelist, so that is out of reach online; stored as the API secrets are (HMAC).
 */
export function newSmppCredentials(): { systemId: string; password: string } {
  return { systemId: `sp${pick(LOWER, 10)}`, password: pick(MIXED, SMPP_LIMITS.password) };
}

/** The organization's SMPP system_id and when it was made; nulls when it has none. */
export async function getSmppCredential(
  scope: TenantScope,
): Promise<{ systemId: string | null; createdAt: Date | null }> {
  const [row] = await scope.db
    .select({ key: c.key, createdAt: c.createdAt })
    .from(c)
    .where(and(scope.where(c), eq(c.kind, "smpp")));
  return { systemId: row?.key ?? null, createdAt: row?.createdAt ?? null };
}

/**
 * Creates or replaces the organization's SMPP credentials (the row of kind `smpp` overwritten in
 * place: the old password stops binding with this statement). The answer is the only place the
 * password ever appears.
 */
export async function refreshSmppCredentials(
  scope: TenantScope,
  userId: number,
  pepper: string,
): Promise<{ systemId: string; password: string; createdAt: Date }> {
  const { systemId, password } = newSmppCredentials();
  const [row] = await scope.db
    .insert(c)
    .values(
      scope.stamp({
        kind: "smpp",
        key: systemId,
        secretHash: hashApiSecret(pepper, password),
        createdBy: userId,
      }),
    )
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
  if (!row) throw new Error("smpp credential upsert returned no row");
  return { systemId, password, createdAt: row.createdAt };
}
