import type { Db } from "@sms/db";
import { schema } from "@sms/db";
import type { Locale } from "@sms/domain";
import { eq } from "drizzle-orm";
import type { Config } from "../../config.ts";
import { AppError } from "../../errors.ts";
import { heavyWorkBusy } from "../../platform/spreadsheet-worker.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { heavyWork, WorkerCrashed, WorkerPoolBusy } from "../../platform/worker-pool.ts";
import { contentDisposition } from "../files/index.ts";
import type { ReceiptDocument } from "./receipt-pdf.ts";
import { sellerOf } from "./seller.ts";

type Order = typeof schema.orders.$inferSelect;

const RECEIPT_TASK = new URL("./receipt-pdf.task.ts", import.meta.url);
/** pdfkit, fontkit and the two Thai fonts fit well within this; a receipt is one page. */
const RECEIPT_HEAP_MB = 96;
/** How long a download waits for a free worker (and its drawing) before it is a 503 with Retry-After. */
export const RECEIPT_WAIT_MS = 15_000;

export interface GetReceiptOptions {
  orderId: number;
  locale: Locale;
  /** A member's organization scope; staff (no scope) may read any organization's receipt. */
  scope?: TenantScope;
  waitMs?: number;
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
  { orderId, locale, scope, waitMs = RECEIPT_WAIT_MS }: GetReceiptOptions,
): Promise<GetReceiptResult> {
  const order = scope
    ? await scope.findByIdOrNull(schema.orders, orderId)
    : (await db.select().from(schema.orders).where(eq(schema.orders.id, orderId)).limit(1))[0];
  const receipt = receiptOf(order, config, locale);
  const pdf = await drawInWorker(receipt, locale, order?.organizationId ?? 0, waitMs);
  return { pdf, disposition: contentDisposition(`receipt-${receipt.documentNumber}-${locale}.pdf`, "pdf") };
}

/**
 * Draws the PDF in the heavy-work pool (ADR 30): fontkit's shaping and the deflate stay off the event
 * loop. Receipts have a key of their own per organization, so one is never queued behind its
 * organization's hour-long export, while the pool still bounds them overall. A pool that stays full
 * for `waitMs` is a translated 503 with Retry-After.
 */
async function drawInWorker(
  receipt: ReceiptDocument,
  locale: Locale,
  organizationId: number,
  waitMs: number,
): Promise<Buffer> {
  try {
    const pdf = await heavyWork().run<Uint8Array>({
      module: RECEIPT_TASK,
      input: { receipt, locale },
      key: `receipt:org:${organizationId}`,
      heapMb: RECEIPT_HEAP_MB,
      signal: AbortSignal.timeout(waitMs),
    });
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  } catch (error) {
    if (error instanceof WorkerPoolBusy || (error instanceof WorkerCrashed && error.reason === "aborted"))
      throw heavyWorkBusy(error);
    throw error;
  }
}
