import type { schema } from "@sms/db";
import { ORDER_STATUS_LABEL, type TAdminOrder, type TOrder } from "@sms/domain";

type OrderRow = typeof schema.orders.$inferSelect;

/** An order as its organization reads it (spec §3 Order); `price` is the total paid, in baht. */
export function presentOrder(row: OrderRow): TOrder {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    package_id: row.packageId,
    package_name: row.packageName,
    months: row.months,
    credits: row.credits,
    price: row.totalSatang / 100,
    sub_total_satang: row.subTotalSatang,
    vat_satang: row.vatSatang,
    withholding_tax_satang: row.withholdingTaxSatang,
    total_satang: row.totalSatang,
    is_trial: row.isTrial,
    buyer_type: row.buyerType,
    buyer_name: row.buyerName,
    buyer_tax_id: row.buyerTaxId,
    buyer_branch: row.buyerBranch,
    buyer_address: row.buyerAddress,
    status: row.status,
    status_label: ORDER_STATUS_LABEL[row.status],
    reject_reason: row.rejectReason,
    proof_file_id: row.proofFileId,
    wht_certificate_file_id: row.whtCertificateFileId,
    document_number: row.documentNumber,
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

export interface AdminOrderExtras {
  organizationName: string;
  userEmail: string | null;
  /** Other orders backed by a slip of the same content. */
  sameProofOrders: number[];
}

export function presentAdminOrder(row: OrderRow, extras: AdminOrderExtras): TAdminOrder {
  return {
    ...presentOrder(row),
    organization_id: row.organizationId,
    organization_name: extras.organizationName,
    user_email: extras.userEmail,
    decided_by: row.decidedBy,
    same_proof_orders: extras.sameProofOrders,
  };
}
