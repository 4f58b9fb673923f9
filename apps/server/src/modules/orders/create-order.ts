import { schema, type Tx } from "@sms/db";
import type { TCreateOrderBody, TOrder } from "@sms/domain";
import { and, eq, ne } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { findActivePackage } from "./find-package.ts";
import { orderReceivedMailJob } from "./jobs.ts";
import { presentOrder } from "./present-order.ts";
import { cartTotalsOf } from "./quote-cart.ts";
import { findWhtCertificate } from "./wht-certificate.ts";

export interface CreateOrderOptions {
  jobs: JobQueue;
  scope: TenantScope;
  userId: number;
  input: TCreateOrderBody;
}
export type CreateOrderResult = TOrder;

const proofRequired = () =>
  new AppError("VALIDATION", {
    messageKey: "validation.proof_file_required",
    details: [{ path: "proof_file_id", message: "validation.proof_file_required" }],
  });

/**
 * Records an order waiting for staff to check its proof of payment (spec §4 order). The package
 * and the totals are copied onto the order as they are now, computed here from the package, so a
 * later price change or a crafted body cannot change what was ordered. The proof must be a
 * payment-proof upload of this organization (sniffed and capped by POST /c/files); a juristic
 * buyer's 50 ทวิ certificate, when given, a withholding-certificate upload of it. One slip backs one
 * order (review I3, ADR 55): a proof already given with another order of the organization that staff
 * did not reject is refused, checked under the file row's lock so two racing orders cannot share
 * it. (A copy of a slip uploaded again is another file: staff see it flagged, withAdminExtras.) The
 * "order received" e-mail (review D17) is enqueued with the order, so there is never one without the other.
 */
export async function createOrder({
  jobs,
  scope,
  userId,
  input,
}: CreateOrderOptions): Promise<CreateOrderResult> {
  const pkg = await findActivePackage(scope.db, input.package_id);
  if (pkg.isTrial) {
    throw new AppError("VALIDATION", {
      messageKey: "orders.trial_not_for_sale",
      details: [{ path: "package_id", message: "orders.trial_not_for_sale" }],
    });
  }
  const proof = await scope.findByIdOrNull(schema.files, input.proof_file_id);
  if (proof?.kind !== "payment_proof") throw proofRequired();
  const [member] = await scope.db
    .select({ id: schema.members.id })
    .from(schema.members)
    .where(scope.where(schema.members, eq(schema.members.userId, userId)));
  const totals = cartTotalsOf(pkg.priceSatang, input.buyer_type);
  const juristic = input.buyer_type === "juristic";
  // Only withholding tax has a certificate; an individual's is dropped like its branch.
  const certificate =
    juristic && input.wht_certificate_file_id
      ? await findWhtCertificate(scope, input.wht_certificate_file_id, "wht_certificate_file_id")
      : null;
  const row = await scope.db.transaction(async (tx: Tx) => {
    await tx
      .select({ id: schema.files.id })
      .from(schema.files)
      .where(eq(schema.files.id, proof.id))
      .for("update");
    const [used] = await tx
      .select({ id: schema.orders.id })
      .from(schema.orders)
      .where(
        and(
          eq(schema.orders.organizationId, scope.organizationId),
          eq(schema.orders.proofFileId, proof.id),
          ne(schema.orders.status, "rejected"),
        ),
      )
      .limit(1);
    if (used) {
      throw new AppError("CONFLICT", {
        messageKey: "orders.proof_already_used",
        details: [{ path: "proof_file_id", message: "orders.proof_already_used" }],
      });
    }
    const [inserted] = await tx
      .insert(schema.orders)
      .values(
        scope.stamp({
          memberId: member?.id ?? null,
          userId,
          packageId: pkg.id,
          packageName: pkg.name,
          months: pkg.months,
          credits: pkg.credits,
          subTotalSatang: totals.sub_total_satang,
          vatSatang: totals.vat_satang,
          withholdingTaxSatang: totals.withholding_tax_satang,
          totalSatang: totals.total_satang,
          buyerType: input.buyer_type,
          buyerName: input.buyer_name,
          buyerTaxId: input.tax_id ?? null,
          // A branch only means something on a juristic buyer's tax invoice.
          buyerBranch: juristic ? (input.branch ?? null) : null,
          buyerAddress: input.address ?? null,
          proofFileId: proof.id,
          whtCertificateFileId: certificate?.id ?? null,
        }),
      )
      .returning();
    if (!inserted) throw new Error("order insert returned no row");
    await jobs.enqueue(orderReceivedMailJob, { orderId: inserted.id }, { tx });
    return inserted;
  });
  return presentOrder(row);
}
