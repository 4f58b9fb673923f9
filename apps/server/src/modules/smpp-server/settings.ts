import { type Db, pgArray, queryRows } from "@sms/db";
import { SMPP_DEFAULTS, type SmppIdFormat } from "@sms/domain";
import { sql } from "drizzle-orm";

export type { SmppIdFormat };

export interface SmppSettings {
  window: number;
  tps: number;
  idFormat: SmppIdFormat;
}

/** The organization's SMPP window, TPS and id format (smpp_settings; the defaults without a row). */
export async function readSmppSettings(db: Db, organizationId: number): Promise<SmppSettings> {
  const rows = await queryRows<{ smpp_window: number; smpp_tps: number; smpp_id_format: string }>(
    db,
    sql`select "window" as smpp_window, tps as smpp_tps, id_format as smpp_id_format from smpp_settings where organization_id = ${organizationId}`,
  );
  const row = rows[0];
  if (!row) return { ...SMPP_DEFAULTS };
  return {
    window: row.smpp_window,
    tps: row.smpp_tps,
    idFormat: row.smpp_id_format === "hex" ? "hex" : "decimal",
  };
}

/** Which of these organizations are suspended now. */
export async function suspendedOrganizations(db: Db, organizationIds: readonly number[]): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from organizations
         where id = any(${pgArray([...organizationIds])}::int[]) and suspended_until > now()`,
  );
  return rows.map((r) => r.id);
}
