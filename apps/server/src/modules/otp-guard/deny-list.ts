import { type Db, schema } from "@sms/db";
import { AUDIT_ACTION, type OtpDenyKind, type TOtpDenyRange, type TOtpDenyRangesResponse } from "@sms/domain";
import { asc, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit.ts";

const d = schema.otpDenyRanges;
type DenyRange = TOtpDenyRangesResponse["data"]["entities"][number];

/** GET /admin/otp-deny-ranges: the deny list by prefix. */
export async function listOtpDenyRanges(db: Db): Promise<DenyRange[]> {
  const rows = await db
    .select({ prefix: d.prefix, kind: d.kind, note: d.note, updatedAt: d.updatedAt })
    .from(d)
    .orderBy(asc(d.prefix));
  return rows.map((row) => ({
    prefix: row.prefix,
    kind: row.kind as OtpDenyKind,
    note: row.note,
    updated_at: row.updatedAt.toISOString(),
  }));
}

/**
 * PUT /admin/otp-deny-ranges: replaces the list in one transaction; a range kept unchanged keeps its
 * time. Audited with the counts before and after. The guard reads the list on every request, so the
 * change applies at once.
 */
export async function replaceOtpDenyRanges(
  db: Db,
  { staffUserId, ranges }: { staffUserId: number; ranges: readonly TOtpDenyRange[] },
): Promise<DenyRange[]> {
  return db.transaction(async (tx) => {
    const before = await tx.select({ n: sql<number>`count(*)::int` }).from(d);
    const kept = ranges.map((range) => range.prefix);
    await tx.delete(d).where(sql`not (${d.prefix} = any(${sql.param(kept)}::text[]))`);
    if (ranges.length > 0) {
      await tx
        .insert(d)
        .values(ranges.map((range) => ({ ...range, updatedBy: staffUserId })))
        .onConflictDoUpdate({
          target: d.prefix,
          set: {
            kind: sql`excluded.kind`,
            note: sql`excluded.note`,
            updatedBy: sql`case when (${d.kind}, ${d.note}) is distinct from (excluded.kind, excluded.note) then excluded.updated_by else ${d.updatedBy} end`,
            updatedAt: sql`case when (${d.kind}, ${d.note}) is distinct from (excluded.kind, excluded.note) then now() else ${d.updatedAt} end`,
          },
        });
    }
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: AUDIT_ACTION.replaceOtpDenyRanges,
      targetType: "otp_deny_ranges",
      targetId: 0,
      before: { ranges: before[0]?.n ?? 0 },
      after: { ranges: ranges.length },
    });
    return listOtpDenyRanges(tx);
  });
}
