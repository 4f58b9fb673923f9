import { schema } from "@sms/db";
import type { TOtpHoldReleaseResponse } from "@sms/domain";
import { eq, gt, isNull, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";

const h = schema.otpPrefixHolds;

/**
 * POST /c/otp-holds/{prefix}/release: the organization's owner judges a hold a false alarm; codes to
 * the range go out again at once. A range that is not held now (or another organization's) is
 * NOT_FOUND. The detection does not take it again on the codes of the hour it already judged.
 */
export async function releaseOtpHold(
  scope: TenantScope,
  prefix: string,
): Promise<TOtpHoldReleaseResponse["data"]> {
  const [row] = await scope.db
    .update(h)
    .set({ releasedAt: sql`now()` })
    .where(scope.where(h, eq(h.prefix, prefix), isNull(h.releasedAt), gt(h.heldUntil, sql`now()`)))
    .returning({ prefix: h.prefix, releasedAt: h.releasedAt });
  if (!row?.releasedAt) throw new AppError("NOT_FOUND");
  return { prefix: row.prefix, released_at: row.releasedAt.toISOString() };
}
