import type { Db } from "@sms/db";
import { schema } from "@sms/db";
import type { Locale } from "@sms/domain";
import { eq } from "drizzle-orm";
import type { Config } from "../../config.ts";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { contentDisposition } from "../files/index.ts";
import { type ReceiptDocument, renderReceiptPdf } from "./receipt-pdf.ts";
import { sellerOf } from "./seller.ts";

type Order = typeof schema.orders.$inferSelect;

export interface GetReceiptOptions {
  orderId: number;
  locale: Locale;
  /** A member's organization scope; staff (no scope) may read any organization's receipt. */
  scope?: TenantScope;
}

export interface GetReceiptResult {
  pdf: Buffer;
  /** The Content-Disposition of the download. */
  disposition: string;
}

/** Only an approved order, which then has its document number, has a receipt. */
function receiptOf(
  order: Order | null | undefined,
  config: Pick<Config, "seller">,
  locale: Locale,
): ReceiptDocument {
  if (order?.status !== "approved" || !order.documentNumber) throw new AppError("NOT_FOUND");
  const juristic = order.buyerType === "juristic";
  return {
    documentNumber: order.documentNumber,
    issuedAt: order.decidedAt ?? order.updatedAt,
    seller: sellerOf(config, locale),
    buyer: {
      juristic,
      name: order.buyerName,
      taxId: order.buyerTaxId,
      branch: order.buyerBranch,
      address: order.buyerAddress,
    },
    line: { packageName: order.packageName, credits: order.credits, months: order.months },
    subTotalSatang: order.subTotalSatang,
    vatSatang: order.vatSatang,
    withholdingTaxSatang: order.withholdingTaxSatang,
    totalSatang: order.totalSatang,
  };
}

/** The receipt / tax invoice of an approved order as a PDF download; anything else is NOT_FOUND. */
export async function getReceipt(
  db: Db,
  config: Pick<Config, "seller">,
  { orderId, locale, scope }: GetReceiptOptions,
): Promise<GetReceiptResult> {
  const order = scope
    ? await scope.findByIdOrNull(schema.orders, orderId)
    : (await db.select().from(schema.orders).where(eq(schema.orders.id, orderId)).limit(1))[0];
  const receipt = receiptOf(order, config, locale);
  const pdf = await renderReceiptPdf(receipt, locale);
  return { pdf, disposition: contentDisposition(`receipt-${receipt.documentNumber}-${locale}.pdf`, "pdf") };
}
