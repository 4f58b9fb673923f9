import { schema } from "@sms/db";
import { normaliseRecipient, toLocalPhone } from "@sms/domain";
import { eq, inArray } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";

const s = schema.suppressions;

/** Removes one number (typed in any form); a number not on this organization's list is not found. */
export async function removeSuppression(
  scope: TenantScope,
  phone: string,
): Promise<{ phone_number: string }> {
  const msisdn = normaliseRecipient(phone);
  if (!msisdn) throw new AppError("NOT_FOUND");
  const [row] = await scope.db
    .delete(s)
    .where(scope.where(s, eq(s.msisdn, msisdn)))
    .returning({ msisdn: s.msisdn });
  if (!row) throw new AppError("NOT_FOUND");
  return { phone_number: toLocalPhone(row.msisdn) };
}

/** Removes the selected numbers (66 form, at most 1,000) in one statement; the answer counts what went. */
export async function removeSuppressions(
  scope: TenantScope,
  msisdns: string[],
): Promise<{ deleted: number }> {
  const rows = await scope.db
    .delete(s)
    .where(scope.where(s, inArray(s.msisdn, [...new Set(msisdns)])))
    .returning({ msisdn: s.msisdn });
  return { deleted: rows.length };
}
