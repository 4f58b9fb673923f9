import { schema, type Tx } from "@sms/db";
import { inBangkok } from "@sms/domain";
import { sql } from "drizzle-orm";

/** Receipts / tax invoices: "RC2026-000001", running per Bangkok (Gregorian) year. */
export const RECEIPT_SERIES = "RC";

export function formatDocumentNumber(series: string, year: number, last: number): string {
  return `${series}${year}-${String(last).padStart(6, "0")}`;
}

/**
 * The next number of a series. The upsert takes the counter row's lock until the transaction ends,
 * so concurrent approvals get consecutive numbers, and a rolled-back approval gives its number back.
 */
export async function nextDocumentNumber(tx: Tx, series: string, at: Date): Promise<string> {
  const year = inBangkok(at).year();
  const c = schema.documentCounters;
  const [row] = await tx
    .insert(c)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({ target: [c.series, c.year], set: { last: sql`${c.last} + 1` } })
    .returning({ last: c.last });
  if (!row) throw new Error("document counter upsert returned no row");
  return formatDocumentNumber(series, year, row.last);
}
