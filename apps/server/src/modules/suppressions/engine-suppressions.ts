import { pgArray, type Tx } from "@sms/db";
import { type SQL, sql } from "drizzle-orm";

/**
 * The suppressions module owns `suppressions` (ADR 68, ADR 87); the engine adds numbers to a list
 * inside its receipt transactions through these two.
 */

/** A number a delivery report showed blocked for marketing, with the report's state/code. */
export interface ReportedBlock {
  organizationId: number;
  msisdn: string;
  code: string;
}

/** Adds reported blocks (reason `gateway_report`); a number already on the list keeps its row. */
export async function suppressReportedBlocks(tx: Tx, blocked: readonly ReportedBlock[]): Promise<void> {
  if (blocked.length === 0) return;
  await tx.execute(sql`
      insert into suppressions (organization_id, msisdn, reason, code)
      select o, m, 'gateway_report', c
        from unnest(${pgArray(blocked.map((b) => b.organizationId))}::int[], ${pgArray(blocked.map((b) => b.msisdn))}::text[],
                    ${pgArray(blocked.map((b) => b.code))}::text[]) as b(o, m, c)
      on conflict (organization_id, msisdn) do nothing`);
}

/**
 * The last statement of a `with` list that stored replies: adds each STOP reply's number to its
 * organization's list (reason `stop_reply`, over any other reason). `stored` is a relation (a CTE
 * name) with organization_id, source and is_stop.
 */
export function suppressStopRepliesSql(stored: SQL): SQL {
  return sql`insert into suppressions (organization_id, msisdn, reason)
      select distinct organization_id, source, 'stop_reply' from ${stored}
       where is_stop and organization_id is not null
      on conflict (organization_id, msisdn) do update set reason = 'stop_reply', code = null`;
}
