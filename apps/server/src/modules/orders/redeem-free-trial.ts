import { schema, type Tx } from "@sms/db";
import { creditExpiryAfterPurchase, type TFreeTrialResponse } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { isUniqueViolation } from "../../db-errors.ts";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { credit } from "../credits/index.ts";
import { claimFreeTrial, setCreditExpiry } from "../organizations/index.ts";
import { presentOrder } from "./present-order.ts";

export interface RedeemFreeTrialOptions {
  scope: TenantScope;
  userId: number;
  /** FREE_TRIAL_PACKAGE_ID (DESIGN §6: from the environment, 17 by default). */
  packageId: number;
  now?: Date;
}
export type RedeemFreeTrialResult = TFreeTrialResponse["data"];

const alreadyRedeemed = () => new AppError("CONFLICT", { messageKey: "orders.trial_already_redeemed" });
const phoneUsed = () => new AppError("CONFLICT", { messageKey: "orders.trial_phone_used" });

/**
 * Grants the free-trial package once per organization (spec §4, DESIGN §6) and once per verified
 * phone number across all organizations (issue 23 point 3, ADR 32), in one transaction: the
 * organization's `credit_trial_redeemed_at` is set only while it is still empty (a second request
 * finds it set), an approved trial order records the grant (a unique index allows one per
 * organization), the redeeming user's verified number is claimed in `free_trial_phones` (its
 * primary key refuses the number's second trial, whichever organization asks and however the
 * requests race), the credits go through the ledger and the expiry follows the package's months.
 */
export async function redeemFreeTrial({
  scope,
  userId,
  packageId,
  now = new Date(),
}: RedeemFreeTrialOptions): Promise<RedeemFreeTrialResult> {
  const p = schema.packages;
  const [pkg] = await scope.db
    .select()
    .from(p)
    .where(and(eq(p.id, packageId), eq(p.active, true), eq(p.isTrial, true)));
  if (!pkg) throw new AppError("NOT_FOUND", { messageKey: "orders.trial_unavailable" });
  const u = schema.users;
  const [user] = await scope.db
    .select({ phone: u.phoneNumber, verifiedAt: u.phoneNumberVerifiedAt })
    .from(u)
    .where(eq(u.id, userId));
  if (!user?.verifiedAt) throw new AppError("PHONE_NOT_VERIFIED");
  const phone = user.phone;
  return scope.db.transaction(async (db: Tx) => {
    const tx = scope.with(db);
    const claimed = await claimFreeTrial(db, scope.organizationId, now);
    if (!claimed) throw alreadyRedeemed();
    const [member] = await db
      .select({ id: schema.members.id })
      .from(schema.members)
      .where(tx.where(schema.members, eq(schema.members.userId, userId)));
    const [order] = await db
      .insert(schema.orders)
      .values(
        tx.stamp({
          memberId: member?.id ?? null,
          userId,
          packageId: pkg.id,
          packageName: pkg.name,
          months: pkg.months,
          credits: pkg.credits,
          subTotalSatang: 0,
          vatSatang: 0,
          withholdingTaxSatang: 0,
          totalSatang: 0,
          isTrial: true,
          buyerType: "individual" as const,
          buyerName: claimed.name,
          status: "approved" as const,
          decidedAt: now,
        }),
      )
      .returning()
      .catch((error: unknown) => {
        // The one-trial index: an organization whose redeemed mark was cleared still has its trial order.
        if (isUniqueViolation(error)) throw alreadyRedeemed();
        throw error;
      });
    if (!order) throw new Error("trial order insert returned no row");
    await db
      .insert(schema.freeTrialPhones)
      .values({
        phoneNumber: phone,
        organizationId: scope.organizationId,
        userId,
        orderId: order.id,
        redeemedAt: now,
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw phoneUsed();
        throw error;
      });
    const entry = await credit(db, "earned", {
      organizationId: scope.organizationId,
      credits: pkg.credits,
      memberId: member?.id ?? null,
      userId,
      reason: "ledger.free_trial",
      reference: `order:${order.id}`,
      idempotencyKey: `trial:${scope.organizationId}`,
    });
    const expiry = creditExpiryAfterPurchase({
      currentExpiry: claimed.expiry,
      purchasedAt: now,
      packageMonths: pkg.months,
    });
    await setCreditExpiry(db, scope.organizationId, expiry);
    return {
      order: presentOrder(order),
      credits: entry.balanceAfter,
      credit_expired_on: expiry.toISOString(),
    };
  });
}
