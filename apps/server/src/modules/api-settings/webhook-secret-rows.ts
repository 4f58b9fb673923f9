import { type Db, pgArray, queryRows } from "@sms/db";
import { sql } from "drizzle-orm";

/**
 * The sealed webhook secrets in `api_settings`, which this module owns (ADR 68); the webhooks
 * module seals, opens and rotates them. `replace`: each given secret replaces the stored one (a
 * rotation); otherwise one is kept where the organization already has one (a concurrent first
 * use). Answers the secrets stored after the statement.
 */
export async function storeWebhookSecrets(
  db: Db,
  sealed: readonly { organizationId: number; sealed: string }[],
  options: { replace: boolean },
): Promise<{ organization_id: number; sealed: string }[]> {
  if (sealed.length === 0) return [];
  const kept = options.replace
    ? sql`excluded.webhook_secret_sealed`
    : sql`coalesce(api_settings.webhook_secret_sealed, excluded.webhook_secret_sealed)`;
  return queryRows<{ organization_id: number; sealed: string }>(
    db,
    sql`insert into api_settings (organization_id, webhook_secret_sealed)
        select * from unnest(${pgArray(sealed.map((s) => s.organizationId))}::int[],
                             ${pgArray(sealed.map((s) => s.sealed))}::text[])
        on conflict (organization_id) do update set webhook_secret_sealed = ${kept}
        returning organization_id, webhook_secret_sealed as sealed`,
  );
}
