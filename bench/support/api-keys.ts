import { createHash } from "node:crypto";
import { type DbHandle, pgArray, queryRows } from "@sms/db";
import { sql } from "drizzle-orm";
import { refreshApiKeys } from "../../apps/server/src/modules/api-keys/refresh-api-keys.ts";
import type { TenantScope } from "../../apps/server/src/platform/tenant.ts";

/** The organization's SMS and OTP pairs, made as PUT …/api-key makes them (secrets under `pepper`). */
export async function refreshApiKeysForBench(scope: TenantScope, userId: number, pepper: string) {
  const { issued } = await refreshApiKeys({ scope, userId, pepper, kind: "both" });
  const pair = (kind: string) => {
    const found = issued.find((p) => p.kind === kind);
    if (!found) throw new Error(`no ${kind} pair`);
    return { key: found.key, secret: found.secret };
  };
  return { sms: pair("sms"), otp: pair("otp") };
}

/**
 * The pin of each issued OTP token, read back from the text of the SMS that carried it (the send's
 * text: the OTP message as filled in), as the person holding the phone would read it.
 */
export async function readPinsForBench(
  handle: DbHandle,
  tokens: { token: string }[],
): Promise<{ token: string; pin: string }[]> {
  const digests = tokens.map((t) => createHash("sha256").update(t.token).digest("hex"));
  const rows = await queryRows<{ token_hash: string; text: string }>(
    handle.db,
    sql`select o.token_hash, coalesce(m.text, c.text) as text
          from api_otp_requests o
          join messages m on m.id = o.message_id and m.created_at = o.message_created_at
          join campaigns c on c.id = m.campaign_id
         where o.token_hash = any(${pgArray(digests)}::text[])`,
  );
  const pinByDigest = new Map(rows.map((r) => [r.token_hash, /\b(\d{6})\b/.exec(r.text)?.[1] ?? ""]));
  return tokens.map((t, i) => ({ token: t.token, pin: pinByDigest.get(digests[i] ?? "") ?? "" }));
}
