import { schema } from "@sms/db";
import type { TOrder } from "@sms/domain";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { presentOrder } from "./present-order.ts";
import { findWhtCertificate } from "./wht-certificate.ts";

export interface AttachWhtCertificateOptions {
  scope: TenantScope;
  orderId: number;
  fileId: string;
  now?: Date;
}
export type AttachWhtCertificateResult = TOrder;

/**
 * Attaches a juristic buyer's withholding-tax certificate (50 ทวิ) to one of its orders, or
 * replaces the one attached (review D14): the certificate is often signed after the transfer, so
 * it may come with the order or later, approved or not. An order without withholding tax has no
 * certificate to take, and a rejected order was never paid for: both are a conflict. Another
 * organization's order is NOT_FOUND; the file must be a certificate upload of this organization.
 */
export async function attachWhtCertificate({
  scope,
  orderId,
  fileId,
  now = new Date(),
}: AttachWhtCertificateOptions): Promise<AttachWhtCertificateResult> {
  const order = await scope.findById(schema.orders, orderId);
  if (order.withholdingTaxSatang <= 0 || order.status === "rejected") {
    throw new AppError("CONFLICT", { messageKey: "orders.wht_certificate_not_applicable" });
  }
  const file = await findWhtCertificate(scope, fileId, "file_id");
  const [row] = await scope.db
    .update(schema.orders)
    .set({ whtCertificateFileId: file.id, updatedAt: now })
    .where(scope.where(schema.orders, eq(schema.orders.id, order.id)))
    .returning();
  if (!row) throw new AppError("NOT_FOUND");
  return presentOrder(row);
}
